import { useEffect } from 'react';
import {
  isAdmin,
  ROUTE_TABLE,
  useSession,
  type Access,
  type AreaName,
  type SessionUser,
} from '@studyhub/shared';
import { warmArea } from './area-loader';

/** How long after the page has settled idle preloading may wait at most for an idle moment. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * The areas this visitor can open next, preloaded while the page is idle (decision 014): an anonymous visitor
 * can only open the open routes (sign-in), a signed-in one the login routes, and the admin area only an admin.
 */
export function preloadableAreas(user: SessionUser | null): AreaName[] {
  const access: readonly Access[] = user ? ['login', 'admin'] : ['open'];
  const areas = ROUTE_TABLE.filter((route) => route.area && access.includes(route.access))
    .map((route) => route.area!)
    .filter((area) => area !== 'admin' || isAdmin(user))
    .filter((area) => !(user && area === 'auth'));
  return [...new Set(areas)];
}

/** Data-saving visitors (Save-Data, 2G) fetch an area when they open it, not before. */
function savesData(): boolean {
  const connection = (navigator as { connection?: { saveData?: boolean; effectiveType?: string } })
    .connection;
  return connection?.saveData === true || /2g/.test(connection?.effectiveType ?? '');
}

function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, IDLE_TIMEOUT_MS);
  return () => clearTimeout(timer);
}

/** Warms the areas the visitor may open next once the page is idle; renders nothing. */
export function AreaPreloader() {
  const { status, user } = useSession();
  useEffect(() => {
    if (status === 'loading' || savesData()) return;
    return whenIdle(() => preloadableAreas(user).forEach((area) => void warmArea(area)));
  }, [status, user]);
  return null;
}
