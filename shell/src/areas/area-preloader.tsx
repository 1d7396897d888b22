import { useEffect } from 'react';
import { useSession, type SessionUser } from '@studyhub/shared';
import { mayOpen, ROUTE_TABLE, type AreaName } from '@studyhub/contract';
import { savesData } from '../saves-data';
import { useAreaRegistry } from './area-registry-context';

/** How long after the page has settled idle preloading may wait at most for an idle moment. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * The areas this visitor can open next, preloaded while the page is idle (decision 014): an anonymous visitor
 * only the open routes' (sign-in), a signed-in one the areas of the routes their role may open, sign-in aside;
 * so the admin area for teachers (their uploads) and admins, not for students.
 */
export function preloadableAreas(user: SessionUser | null): AreaName[] {
  const areas = ROUTE_TABLE.filter((route) =>
    user
      ? route.access !== 'open' && mayOpen(route.access, user)
      : route.access === 'open' && route.warmSignedOut !== false,
  )
    .map((route) => route.area)
    .filter((area): area is AreaName => area !== undefined && !(user && area === 'auth'));
  return [...new Set(areas)];
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
  const registry = useAreaRegistry();
  useEffect(() => {
    if (status === 'loading' || savesData()) return;
    return whenIdle(() => preloadableAreas(user).forEach((area) => void registry.warm(area)));
  }, [status, user, registry]);
  return null;
}
