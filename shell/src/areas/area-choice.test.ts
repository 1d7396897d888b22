import { describe, expect, it } from '@jest/globals';
import { canaryBucket, type RemotesFile } from '@studyhub/contract';
import { chooseRemotes, versionEntry } from './area-choice';

const live = (area: string, version: string) => ({
  version,
  entry: `/mfe/${area}/${version}/mf-manifest.json`,
});
const FILE: RemotesFile = {
  auth: live('auth', 'a1'),
  notes: { ...live('notes', 'n1'), canary: { ...live('notes', 'n2'), percent: 30 } },
};

/** Ids that land inside and outside a canary of `percent` for notes. */
function idsAround(percent: number): { inside: string; outside: string } {
  const ids = Array.from({ length: 200 }, (_, index) => `browser-${index}`);
  return {
    inside: ids.find((id) => canaryBucket('notes', id) < percent)!,
    outside: ids.find((id) => canaryBucket('notes', id) >= percent)!,
  };
}

describe('chooseRemotes', () => {
  const { inside, outside } = idsAround(30);

  it('gives the canary to ids inside its share and the live version to the rest', () => {
    expect(chooseRemotes(FILE, inside, {}).notes).toEqual({ ...live('notes', 'n2'), channel: 'canary' });
    expect(chooseRemotes(FILE, outside, {}).notes).toEqual({ ...live('notes', 'n1'), channel: 'live' });
  });

  it('leaves areas without a canary on their live version, whoever asks', () => {
    expect(chooseRemotes(FILE, inside, {}).auth).toEqual({ ...live('auth', 'a1'), channel: 'live' });
  });

  it('chooses the same for the same id every time', () => {
    const first = chooseRemotes(FILE, inside, {});
    for (let run = 0; run < 20; run += 1) expect(chooseRemotes(FILE, inside, {})).toEqual(first);
  });

  it('lets an admin override win over canary and live', () => {
    const chosen = chooseRemotes(FILE, inside, { notes: 'n0', auth: 'a0' });
    expect(chosen.notes).toEqual({ ...live('notes', 'n0'), channel: 'override' });
    expect(chosen.auth).toEqual({ ...live('auth', 'a0'), channel: 'override' });
  });

  it('ignores an override of an area that is not deployed', () => {
    expect(chooseRemotes(FILE, inside, { admin: 'x1' }).admin).toBeUndefined();
  });
});

describe('versionEntry', () => {
  it('swaps the version folder of the live entry, also on another origin', () => {
    const cdn = { version: 'n1', entry: 'https://cdn.example/mfe/notes/n1/mf-manifest.json' };
    expect(versionEntry('notes', cdn, 'n0')).toBe('https://cdn.example/mfe/notes/n0/mf-manifest.json');
  });

  it('falls back to the deploy layout when the live entry has no version folder or there is none', () => {
    expect(versionEntry('notes', { version: 'n1', entry: '/notes.json' }, 'n0')).toBe(
      '/mfe/notes/n0/mf-manifest.json',
    );
    expect(versionEntry('notes', undefined, 'n0')).toBe('/mfe/notes/n0/mf-manifest.json');
  });
});
