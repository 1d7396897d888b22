import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { mismatchReason, pageSharedCopy, sharedMismatch, type AreaSharedUsage } from './shared-mismatch';

const REMOTE = { version: '1.0.0-bbbbbbbb', entry: '/mfe/notes/1.0.0-bbbbbbbb/mf-manifest.json' };
const COPY = { provides: ['Button', 'Page', 'PATHS'], version: '1.0.0-aaaaaaaa' };
const USAGE: AreaSharedUsage = {
  package: '@studyhub/shared',
  version: '1.0.0-cccccccc',
  needs: ['Button', 'newHelper', 'otherHelper', 'Page'],
};

describe('mismatchReason', () => {
  it('names every export the area needs and the page lacks, with both versions', () => {
    expect(mismatchReason('notes', REMOTE, USAGE, COPY)).toBe(
      "notes 1.0.0-bbbbbbbb needs @studyhub/shared exports this shell's copy 1.0.0-aaaaaaaa does not provide: " +
        'newHelper, otherHelper (notes was built with @studyhub/shared 1.0.0-cccccccc). Release it together ' +
        'with a shell built from the same shared sources, or load another version of notes.',
    );
  });

  const SIGNED = { ...USAGE, needs: ['Button', 'Page'], signatures: { Button: 'b1', Page: 'p1' } };

  it('names the exports whose type differs from the ones the area was built against', () => {
    expect(
      mismatchReason('notes', REMOTE, SIGNED, { ...COPY, signatures: { Button: 'b2', Page: 'p1' } }),
    ).toBe(
      "notes 1.0.0-bbbbbbbb was built against other signatures of @studyhub/shared exports than this shell's copy " +
        '1.0.0-aaaaaaaa has: Button (notes was built with @studyhub/shared 1.0.0-cccccccc). Release it together ' +
        'with a shell built from the same shared sources, or load another version of notes.',
    );
  });

  it('names missing and changed exports in one reason', () => {
    const usage = { ...SIGNED, needs: ['Button', 'newHelper'] };
    expect(mismatchReason('notes', REMOTE, usage, { ...COPY, signatures: { Button: 'b2' } })).toMatch(
      /does not provide: newHelper, and was built against other signatures .* has: Button \(/,
    );
  });

  it('says nothing when every need is provided', () => {
    expect(mismatchReason('notes', REMOTE, { ...USAGE, needs: ['Button', 'PATHS'] }, COPY)).toBeNull();
  });
});

describe('pageSharedCopy', () => {
  it("lists the real package's exports", () => {
    const { provides } = pageSharedCopy();
    expect(provides).toEqual(expect.arrayContaining(['Button', 'Page', 'useSession']));
    expect(provides).not.toContain('AREAS'); // the contract's: each app bundles its own copy
  });
});

describe('sharedMismatch', () => {
  const fetched: string[] = [];
  const files = new Map<string, unknown>();

  beforeEach(() => {
    fetched.length = 0;
    files.clear();
    globalThis.fetch = jest.fn((input: string | URL | Request) => {
      const url = String(input);
      fetched.push(url);
      const body = files.get(url);
      // jsdom has no Response: only what sharedMismatch reads of one.
      return Promise.resolve({ ok: body !== undefined, json: () => Promise.resolve(body) } as Response);
    }) as typeof fetch;
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  const at = (file: string) => new URL(`/mfe/notes/1.0.0-bbbbbbbb/${file}`, location.href).href;

  it("reads the area's shared-usage.json beside its manifest", async () => {
    files.set(at('mf-manifest.json'), { name: 'notes' });
    files.set(at('shared-usage.json'), USAGE);
    expect(await sharedMismatch('notes', REMOTE, COPY)).toMatch(
      /^notes 1\.0\.0-bbbbbbbb needs @studyhub\/shared exports .* not provide: newHelper, otherHelper /,
    );
    expect(fetched).toEqual([at('mf-manifest.json'), at('shared-usage.json')]);
  });

  it('asks nothing more when the manifest is missing (no new 404 in the console)', async () => {
    expect(await sharedMismatch('notes', REMOTE, COPY)).toBeNull();
    expect(fetched).toEqual([at('mf-manifest.json')]);
  });

  it("compares types with the shell's own shared-usage.json, asked for only when the area recorded them", async () => {
    const shellRecord = new URL('/shared-usage.json', location.href).href;
    files.set(at('mf-manifest.json'), { name: 'notes' });
    files.set(at('shared-usage.json'), { ...USAGE, needs: ['Page'], signatures: { Page: 'p1' } });
    files.set(shellRecord, { signatures: { Page: 'p2', Button: 'b1' } });
    expect(await sharedMismatch('notes', REMOTE, COPY)).toMatch(/other signatures .* has: Page \(/);
    expect(fetched).toEqual([at('mf-manifest.json'), at('shared-usage.json'), shellRecord]);

    fetched.length = 0;
    files.set(at('shared-usage.json'), { ...USAGE, needs: ['Page'] });
    expect(await sharedMismatch('notes', REMOTE, COPY)).toBeNull();
    expect(fetched).toEqual([at('mf-manifest.json'), at('shared-usage.json')]);
  });

  it('says nothing for a build that recorded no usage, or an unreadable one', async () => {
    files.set(at('mf-manifest.json'), { name: 'notes' });
    expect(await sharedMismatch('notes', REMOTE, COPY)).toBeNull();
    files.set(at('shared-usage.json'), { version: 1, needs: 'newHelper' });
    expect(await sharedMismatch('notes', REMOTE, COPY)).toBeNull();
  });
});
