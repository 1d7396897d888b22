/**
 * @jest-environment node
 */
import { describe, expect, it } from '@jest/globals';
import { FakeCacheStorage } from '../testing/fake-cache-storage';
import {
  askToKeepSavedCopies,
  removeOtherUsersCopies,
  savedCacheName,
  savedCopiesOf,
  savedCopyOwners,
  SavedCopyError,
  savedKey,
  storageEstimate,
  type SavedItem,
} from './saved-copies';

// Node's Response and Blob are the browser's; only Cache Storage is a fake here (the browser suite uses the real one).
const storage = () => new FakeCacheStorage() as unknown as CacheStorage;

const UNIT: SavedItem = {
  key: savedKey.notes('CS-501', 1),
  kind: 'notes',
  subjectCode: 'CS-501',
  subjectName: 'Theory of Computation',
  title: 'Unit 1: Automata — “finite” ✓',
  size: 5,
  savedAt: '2026-11-27T10:00:00.000Z',
  fileVersion: '2026-05-09T10:00:00.000Z',
};
const PAPER: SavedItem = {
  ...UNIT,
  key: savedKey.paper('p1'),
  kind: 'paper',
  title: 'May 2024 question paper',
};

describe('saved copies', () => {
  it('keys copies by subject and unit, or paper id, never by a signed link', () => {
    expect(savedKey.notes('CS-503(A)', 3)).toBe('/offline/notes/CS-503(A)/3');
    expect(savedKey.paper('66f0/x')).toBe('/offline/papers/66f0%2Fx');
    expect(savedCacheName('u1')).toBe('studyhub-saved-u1');
  });

  it('stores a copy with its description (non-Latin words too), lists it and reads back the same bytes', async () => {
    const copies = savedCopiesOf('u1', storage());
    expect(await copies.list()).toEqual([]);
    expect(await copies.read(UNIT.key)).toBeNull();
    await copies.save(UNIT, new Blob(['%PDF-']));
    await copies.save(PAPER, new Blob(['%PDF-1.7']));
    expect(await copies.list()).toEqual([UNIT, PAPER]);
    const copy = await copies.read(UNIT.key);
    expect(copy?.item).toEqual(UNIT);
    expect(await copy?.file.text()).toBe('%PDF-');
  });

  it('replaces an older copy under the same key', async () => {
    const copies = savedCopiesOf('u1', storage());
    await copies.save(UNIT, new Blob(['old']));
    const newer = { ...UNIT, fileVersion: '2026-11-01T00:00:00.000Z', size: 3 };
    await copies.save(newer, new Blob(['new']));
    expect(await copies.list()).toEqual([newer]);
    expect(await (await copies.read(UNIT.key))?.file.text()).toBe('new');
  });

  it('removes one copy, or all of a user’s copies', async () => {
    const copies = savedCopiesOf('u1', storage());
    await copies.save(UNIT, new Blob(['a']));
    await copies.save(PAPER, new Blob(['b']));
    await copies.remove(UNIT.key);
    expect((await copies.list()).map((item) => item.key)).toEqual([PAPER.key]);
    await copies.removeAll();
    expect(await copies.list()).toEqual([]);
  });

  it('keeps each user’s copies apart, and names the users who have some', async () => {
    const caches = storage();
    await savedCopiesOf('u1', caches).save(UNIT, new Blob(['a']));
    await savedCopiesOf('u2', caches).save(PAPER, new Blob(['b']));
    await caches.open('studyhub-shell-v1');
    expect(await savedCopiesOf('u2', caches).list()).toEqual([PAPER]);
    // The service worker's caches are not copies.
    expect((await savedCopyOwners(caches)).sort()).toEqual(['u1', 'u2']);

    await removeOtherUsersCopies('u2', caches);
    expect(await savedCopyOwners(caches)).toEqual(['u2']);
    expect(await savedCopiesOf('u2', caches).list()).toEqual([PAPER]);
    expect(await caches.has('studyhub-shell-v1')).toBe(true);
  });

  it('says there is no space when the browser refuses the copy for its quota', async () => {
    const caches = storage();
    const full = await caches.open(savedCacheName('u1'));
    full.put = () => Promise.reject(Object.assign(new Error('quota'), { name: 'QuotaExceededError' }));
    const saving = savedCopiesOf('u1', caches).save(UNIT, new Blob(['a']));
    await expect(saving).rejects.toThrow(SavedCopyError);
    await expect(saving).rejects.toMatchObject({
      problem: 'no-space',
      message: expect.stringMatching(/space/),
    });
  });

  it('says a browser without Cache Storage cannot save, and lists nothing there', async () => {
    const copies = savedCopiesOf('u1', undefined);
    await expect(copies.save(UNIT, new Blob(['a']))).rejects.toMatchObject({ problem: 'unsupported' });
    expect(await copies.list()).toEqual([]);
    expect(await savedCopyOwners(undefined)).toEqual([]);
  });

  it('asks the browser to keep the storage once, and never throws for it', async () => {
    let asked = 0;
    const manager = (persisted: boolean) =>
      ({
        persisted: async () => persisted,
        persist: async () => {
          asked += 1;
          return true;
        },
      }) as unknown as StorageManager;
    expect(await askToKeepSavedCopies(manager(false))).toBe(true);
    expect(await askToKeepSavedCopies(manager(true))).toBe(true);
    expect(asked).toBe(1);
    const refusing = { persisted: () => Promise.reject(new Error('no')), persist: async () => true };
    expect(await askToKeepSavedCopies(refusing as unknown as StorageManager)).toBe(false);
    expect(await askToKeepSavedCopies(undefined)).toBe(false);
  });

  it('reads the browser’s estimate of the space used and allowed', async () => {
    const estimating = {
      estimate: async () => ({ usage: 2048, quota: 1_000_000 }),
    } as unknown as StorageManager;
    expect(await storageEstimate(estimating)).toEqual({ usage: 2048, quota: 1_000_000 });
    expect(await storageEstimate({ estimate: async () => ({}) } as unknown as StorageManager)).toBeNull();
    expect(await storageEstimate(undefined)).toBeNull();
  });
});
