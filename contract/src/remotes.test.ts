import { describe, expect, it } from '@jest/globals';
import {
  AREA_EXPOSE,
  AREAS,
  changedExports,
  isRemoteAreaModule,
  isRemoteModule,
  manifestFiles,
  parseRemotesFile,
  WIDGET_EXPOSES,
} from './remotes';

describe('parseRemotesFile', () => {
  const notes = { version: '1.0.0-abc', entry: '/mfe/notes/1.0.0-abc/mf-manifest.json' };

  it('keeps well-formed entries of every known area', () => {
    const file = Object.fromEntries(
      AREAS.map((area) => [area, { version: `v-${area}`, entry: `/mfe/${area}.json` }]),
    );
    expect(parseRemotesFile(file)).toEqual(file);
  });

  it('drops unknown areas and extra fields', () => {
    expect(parseRemotesFile({ notes: { ...notes, extra: true }, shop: notes, Notes: notes })).toEqual({
      notes,
    });
  });

  it.each([
    ['a missing version', { entry: notes.entry }],
    ['a numeric version', { version: 1, entry: notes.entry }],
    ['a missing entry', { version: notes.version }],
    ['an empty entry', { version: notes.version, entry: '' }],
    ['a numeric entry', { version: notes.version, entry: 42 }],
    ['a string instead of an object', '/mfe/notes.json'],
    ['null', null],
  ])('drops an area with %s but keeps the others', (_label, bad) => {
    expect(parseRemotesFile({ notes: bad, auth: notes })).toEqual({ auth: notes });
  });

  it('keeps a canary beside the live version', () => {
    const canary = { version: '1.0.0-def', entry: '/mfe/notes/1.0.0-def/mf-manifest.json', percent: 10 };
    expect(parseRemotesFile({ notes: { ...notes, canary } })).toEqual({ notes: { ...notes, canary } });
  });

  it.each([
    ['a share of 0', 0],
    ['a share of 100', 100],
    ['a fractional share', 12.5],
    ['a share as text', '10'],
  ])('drops a canary with %s but keeps the live version', (_label, percent) => {
    const canary = { version: '1.0.0-def', entry: '/mfe/notes/1.0.0-def/mf-manifest.json', percent };
    expect(parseRemotesFile({ notes: { ...notes, canary } })).toEqual({ notes });
  });

  it('drops a canary without an entry but keeps the live version', () => {
    expect(parseRemotesFile({ notes: { ...notes, canary: { version: 'x', percent: 5 } } })).toEqual({
      notes,
    });
  });

  it.each([null, undefined, 'text', 42, []])('reads %p as no areas', (value) => {
    expect(parseRemotesFile(value)).toEqual({});
  });
});

describe('isRemoteAreaModule', () => {
  const valid = { default: () => null, area: 'notes', contractVersion: 1, buildVersion: '1.0.0-abc' };

  it('accepts a module shaped like the contract', () => {
    expect(isRemoteAreaModule(valid)).toBe(true);
  });

  it.each(AREAS)('accepts the known area %p', (area) => {
    expect(isRemoteAreaModule({ ...valid, area })).toBe(true);
  });

  it.each([
    ['no default export', { ...valid, default: undefined }],
    ['a default that is not a component', { ...valid, default: 'NotesArea' }],
    ['an unknown area', { ...valid, area: 'shop' }],
    ['a numeric area', { ...valid, area: 1 }],
    ['a string contract version', { ...valid, contractVersion: '1' }],
    ['no build version', { ...valid, buildVersion: undefined }],
    ['null', null],
    ['a function', () => null],
    ['a string', 'notes'],
  ])('rejects %s', (_label, value) => {
    expect(isRemoteAreaModule(value)).toBe(false);
  });
});

describe('WIDGET_EXPOSES', () => {
  it('names known areas and exposes other than ./Area', () => {
    for (const { area, expose } of Object.values(WIDGET_EXPOSES)) {
      expect(AREAS).toContain(area);
      expect(expose).toMatch(/^\.\/[A-Z]\w+$/);
      expect(expose).not.toBe(AREA_EXPOSE);
    }
  });

  it('widget modules carry the same metadata as areas', () => {
    const widget = { default: () => null, area: 'notes', contractVersion: 1, buildVersion: 'b' };
    expect(isRemoteModule(widget)).toBe(true);
    expect(isRemoteModule({ ...widget, area: 'shop' })).toBe(false);
  });
});

describe('changedExports', () => {
  const area = {
    needs: ['Page', 'useSession', 'formatBytes'],
    signatures: { Page: 'a', useSession: 'b', formatBytes: 'c' },
  };

  it('names the needed exports whose fingerprint differs, in the order needed', () => {
    expect(
      changedExports(area, { signatures: { Page: 'a', useSession: 'B', formatBytes: 'C', notify: 'x' } }),
    ).toEqual(['useSession', 'formatBytes']);
  });

  it('ignores what the area does not need, and what either side does not fingerprint (a missing export)', () => {
    expect(
      changedExports({ ...area, needs: ['Page'] }, { signatures: { Page: 'a', useSession: 'B' } }),
    ).toEqual([]);
    expect(changedExports(area, { signatures: { Page: 'a', useSession: 'b' } })).toEqual([]);
  });

  it('says nothing when a build predates the fingerprints', () => {
    expect(changedExports(area, {})).toEqual([]);
    expect(changedExports({ needs: area.needs }, { signatures: { Page: 'z' } })).toEqual([]);
  });
});

describe('manifestFiles', () => {
  it('names the entry and every script and style of every expose and shared module once', () => {
    const manifest = {
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [
        {
          path: './Area',
          assets: {
            js: { sync: ['area.1.js'], async: ['reader.2.js', 'vendor.3.js'] },
            css: { sync: ['area.4.css'], async: [] },
          },
        },
        { path: './RecentNotes', assets: { js: { sync: ['recent.5.js'], async: ['vendor.3.js'] } } },
      ],
      shared: [{ assets: { js: { sync: ['react.6.js'] } } }, {}],
    };
    expect(manifestFiles(manifest)).toEqual([
      'remoteEntry.js',
      'area.1.js',
      'reader.2.js',
      'vendor.3.js',
      'area.4.css',
      'recent.5.js',
      'react.6.js',
    ]);
  });

  it('names the entry inside its folder, and nothing for a manifest that names nothing', () => {
    expect(manifestFiles({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: 'js' } } })).toEqual([
      'js/remoteEntry.js',
    ]);
    expect(manifestFiles({})).toEqual([]);
  });
});
