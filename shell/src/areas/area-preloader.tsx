import { useEffect } from 'react';
import type { AreaName } from '@studyhub/contract';
import { savesData, useSession, type SessionUser } from '@studyhub/shared';
import { useAreaRegistry } from './area-registry-context';

/** How long after the page has settled idle preloading may wait at most for an idle moment. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * The one area this visitor most likely opens next, warmed while the page is idle (decisions 014 and 037): for an
 * anonymous visitor sign-in, which every other area waits behind; for a signed-in one the notes, what students
 * come for and every role may read. Only one, so a phone's data goes to what it will most likely use; the
 * header's links load any other area on a touch or hover.
 */
export function nextLikelyArea(user: SessionUser | null): AreaName {
  return user ? 'notes' : 'auth';
}

function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, IDLE_TIMEOUT_MS);
  return () => clearTimeout(timer);
}

/**
 * Warms the area the visitor most likely opens next once the page is idle, unless they save data (Save-Data or
 * 2G); renders nothing.
 */
export function AreaPreloader() {
  const { status, user } = useSession();
  const registry = useAreaRegistry();
  useEffect(() => {
    if (status === 'loading' || savesData()) return;
    // Offline, a warm-up could only fail; the area loads when it is opened.
    return whenIdle(() => {
      if (navigator.onLine) void registry.warm(nextLikelyArea(user));
    });
  }, [status, user, registry]);
  return null;
}
