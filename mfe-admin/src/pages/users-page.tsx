import { useCallback, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import {
  apiErrorMessage,
  apiErrorReply,
  Button,
  LOGOUT_AFTER_USERS_SESSION_EXPIRY_MS,
  Muted,
  Notice,
  Page,
  PageTitle,
  ROLES,
  useLogout,
  useSession,
  type Role,
  notify,
} from '@studyhub/shared';
import type { User } from '@studyhub/shared/schemas';
import { changeRole } from '../api/change-role';
import { deleteUser } from '../api/delete-user';
import { getUsers } from '../api/get-users';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DataTable, type Column } from '../components/data-table';
import { FormProblem } from '../components/form-card';
import { controlStyle } from '../components/select-field';
import { formatDay } from '../format/dates';
import { USERS_TEXTS } from '../texts';

const RoleSelect = styled.select`
  ${controlStyle}
  width: auto;
  padding: 6px 10px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.background};
`;

const Problem = styled(FormProblem)`
  margin-bottom: 16px;
`;

type Listing =
  { status: 'loading' } | { status: 'failed'; sessionExpired: boolean } | { status: 'ready'; users: User[] };

const who = (user: User) => `${user.name} (${user.email})`;

/**
 * /admin/users (product §2, §8): every user newest first, with a role select and delete (after a confirmation).
 * A 401 from any of its calls says the session expired and logs the admin out 5 s later.
 */
export function UsersPage() {
  const { user: me, refreshUser } = useSession();
  const logOut = useLogout();
  const [listing, setListing] = useState<Listing>({ status: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);
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
      if (apiErrorReply(error)?.status !== 401) return false;
      if (!logoutTimer.current) {
        notify.error(USERS_TEXTS.sessionExpired);
        logoutTimer.current = setTimeout(logOut, LOGOUT_AFTER_USERS_SESSION_EXPIRY_MS);
      }
      return true;
    },
    [logOut],
  );

  const fetchUsers = useCallback(
    () =>
      getUsers().then(
        (users) => setListing({ status: 'ready', users }),
        (error: unknown) => {
          const expired = sessionExpired(error);
          if (!expired) notify.error(USERS_TEXTS.loadFailed);
          setListing({ status: 'failed', sessionExpired: expired });
        },
      ),
    [sessionExpired],
  );

  useEffect(() => {
    void fetchUsers();
  }, [fetchUsers]);

  const replaceUser = (updated: User) =>
    setListing((current) =>
      current.status === 'ready'
        ? { ...current, users: current.users.map((user) => (user._id === updated._id ? updated : user)) }
        : current,
    );

  async function setRole(target: User, role: Role) {
    setBusy(target._id);
    setProblem(null);
    try {
      const updated = await changeRole(target._id, role);
      replaceUser(updated);
      notify.success(USERS_TEXTS.roleUpdated);
      // Demoting oneself: the session learns it now, and the guards take it from there.
      if (updated._id === me?._id) refreshUser(updated);
    } catch (error) {
      if (!sessionExpired(error)) {
        notify.error(USERS_TEXTS.roleFailed);
        setProblem(`${USERS_TEXTS.roleFailed}: ${apiErrorMessage(error, 'the server did not answer.')}`);
      }
    } finally {
      setBusy(null);
    }
  }

  async function confirmDelete() {
    if (!pendingDelete) return;
    const target = pendingDelete;
    setBusy(target._id);
    setProblem(null);
    try {
      await deleteUser(target._id);
      setListing((current) =>
        current.status === 'ready'
          ? { ...current, users: current.users.filter((user) => user._id !== target._id) }
          : current,
      );
      notify.success(USERS_TEXTS.deleted);
    } catch (error) {
      if (!sessionExpired(error)) {
        notify.error(USERS_TEXTS.deleteFailed);
        setProblem(`${USERS_TEXTS.deleteFailed}: ${apiErrorMessage(error, 'the server did not answer.')}`);
      }
    } finally {
      setBusy(null);
      setPendingDelete(null);
    }
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
        <RoleSelect
          aria-label={`Role of ${user.name}`}
          value={user.role}
          disabled={busy === user._id}
          onChange={(event) => void setRole(user, event.target.value as Role)}
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </RoleSelect>
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
      ) : listing.status === 'failed' && listing.sessionExpired ? (
        <Notice>{USERS_TEXTS.sessionExpired}</Notice>
      ) : listing.status === 'failed' ? (
        <Notice>
          <p>{USERS_TEXTS.loadFailed}</p>
          <Button
            onClick={() => {
              setListing({ status: 'loading' });
              void fetchUsers();
            }}
          >
            Retry
          </Button>
        </Notice>
      ) : (
        <DataTable
          caption={`All users, newest first (${listing.users.length})`}
          columns={columns}
          rows={listing.users}
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
          onConfirm={() => void confirmDelete()}
          onCancel={() => setPendingDelete(null)}
        />
      )}
    </Page>
  );
}
