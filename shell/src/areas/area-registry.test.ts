import { describe, expect, it, jest } from '@jest/globals';
import { AREA_EXPOSE, type RemotesFile } from '@studyhub/contract';
import { startedAreaRegistry } from '../testing/area-registry';
import type { AreaRegistryPorts } from './area-registry';

const NOTES: RemotesFile = {
  notes: { version: '1.0.0-beef', entry: '/mfe/notes/1.0.0-beef/mf-manifest.json' },
};
const loaded = {
  ok: true as const,
  module: { default: () => null, area: 'notes' as const, contractVersion: 2, buildVersion: 'b' },
};

describe('createAreaRegistry', () => {
  it('loads each exposed module once, for every user of it, and keeps its result readable', async () => {
    const loadModule = jest.fn<AreaRegistryPorts['loadModule']>(() => Promise.resolve(loaded));
    const areas = await startedAreaRegistry(NOTES, { loadModule });
    expect(areas.result('notes', AREA_EXPOSE)).toBeUndefined();
    areas.preload('notes');
    await Promise.all([areas.load('notes', AREA_EXPOSE), areas.load('notes', AREA_EXPOSE)]);
    expect(loadModule).toHaveBeenCalledTimes(1);
    expect(areas.result('notes', AREA_EXPOSE)).toBe(loaded);
    expect(areas.loadedVersions()).toEqual({ notes: { version: 'b', channel: 'live' } });
  });

  it('warms an area not loaded yet, without its entry once a widget of it has loaded, and not once its pages have', async () => {
    const prefetchArea = jest.fn<AreaRegistryPorts['prefetchArea']>(() => Promise.resolve());
    const areas = await startedAreaRegistry(NOTES, {
      loadModule: () => Promise.resolve(loaded),
      prefetchArea,
    });
    await areas.warm('notes');
    await areas.load('notes', './RecentNotes');
    await areas.warm('notes');
    await areas.load('notes', AREA_EXPOSE);
    await areas.warm('notes');
    await areas.warm('admin');
    expect(prefetchArea.mock.calls.map(([, withEntry]) => withEntry)).toEqual([true, false]);
  });

  it('after a Retry, an area remotes.json no longer names is not deployed', async () => {
    const replies = [
      { file: NOTES, reportToken: null },
      { file: {}, reportToken: null },
    ];
    const areas = await startedAreaRegistry(NOTES, {
      fetchRemotesFile: () => Promise.resolve(replies.shift()!),
      loadModule: () => Promise.resolve(loaded),
    });
    await areas.load('notes', AREA_EXPOSE);
    const changed = jest.fn();
    areas.subscribe(changed);
    await areas.retry('notes');
    expect(changed).toHaveBeenCalled();
    expect(areas.result('notes', AREA_EXPOSE)).toBeUndefined();
    expect(await areas.load('notes', AREA_EXPOSE)).toEqual({ ok: false, reason: 'notes is not deployed' });
  });

  it('names the revision this page load runs: remotes.json as read and each chosen version, a canary included', async () => {
    const canary = { version: '1.0.0-cafe', entry: '/mfe/notes/1.0.0-cafe/mf-manifest.json', percent: 100 };
    const file: RemotesFile = {
      ...NOTES,
      auth: { version: '1.0.0-f00d', entry: '/mfe/auth/1.0.0-f00d/mf-manifest.json' },
    };
    const withCanary: RemotesFile = { ...file, notes: { ...NOTES.notes!, canary } };
    const areas = await startedAreaRegistry(withCanary);
    expect(areas.revision()).toEqual({
      remotes: withCanary,
      chosen: {
        notes: { version: canary.version, entry: canary.entry, channel: 'canary' },
        auth: { ...file.auth, channel: 'live' },
      },
    });

    // A Retry reads remotes.json again: the canary aborted, so the live version runs from then on.
    const retried = await startedAreaRegistry(withCanary, {
      fetchRemotesFile: jest
        .fn<AreaRegistryPorts['fetchRemotesFile']>()
        .mockResolvedValueOnce({ file: withCanary, reportToken: null })
        .mockResolvedValue({ file, reportToken: null }),
    });
    await retried.retry('notes');
    expect(retried.revision().chosen.notes).toEqual({ ...NOTES.notes, channel: 'live' });
    expect(retried.revision().remotes).toEqual(file);
  });
});
