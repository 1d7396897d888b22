import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { isAdmin, PATHS, Spinner, unauthorizedLoginPath, useSession, type Access } from '@studyhub/shared';

/**
 * SPEC §2 guards: a spinner while the session loads; anonymous visitors of login-required routes go to
 * /login?reason=unauthorized&t=…; non-admins on admin-only routes go to /.
 */
export function RequireAccess({ access, children }: { access: Access; children: ReactNode }) {
  const { status, user } = useSession();
  if (access === 'open') return children;
  if (status === 'loading') return <Spinner label="Checking your session" />;
  if (status === 'anonymous') return <Navigate to={unauthorizedLoginPath(Date.now())} replace />;
  if (access === 'admin' && !isAdmin(user)) return <Navigate to={PATHS.home} replace />;
  return children;
}
