/**
 * Cache Storage for tests: jsdom has none (and no Response). It keeps what is put by URL, in memory, as the
 * browser does for the calls saved-copies.ts makes; the real one is exercised by the browser suite
 * (e2e/tests/saved-offline.e2e.ts).
 */

/** The parts of Response saved copies read: headers and the body as a Blob. */
class StoredResponse {
  readonly headers: { get(name: string): string | null };
  constructor(
    private readonly body: Blob,
    init: { headers: Record<string, string> },
  ) {
    const headers = new Map(Object.entries(init.headers).map(([name, value]) => [name.toLowerCase(), value]));
    this.headers = { get: (name) => headers.get(name.toLowerCase()) ?? null };
  }
  async blob(): Promise<Blob> {
    return this.body;
  }
}

class FakeCache {
  readonly entries = new Map<string, StoredResponse>();
  async put(key: string, response: StoredResponse) {
    this.entries.set(key, response);
  }
  async match(key: string) {
    return this.entries.get(key);
  }
  async matchAll() {
    return [...this.entries.values()];
  }
  async delete(key: string) {
    return this.entries.delete(key);
  }
}

export class FakeCacheStorage {
  readonly caches = new Map<string, FakeCache>();
  async open(name: string) {
    const cache = this.caches.get(name) ?? new FakeCache();
    this.caches.set(name, cache);
    return cache;
  }
  async has(name: string) {
    return this.caches.has(name);
  }
  async delete(name: string) {
    return this.caches.delete(name);
  }
  async keys() {
    return [...this.caches.keys()];
  }
}

/**
 * Puts a fresh FakeCacheStorage at `globalThis.caches` (and a Response that stores a Blob where the environment
 * has none); returns it and a function that takes both away again.
 */
export function installFakeCacheStorage(): { storage: FakeCacheStorage; uninstall(): void } {
  const storage = new FakeCacheStorage();
  const had = { caches: 'caches' in globalThis, response: 'Response' in globalThis };
  Object.assign(globalThis, { caches: storage });
  if (!had.response) Object.assign(globalThis, { Response: StoredResponse });
  return {
    storage,
    uninstall() {
      if (!had.caches) delete (globalThis as { caches?: unknown }).caches;
      if (!had.response) delete (globalThis as { Response?: unknown }).Response;
    },
  };
}
