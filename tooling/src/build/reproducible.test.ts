/** @jest-environment node */
/**
 * Builds are reproducible (decision 019): the syllabus area and the shell, each built twice from the same
 * sources into two folders, give the same files byte for byte, and so do their published release folders
 * (compressed copies included). Released the real way, the second build of an unchanged checkout is "already
 * live"; a build of the same version with other bytes is still refused.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { HISTORY_FILE, releaseDir, REMOTES_FILE, SHELL_POINTER_FILE } from '@studyhub/deploy-folder';
import { tempDir } from '../../test-support/fixture-builds';
import { releaseBuild } from '../deploy/release';
import { ReleaseRefusedError } from '../deploy/release-checks';
import { BUILD_INFO_FILE } from './build-info';

const REPO = path.resolve(__dirname, '../../..');
const APPS = [
  { folder: 'mfe-syllabus', name: 'syllabus' },
  { folder: 'shell', name: 'shell' },
] as const;
/** Four production builds on a shared 2-core machine: ~10 s per area, ~20 s per shell. */
const BUILD_TIMEOUT_MS = 240_000;

let root: string;
const builds: Record<string, [string, string]> = {};

function build(folder: string, outDir: string): void {
  const result = spawnSync('npm', ['run', 'build', '--silent', '--', '--out-dir', outDir], {
    cwd: path.join(REPO, folder),
    // No build id from the calling shell: both builds must be of the same version.
    env: { ...process.env, BUILD_ID: '' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`${folder} build failed:\n${result.stdout}\n${result.stderr}`);
}

/** Every file under `dir`, '/'-separated, sorted. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => statSync(path.join(dir, file)).isFile())
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

/** The files that are not the same bytes in both folders (or are in only one), by name. */
function differences(a: string, b: string): string[] {
  const inA = filesUnder(a);
  const inB = new Set(filesUnder(b));
  const onlyB = [...inB].filter((file) => !inA.includes(file)).map((file) => `${file} (only in the second)`);
  const differing = inA.flatMap((file) => {
    if (!inB.has(file)) return [`${file} (only in the first)`];
    return readFileSync(path.join(a, file)).equals(readFileSync(path.join(b, file))) ? [] : [file];
  });
  return [...differing, ...onlyB];
}

beforeAll(() => {
  root = tempDir('reproducible');
  for (const { folder } of APPS) {
    const pair: [string, string] = [path.join(root, `${folder}-1`), path.join(root, `${folder}-2`)];
    for (const outDir of pair) build(folder, outDir);
    builds[folder] = pair;
  }
}, BUILD_TIMEOUT_MS);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe.each(APPS)('$folder built twice from the same sources', ({ folder }) => {
  it('gives the same files, byte for byte', () => {
    const [first, second] = builds[folder]!;
    expect(filesUnder(first)).toContain(BUILD_INFO_FILE);
    expect(filesUnder(first)).toContain('mf-manifest.json');
    expect(differences(first, second)).toEqual([]);
  });

  it('names no folder of the machine it was built on in what a release publishes', () => {
    const [first] = builds[folder]!;
    const naming = filesUnder(first).filter(
      (file) => !file.endsWith('.map') && readFileSync(path.join(first, file), 'latin1').includes(REPO),
    );
    expect(naming).toEqual([]);
  });
});

describe('releasing an unchanged checkout again', () => {
  const deployDir = () => path.join(root, 'deploy');
  const pointers = () =>
    [REMOTES_FILE, SHELL_POINTER_FILE, HISTORY_FILE].map((file) =>
      readFileSync(path.join(deployDir(), file), 'utf8'),
    );

  it('says "already live" and changes nothing; other bytes under the same version are refused', () => {
    const [shell1, shell2] = builds.shell!;
    const [area1, area2] = builds['mfe-syllabus']!;
    expect(releaseBuild(deployDir(), 'shell', shell1).result).toBe('live');
    const first = releaseBuild(deployDir(), 'syllabus', area1);
    expect(first.result).toBe('live');
    const before = pointers();

    expect(releaseBuild(deployDir(), 'shell', shell2).result).toBe('already-live');
    expect(releaseBuild(deployDir(), 'syllabus', area2).result).toBe('already-live');
    expect(pointers()).toEqual(before);

    // The same version with one chunk changed: a different build, which a version never becomes.
    const changed = path.join(root, 'syllabus-changed');
    cpSync(area2, changed, { recursive: true });
    const chunk = filesUnder(changed).find((file) => /^__federation_expose_Area\.\w+\.js$/.test(file))!;
    writeFileSync(path.join(changed, chunk), `${readFileSync(path.join(changed, chunk), 'utf8')}\n;`);
    let refusal: unknown;
    try {
      releaseBuild(deployDir(), 'syllabus', changed);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ReleaseRefusedError);
    expect(String(refusal)).toMatch(/already released with different files/);
    expect(pointers()).toEqual(before);
  });

  it('publishes the second build as the same bytes, compressed copies included', () => {
    const versions: Record<string, string> = {};
    const published = [1, 2].map((n) => {
      const dir = path.join(root, `deploy-publish-${n}`);
      versions.shell = releaseBuild(dir, 'shell', builds.shell![n - 1]!).version;
      versions.syllabus = releaseBuild(dir, 'syllabus', builds['mfe-syllabus']![n - 1]!).version;
      return dir;
    });
    for (const app of ['shell', 'syllabus'] as const) {
      const [a, b] = published.map((dir) => releaseDir(dir, app, versions[app]!));
      expect(filesUnder(a!).some((file) => file.endsWith('.gz'))).toBe(true);
      expect(filesUnder(a!).some((file) => file.endsWith('.br'))).toBe(true);
      expect(differences(a!, b!)).toEqual([]);
    }
  });
});
