/**
 * Who to tell when a value kept outside React changes: `subscribe` is what useSyncExternalStore takes, `notify`
 * tells every subscriber.
 */
export function createListeners(): { subscribe(listener: () => void): () => void; notify(): void } {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notify() {
      for (const listener of listeners) listener();
    },
  };
}
