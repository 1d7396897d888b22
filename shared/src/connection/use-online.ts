import { useEffect, useSyncExternalStore } from 'react';

function subscribe(changed: () => void): () => void {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
}

/**
 * Whether the browser says it has a network (`navigator.onLine`), kept current by its online and offline events.
 * The prerendered page and the first render of hydration read online, so an online visitor's page never shifts.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Runs `run` each time the connection comes back; null runs nothing (a page that is not waiting for it). A `run`
 * that is a new function on every render is listened for afresh each time, which costs nothing.
 */
export function useOnReconnect(run: (() => unknown) | null): void {
  useEffect(() => {
    if (!run) return;
    window.addEventListener('online', run);
    return () => window.removeEventListener('online', run);
  }, [run]);
}
