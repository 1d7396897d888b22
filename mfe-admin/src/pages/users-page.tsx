import { useCallback, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import {
  apiErrorMessage,
  apiErrorReply,
  Button,
  Muted,
  Notice,
  OfflineNotice,
  Page,
  PageTitle,
  SelectField,
  useApiQuery,
  useLogout,
  useMutation,
  useSession,
  notify,
} from '@studyhub/shared';
import { ROLES, type Role } from '@studyhub/contract';
import type { User } from '@studyhub/contract/schemas';
import { changeRole } from '../api/change-role';
import { deleteUser } from '../api/delete-user';
import { getUsers } from '../api/get-users';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DataTable, type Column } from '../components/data-table';
import { FormProblem } from '../components/form-card';
import { formatDay } from '../format/dates';
import { USERS_TEXTS } from '../texts';
import { LOGOUT_AFTER_USERS_SESSION_EXPIRY_MS } from '../constants';

const Problem = styled(FormProblem)`
  margin-bottom: 16px;
`;

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: role }));
const unauthorized = (error: unknown) => apiErrorReply(error)?.status === 401;

const who = (user: User) => `${user.name} (${user.email})`;

/**
 * /admin/users (product §2, §8): every user newest first, with a role select and delete (after a confirmation).
 * A 401 from any of its calls says the session expired and logs the admin out 5 s later.
 */
export function UsersPage() {
  const { user: me, refreshUser } = useSession();
  const logOut = useLogout();
  const [pendingDelete, setPendingDelete] = useState<User | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const logoutTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (logoutTimer.current) clearTimeout(logoutTimer.current);
    },
    [],
  );

  /** True for a 401: says so once and logs out after product §8's 5 s. */
  const sessionExpired = useCallback(
    (error: unknown) => {
      if (!unauthorized(error)) return false;
      if (!logoutTimer.current) {
        notify.error(USERS_TEXTS.sessionExpired);
        logoutTimer.current = setTimeout(logOut, LOGOUT_AFTER_USERS_SESSION_EXPIRY_MS);
      }
      return true;
    },
    [logOut],
  );

  const listing = useApiQuery('users', getUsers, {
    // Offline, the page says so itself (OfflineNotice); a toast would repeat it.
    onError: ({ cause, offline }) => {
      if (!offline && !sessionExpired(cause)) notify.error(USERS_TEXTS.loadFailed);
    },
  });

  const roleChange = useMutation((target: User, role: Role) => changeRole(target._id, role), {
    concurrent: true,
    successToast: USERS_TEXTS.roleUpdated,
    // A 401 has its own toast (sessionExpired).
    errorToast: (error) => (unauthorized(error) ? null : USERS_TEXTS.roleFailed),
    onSuccess(updated) {
      listing.update((users) => users.map((user) => (user._id === updated._id ? updated : user)));
      // Demoting oneself: the session learns it now, and the guards take it from there.
      if (updated._id === me?._id) refreshUser(updated);
    },
    onError(error) {
      if (!sessionExpired(error)) {
        setProblem(`${USERS_TEXTS.roleFailed}: ${apiErrorMessage(error, 'the server did not answer.')}`);
      }
    },
  });

  const removal = useMutation((target: User) => deleteUser(target._id), {
    successToast: USERS_TEXTS.deleted,
    errorToast: (error) => (unauthorized(error) ? null : USERS_TEXTS.deleteFailed),
    onSuccess(_reply, [target]) {
      listing.update((users) => users.filter((user) => user._id !== target._id));
      setPendingDelete(null);
    },
    onError(error) {
      if (!sessionExpired(error)) {
        setProblem(`${USERS_TEXTS.deleteFailed}: ${apiErrorMessage(error, 'the server did not answer.')}`);
      }
      setPendingDelete(null);
    },
  });

  const busy = roleChange.variables?.[0]._id ?? removal.variables?.[0]._id ?? null;

  function setRole(target: User, role: Role) {
    setProblem(null);
    void roleChange.run(target, role);
  }

  function confirmDelete() {
    if (!pendingDelete) return;
    setProblem(null);
    void removal.run(pendingDelete);
  }

  const columns: Column<User>[] = [
    {
      header: 'Name',
      rowHeader: true,
      cell: (user) => (
        <>
          {user.name}
          {user._id === me?._id && <Muted as="span"> (you)</Muted>}
        </>
      ),
    },
    { header: 'Email', cell: (user) => user.email },
    {
      header: 'Role',
      cell: (user) => (
        <SelectField
          compact
          label={`Role of ${user.name}`}
          value={user.role}
          options={ROLE_OPTIONS}
          disabled={busy === user._id}
          onChange={(role) => setRole(user, role)}
        />
      ),
    },
    { header: 'Joined', cell: (user) => formatDay(user.createdAt) },
    { header: 'Sign-in', cell: (user) => (user.isGoogle ? 'Google' : 'Email') },
    {
      header: 'Actions',
      cell: (user) => {
        const self = user._id === me?._id;
        return (
          <Button
            $variant="danger"
            onClick={() => setPendingDelete(user)}
            disabled={busy === user._id || self}
            title={self ? 'You cannot delete your own account here.' : undefined}
            aria-label={`Delete ${who(user)}`}
          >
            Delete
          </Button>
        );
      },
    },
  ];

  return (
    <Page>
      <PageTitle>User Roles</PageTitle>
      {problem && <Problem role="alert">{problem}</Problem>}
      {listing.status === 'loading' ? (
        <Notice role="status">{USERS_TEXTS.loading}</Notice>
      ) : listing.status === 'error' && listing.error.status === 401 ? (
        <Notice>{USERS_TEXTS.sessionExpired}</Notice>
      ) : listing.status === 'error' && listing.error.offline ? (
        <OfflineNotice />
      ) : listing.status === 'error' ? (
        <Notice>
          <p>{USERS_TEXTS.loadFailed}</p>
          <Button onClick={() => void listing.reload()}>Retry</Button>
        </Notice>
      ) : (
        <DataTable
          caption={`All users, newest first (${listing.data.length})`}
          columns={columns}
          rows={listing.data}
          rowKey={(user) => user._id}
          rowTestId="user-row"
        />
      )}
      {pendingDelete && (
        <ConfirmDialog
          title="Delete user?"
          message={USERS_TEXTS.confirmDelete(who(pendingDelete))}
          confirmLabel="Delete"
          busy={busy === pendingDelete._id}
          onConfirm={confirmDelete}
          onCancel={() => setPendingDelete(null)}
        />
      )}
    </Page>
  );
}
