/**
 * Files saved for offline reading (decision 036): one Cache Storage cache per user, `studyhub-saved-<userId>`, each
 * file under a stable key of our own (`/offline/notes/CS-501/1`, `/offline/papers/<id>`), never under its signed
 * link, which stops working after 15 minutes. What the pages show of a copy rides with it in one header, so a copy
 * and its description are written and removed together. The service worker leaves these caches alone.
 */

/** Caches of saved copies start with this, one per user; the service worker leaves them alone. */
export const SAVED_CACHE_PREFIX = 'studyhub-saved-';
const ITEM_HEADER = 'X-StudyHub-Saved';

export type SavedKind = 'notes' | 'paper';

/** What the pages show of a saved copy, and how to tell it from a newer file on the server. */
export interface SavedItem {
  key: string;
  kind: SavedKind;
  subjectCode: string;
  subjectName: string;
  /** "Unit 1: Automata", "May 2024 question paper". */
  title: string;
  size: number;
  /** ISO time the copy was stored. */
  savedAt: string;
  /** The server's `uploadedAt` of the file saved: a replaced file has another. */
  fileVersion: string;
  /** The note file's id, which reading progress names (decision 041); absent in copies saved before it was kept. */
  fileId?: string;
}

/** The stable keys of saved copies. */
export const savedKey = {
  notes: (subjectCode: string, unit: number) => `/offline/notes/${encodeURIComponent(subjectCode)}/${unit}`,
  paper: (paperId: string) => `/offline/papers/${encodeURIComponent(paperId)}`,
};

export interface SavedCopy {
  item: SavedItem;
  file: Blob;
}

/** One user's saved copies; `cacheStorage` is the browser's Cache Storage (a fresh one in tests). */
export interface SavedCopies {
  list(): Promise<SavedItem[]>;
  read(key: string): Promise<SavedCopy | null>;
  /** Stores `file` under `item.key`, replacing an older copy; rejects with SavedCopyError when space runs out. */
  save(item: SavedItem, file: Blob): Promise<void>;
  remove(key: string): Promise<void>;
  /** Removes every copy of this user (an explicit logout). */
  removeAll(): Promise<void>;
}

export type SavedCopyProblem = 'no-space' | 'unsupported' | 'failed';

export const SAVED_COPY_MESSAGES: Record<SavedCopyProblem, string> = {
  'no-space':
    'Not enough space on this phone to save it. Remove something from Saved for offline and try again.',
  unsupported: 'This browser cannot keep files for offline reading.',
  failed: 'Could not save it for offline reading. Try again.',
};

/** A save that did not happen, with the words to show. */
export class SavedCopyError extends Error {
  constructor(
    readonly problem: SavedCopyProblem,
    options?: { cause: unknown },
  ) {
    super(SAVED_COPY_MESSAGES[problem], options);
    this.name = 'SavedCopyError';
  }
}

const isQuotaError = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED');

export const savedCacheName = (userId: string) => `${SAVED_CACHE_PREFIX}${userId}`;

function itemOf(response: Response): SavedItem | null {
  const header = response.headers.get(ITEM_HEADER);
  if (!header) return null;
  try {
    return JSON.parse(decodeURIComponent(header)) as SavedItem;
  } catch {
    return null;
  }
}

export function savedCopiesOf(
  userId: string,
  cacheStorage: CacheStorage | undefined = globalThis.caches,
): SavedCopies {
  const name = savedCacheName(userId);
  const open = () => {
    if (!cacheStorage) throw new SavedCopyError('unsupported');
    return cacheStorage.open(name);
  };
  return {
    async list() {
      if (!cacheStorage || !(await cacheStorage.has(name))) return [];
      const cache = await cacheStorage.open(name);
      const responses = await cache.matchAll();
      return responses.map(itemOf).filter((item): item is SavedItem => item !== null);
    },
    async read(key) {
      if (!cacheStorage || !(await cacheStorage.has(name))) return null;
      const response = await (await cacheStorage.open(name)).match(key);
      const item = response && itemOf(response);
      return response && item ? { item, file: await response.blob() } : null;
    },
    async save(item, file) {
      const headers = {
        'Content-Type': 'application/pdf',
        'Content-Length': String(file.size),
        [ITEM_HEADER]: encodeURIComponent(JSON.stringify(item)),
      };
      try {
        await (await open()).put(item.key, new Response(file, { headers }));
      } catch (error) {
        if (error instanceof SavedCopyError) throw error;
        throw new SavedCopyError(isQuotaError(error) ? 'no-space' : 'failed', { cause: error });
      }
    },
    async remove(key) {
      if (cacheStorage && (await cacheStorage.has(name))) await (await cacheStorage.open(name)).delete(key);
    },
    async removeAll() {
      await cacheStorage?.delete(name);
    },
  };
}

/** The users whose copies this browser holds. */
export async function savedCopyOwners(
  cacheStorage: CacheStorage | undefined = globalThis.caches,
): Promise<string[]> {
  if (!cacheStorage) return [];
  const names = await cacheStorage.keys();
  return names
    .filter((name) => name.startsWith(SAVED_CACHE_PREFIX))
    .map((name) => name.slice(SAVED_CACHE_PREFIX.length));
}

/**
 * Once a user is signed in: another user's copies go, so nobody sees what someone else saved on a shared phone.
 * The user's own copies (kept when their session expired) stay.
 */
export async function removeOtherUsersCopies(
  userId: string,
  cacheStorage: CacheStorage | undefined = globalThis.caches,
): Promise<void> {
  const others = (await savedCopyOwners(cacheStorage)).filter((owner) => owner !== userId);
  await Promise.all(others.map((owner) => cacheStorage?.delete(savedCacheName(owner))));
}

/**
 * Asks the browser to keep saved copies when it runs short of space (asked on the first save; a browser that
 * says no may still keep them). Never throws.
 */
export async function askToKeepSavedCopies(
  storage: StorageManager | undefined = globalThis.navigator?.storage,
): Promise<boolean> {
  try {
    if (!storage?.persist) return false;
    return (await storage.persisted()) || (await storage.persist());
  } catch {
    return false;
  }
}

/** What the browser says this site uses and may use, in bytes; null where it cannot say. */
export async function storageEstimate(
  storage: StorageManager | undefined = globalThis.navigator?.storage,
): Promise<{ usage: number; quota: number } | null> {
  try {
    const estimate = await storage?.estimate?.();
    return estimate?.usage !== undefined && estimate.quota !== undefined
      ? { usage: estimate.usage, quota: estimate.quota }
      : null;
  } catch {
    return null;
  }
}
