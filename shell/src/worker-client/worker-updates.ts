import { createListeners } from '@studyhub/shared';

/**
 * A new service worker waiting to take over (decision 035): the frame offers it with a Reload button instead of
 * letting it swap the code under a reading student. One per page load, created by startSite.
 */
export interface WorkerUpdates {
  /** Whether a new version is ready; read by the prompt on every render. */
  ready(): boolean;
  /** The registration's: a waiting worker, and how to let it take over and reload. */
  offer(activate: () => void): void;
  /** The prompt's Reload. */
  activate(): void;
  subscribe(listener: () => void): () => void;
}

export function createWorkerUpdates(): WorkerUpdates {
  let activateWaiting: (() => void) | null = null;
  const changes = createListeners();
  return {
    ready: () => activateWaiting !== null,
    offer(activate) {
      activateWaiting = activate;
      changes.notify();
    },
    activate: () => activateWaiting?.(),
    subscribe: changes.subscribe,
  };
}
