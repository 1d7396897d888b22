import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { loginStateReturningTo, useSession } from '@studyhub/shared';
import { mayOpen, PATHS, unauthorizedLoginPath, type Access } from '@studyhub/contract';
import { PageSkeleton } from '../frame/page-skeleton';

/**
 * product §2 guards: the page's skeleton while the session loads (with the route's heading when it knows it, as
 * the served page drew it: decision 014); anonymous visitors of login-required routes go to
 * /login?reason=unauthorized&t=…; signed-in users whose role may not open the route (a student on a teacher's
 * page, a non-admin on an admin page) go to /.
 */
export function RequireAccess({
  access,
  heading,
  children,
}: {
  access: Access;
  heading?: string;
  children: ReactNode;
}) {
  const { status, user } = useSession();
  const { pathname, search, hash, state } = useLocation();
  // The redirect's t= names this visit, so the login page shows the message once per visit (product §2).
  const [visitedAt] = useState(Date.now);
  if (access === 'open') return children;
  if (status === 'loading')
    return <PageSkeleton label="Checking your session" heading={heading} headingNeedsStoredSession />;
  if (status === 'anonymous') {
    // After signing in, the visitor comes back here with the state this page needs (decision 017).
    return (
      <Navigate
        to={unauthorizedLoginPath(visitedAt)}
        state={loginStateReturningTo(`${pathname}${search}${hash}`, state)}
        replace
      />
    );
  }
  if (!mayOpen(access, user)) return <Navigate to={PATHS.home} replace />;
  return children;
}
