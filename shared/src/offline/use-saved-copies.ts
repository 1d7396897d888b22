import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
// The session, the API client and the listeners by the package's name: at run time they are the one shared
// instance, not copies bundled with this subpath.
import { createListeners, useSession } from '@studyhub/shared';
import { getFileForOffline } from './get-file-for-offline';
import {
  askToKeepSavedCopies,
  removeOtherUsersCopies,
  savedCopiesOf,
  savedCopyOwners,
  SavedCopyError,
  type SavedCopies,
  type SavedItem,
} from './saved-copies';

/** Every page showing saved copies hears of a save or a removal made on another. */
const savedCopiesChanges = createListeners();
let changeCount = 0;
function announceSavedCopiesChanged(): void {
  changeCount += 1;
  savedCopiesChanges.notify();
}

/** A user's copies, or none where they cannot be read (no Cache Storage). */
export async function listSavedCopies(owner: string): Promise<SavedItem[]> {
  return savedCopiesOf(owner)
    .list()
    .catch((error: unknown) => {
      console.warn('Could not read the copies saved for offline', error);
      return [];
    });
}

/** An explicit logout: every copy of the user goes, and every page showing copies hears of it. */
export async function removeAllSavedCopies(owner: string): Promise<void> {
  await savedCopiesOf(owner).removeAll();
  announceSavedCopiesChanged();
}

/**
 * Whose copies this browser shows: the signed-in user's, whose pages remove any other user's copies; with no
 * session (it expired, perhaps offline), those of the last user who opened such a page here (decision 036).
 */
function useSavedCopiesOwner(): string | null | undefined {
  const { status, user } = useSession();
  const [lastOwner, setLastOwner] = useState<string | null | undefined>(undefined);
  const userId = status === 'authenticated' ? user?._id : undefined;
  useEffect(() => {
    if (userId && globalThis.caches)
      removeOtherUsersCopies(userId).catch((error: unknown) =>
        console.warn('Could not remove the copies another user saved for offline', error),
      );
  }, [userId]);
  useEffect(() => {
    if (status !== 'anonymous') return;
    let current = true;
    void savedCopyOwners().then(
      (owners) => current && setLastOwner(owners[0] ?? null),
      () => current && setLastOwner(null),
    );
    return () => {
      current = false;
    };
  }, [status]);
  if (status === 'loading') return undefined;
  if (status === 'authenticated') return user?._id ?? null;
  return lastOwner;
}

export interface SavedCopiesView {
  /** Undefined while still reading; empty when nothing is saved (or nobody owns copies here). */
  items: SavedItem[] | undefined;
  /** The owner's copies; null when there is no owner (never signed in on this browser). */
  copies: SavedCopies | null;
  /** True when the owner is not signed in: copies can be read and removed, not added. */
  sessionEnded: boolean;
  /** Removes one copy; every page showing copies hears of it. */
  remove(key: string): Promise<void>;
}

/** The saved copies the pages show, read again whenever one is saved or removed. */
export function useSavedCopies(): SavedCopiesView {
  const { status } = useSession();
  const owner = useSavedCopiesOwner();
  const changes = useSyncExternalStore(savedCopiesChanges.subscribe, () => changeCount);
  const [listed, setListed] = useState<{ owner: string | null; changes: number; items: SavedItem[] }>();
  // A browser without Cache Storage (a page not served securely) cannot save: no owner's copies to show.
  const copies = useMemo(() => (owner && globalThis.caches ? savedCopiesOf(owner) : null), [owner]);

  useEffect(() => {
    if (owner === undefined) return;
    let current = true;
    void (owner ? listSavedCopies(owner) : Promise.resolve([])).then(
      (items) => current && setListed({ owner, changes, items }),
    );
    return () => {
      current = false;
    };
  }, [owner, changes]);

  const remove = useCallback(
    async (key: string) => {
      await copies?.remove(key);
      announceSavedCopiesChanged();
    },
    [copies],
  );
  const fresh = listed && listed.owner === owner ? listed.items : undefined;
  return { items: fresh, copies, sessionEnded: status !== 'authenticated', remove };
}

export type SaveProgress =
  { state: 'idle' } | { state: 'saving'; share: number } | { state: 'failed'; message: string };

/**
 * Saving one file: fetches it whole by its signed link, stores it under its stable key and asks the browser to
 * keep the site's storage. Failures say what to do (no space, no connection).
 */
export function useSaveForOffline(copies: SavedCopies | null): {
  progress: SaveProgress;
  save(item: Omit<SavedItem, 'size' | 'savedAt'>, url: string): Promise<void>;
} {
  const [progress, setProgress] = useState<SaveProgress>({ state: 'idle' });
  const save = useCallback(
    async (item: Omit<SavedItem, 'size' | 'savedAt'>, url: string) => {
      if (!copies) return;
      setProgress({ state: 'saving', share: 0 });
      try {
        const file = await getFileForOffline(url, (share) => setProgress({ state: 'saving', share }));
        await copies.save({ ...item, size: file.size, savedAt: new Date().toISOString() }, file);
        await askToKeepSavedCopies();
        setProgress({ state: 'idle' });
        announceSavedCopiesChanged();
      } catch (error) {
        const message =
          error instanceof SavedCopyError
            ? error.message
            : 'Could not download the file to save it. Check your connection and try again.';
        console.warn('Saving for offline failed', error);
        setProgress({ state: 'failed', message });
      }
    },
    [copies],
  );
  return { progress, save };
}
