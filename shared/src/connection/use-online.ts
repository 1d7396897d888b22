import { useEffect, useRef, useSyncExternalStore } from 'react';

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

/** Runs `run` each time the connection comes back, while `watching` (a page showing that it is offline). */
export function useOnReconnect(watching: boolean, run: () => void): void {
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  useEffect(() => {
    if (!watching) return;
    const reconnected = () => latest.current();
    window.addEventListener('online', reconnected);
    return () => window.removeEventListener('online', reconnected);
  }, [watching]);
}
