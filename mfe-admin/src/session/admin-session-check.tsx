import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Notice,
  Page,
  removeStoredToken,
  Spinner,
  storedToken,
  useApiQuery,
  useSession,
  notify,
} from '@studyhub/shared';
import { mayOpen, MESSAGES, PATHS, type Access } from '@studyhub/contract';
import { getMe } from '../api/get-me';
import { ADMIN_TEXTS } from '../texts';
import { REDIRECT_ON_ADMIN_SESSION_EXPIRY_MS } from '../constants';

type Check = 'checking' | 'valid' | 'expired' | 'denied';

interface AdminSessionCheckProps {
  /** Who may open the page, from the route table: admins (product §2), or teachers and admins (decision 026). */
  access: Access;
  children: ReactNode;
}

/**
 * product §6, §8: every admin page first asks the server about the token (GET /api/me). No token, 401 or 403 is an
 * expired session: the stored token is removed, "Session expired. Please login again." shows, and /login
 * follows after 1.8 s. A server that says the user's role may not open the page any more (demoted meanwhile)
 * updates the session, and the shell's guard sends them to / as it does anyone whose role may not.
 */
export function AdminSessionCheck({ access, children }: AdminSessionCheckProps) {
  // Read once: the expiry below removes the token, which must not turn the check into another request.
  const [hadToken] = useState(() => storedToken() !== null);
  const { logout, refreshUser } = useSession();
  const navigate = useNavigate();
  const me = useApiQuery(hadToken ? 'me' : null, getMe, {
    onSuccess(user) {
      if (!mayOpen(access, user)) {
        notify.error(access === 'admin' ? MESSAGES.adminsOnlyToast : ADMIN_TEXTS.teachersOnlyToast);
        refreshUser(user);
      }
    },
  });

  let check: Check;
  if (!hadToken) check = 'expired';
  else if (me.status === 'loading') check = 'checking';
  // Offline or a server error says nothing about the token: the page opens and reports its own failures.
  else if (me.status === 'error')
    check = me.error.status === 401 || me.error.status === 403 ? 'expired' : 'valid';
  else check = mayOpen(access, me.data) ? 'valid' : 'denied';

  useEffect(() => {
    if (check !== 'expired') return;
    removeStoredToken();
    const timer = setTimeout(() => {
      // The session ends only now, so the route guards do not overtake the SPEC's 1.8 s.
      logout({ silent: true });
      navigate(PATHS.login);
    }, REDIRECT_ON_ADMIN_SESSION_EXPIRY_MS);
    return () => clearTimeout(timer);
  }, [check, logout, navigate]);

  if (check === 'valid') return children;
  if (check === 'checking') return <Spinner label={ADMIN_TEXTS.checking} />;
  return (
    <Page>
      <Notice role="alert">
        {check !== 'denied'
          ? ADMIN_TEXTS.sessionExpired
          : access === 'admin'
            ? ADMIN_TEXTS.accessDenied
            : ADMIN_TEXTS.teachersOnly}
      </Notice>
    </Page>
  );
}
