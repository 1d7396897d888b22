/** @jest-environment node */
import { closeSync, openSync, readdirSync, readFileSync, readSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { RemotesFile } from '@studyhub/contract';
import { tempDir } from '../test-support/temp-dir';
import { REMOTES_FILE, writeFileAtomic } from './layout';
import { readRemotes, readRemotesStrict, serializeRemotes, writeRemotes } from './pointers';

const entry = (area: string, version: string) => ({
  version,
  entry: `/mfe/${area}/${version}/mf-manifest.json`,
});
const FULL: RemotesFile = {
  auth: entry('auth', '1.0.0-aaaaaaaa'),
  notes: {
    ...entry('notes', '1.0.0-bbbbbbbb'),
    canary: { ...entry('notes', '1.0.0-cccccccc'), percent: 10 },
  },
  syllabus: entry('syllabus', '1.0.0-dddddddd'),
  admin: entry('admin', '1.0.0-eeeeeeee'),
};

let deployDir: string;
beforeEach(() => {
  deployDir = tempDir('pointers');
});
afterEach(() => rmSync(deployDir, { recursive: true, force: true }));

const remotesText = () => readFileSync(path.join(deployDir, REMOTES_FILE), 'utf8');
const writeRaw = (text: string) => writeFileSync(path.join(deployDir, REMOTES_FILE), text);

describe('serializeRemotes', () => {
  it('writes one line per area, in the fixed area order, with fields in a fixed order', () => {
    const shuffled = {
      admin: FULL.admin,
      notes: {
        canary: { percent: 10, entry: FULL.notes!.canary!.entry, version: '1.0.0-cccccccc' },
        ...FULL.notes,
      },
      auth: { entry: FULL.auth!.entry, version: FULL.auth!.version },
      syllabus: FULL.syllabus,
    } as RemotesFile;
    expect(serializeRemotes(shuffled)).toBe(
      '{\n' +
        '  "auth": {"version":"1.0.0-aaaaaaaa","entry":"/mfe/auth/1.0.0-aaaaaaaa/mf-manifest.json"},\n' +
        '  "notes": {"version":"1.0.0-bbbbbbbb","entry":"/mfe/notes/1.0.0-bbbbbbbb/mf-manifest.json",' +
        '"canary":{"version":"1.0.0-cccccccc","entry":"/mfe/notes/1.0.0-cccccccc/mf-manifest.json","percent":10}},\n' +
        '  "syllabus": {"version":"1.0.0-dddddddd","entry":"/mfe/syllabus/1.0.0-dddddddd/mf-manifest.json"},\n' +
        '  "admin": {"version":"1.0.0-eeeeeeee","entry":"/mfe/admin/1.0.0-eeeeeeee/mf-manifest.json"}\n' +
        '}\n',
    );
    expect(serializeRemotes({})).toBe('{}\n');
  });

  it('reads back to the same bytes', () => {
    writeRemotes(deployDir, FULL);
    const first = remotesText();
    writeRemotes(deployDir, readRemotesStrict(deployDir));
    expect(remotesText()).toBe(first);
    expect(readRemotesStrict(deployDir)).toEqual(FULL);
  });

  it.each(['auth', 'notes', 'syllabus', 'admin'] as const)(
    'changing %s rewrites its line only; every other byte stays',
    (area) => {
      writeRemotes(deployDir, FULL);
      const before = remotesText();
      const remotes = readRemotesStrict(deployDir);
      remotes[area] = entry(area, '0.9.0-ffffffff');
      writeRemotes(deployDir, remotes);
      const after = remotesText();

      const beforeLines = before.split('\n');
      const afterLines = after.split('\n');
      expect(afterLines).toHaveLength(beforeLines.length);
      const changed = afterLines.flatMap((line, index) => (line === beforeLines[index] ? [] : [index]));
      expect(changed).toHaveLength(1);
      expect(afterLines[changed[0]!]).toContain(`"${area}": {"version":"0.9.0-ffffffff"`);
      // The bytes before and after the changed line are the very same bytes.
      const start = beforeLines.slice(0, changed[0]).join('\n');
      const end = beforeLines.slice(changed[0]! + 1).join('\n');
      expect(after.startsWith(start)).toBe(true);
      expect(after.endsWith(end)).toBe(true);
    },
  );
});

describe('readRemotesStrict', () => {
  it('reads a missing file as no areas', () => {
    expect(readRemotesStrict(deployDir)).toEqual({});
  });

  it.each([
    ['invalid JSON', '{"notes": ', /not valid JSON/],
    ['a list', '[]', /must be a JSON object/],
    ['an unknown area', '{"shop": {"version":"1","entry":"/x"}}', /"shop", which is not an area/],
    ['an entry without a version', '{"notes": {"entry":"/x"}}', /"notes" entry needs a "version"/],
    ['an entry with an extra field', '{"notes": {"version":"1","entry":"/x","note":"hi"}}', /may only have/],
    [
      'a canary at 0%',
      '{"notes": {"version":"1","entry":"/x","canary":{"version":"2","entry":"/y","percent":0}}}',
      /canary/,
    ],
    [
      'a canary at 100%',
      '{"notes": {"version":"1","entry":"/x","canary":{"version":"2","entry":"/y","percent":100}}}',
      /canary/,
    ],
    [
      'a canary at 10.5%',
      '{"notes": {"version":"1","entry":"/x","canary":{"version":"2","entry":"/y","percent":10.5}}}',
      /canary/,
    ],
    [
      'a canary without an entry',
      '{"notes": {"version":"1","entry":"/x","canary":{"version":"2","percent":5}}}',
      /canary/,
    ],
  ])('refuses %s, naming the problem', (_label, text, message) => {
    writeRaw(text);
    expect(() => readRemotesStrict(deployDir)).toThrow(message);
  });

  it('where the lenient read (the server) drops only the bad parts', () => {
    writeRaw(
      '{"notes": {"version":"1","entry":"/x","canary":{"version":"2","entry":"/y","percent":0}},' +
        '"shop": {"version":"1","entry":"/x"}, "auth": {"entry":"/a"}}',
    );
    expect(readRemotes(deployDir)).toEqual({ notes: { version: '1', entry: '/x' } });
  });
});

describe('writeFileAtomic', () => {
  it('replaces the file whole: a reader holding the old file reads all of it, and no temp file is left', () => {
    const file = path.join(deployDir, REMOTES_FILE);
    const old = `${'a'.repeat(10_000)}\n`;
    writeFileAtomic(file, old);
    const reader = openSync(file, 'r');
    try {
      writeFileAtomic(file, 'new\n');
      const buffer = Buffer.alloc(20_000);
      const read = readSync(reader, buffer, 0, buffer.length, 0);
      expect(buffer.subarray(0, read).toString()).toBe(old);
    } finally {
      closeSync(reader);
    }
    expect(readFileSync(file, 'utf8')).toBe('new\n');
    expect(readdirSync(deployDir)).toEqual([REMOTES_FILE]);
  });
});
