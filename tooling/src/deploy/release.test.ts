/** @jest-environment node */
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { manifestFiles, type AreaManifest, type AreaName } from '@studyhub/contract';
import {
  abortCanaryVersion,
  HISTORY_FILE,
  listReleases,
  readHistory,
  readRemotesStrict,
  readShellVersion,
  releaseDir,
  REMOTES_FILE,
  SHELL_POINTER_FILE,
  sourceMapDir,
  SOURCEMAPS_DIR,
} from '@studyhub/deploy-folder';
import {
  canMakeFifos,
  FIXTURE_NEEDS,
  FIXTURE_PROVIDES,
  makeFifo,
  tempDir,
  writeAreaBuild,
  writeShellBuild,
  type FixtureOptions,
} from '../../test-support/fixture-builds';
import { ENTRY_CHECK_TIMEOUT_MS } from './entry-check';
import {
  abortCanary,
  promoteCanary,
  releaseBuild,
  releaseStatus,
  releaseTogether,
  rollbackApp,
} from './release';
import { ReleaseRefusedError } from './release-checks';

let root: string;
let deployDir: string;
beforeEach(() => {
  root = tempDir('release');
  deployDir = path.join(root, 'deploy');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const areaBuild = (area: AreaName, version: string, options?: FixtureOptions) =>
  writeAreaBuild(path.join(root, 'builds', area, version), area, version, options);
const shellBuild = (version: string, options?: FixtureOptions) =>
  writeShellBuild(path.join(root, 'builds', 'shell', version), version, options);

/** Every byte of the deploy folder's pointer files and the list of releases and maps, to prove nothing changed. */
function snapshot(): Record<'remotes' | 'shell' | 'history' | 'releases' | 'sourceMaps', string> {
  const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '(none)');
  const list = (dir: string) =>
    existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort().join(' ') : '(none)';
  return {
    remotes: read(path.join(deployDir, REMOTES_FILE)),
    shell: read(path.join(deployDir, SHELL_POINTER_FILE)),
    history: read(path.join(deployDir, HISTORY_FILE)),
    releases: list(path.join(deployDir, 'releases')),
    sourceMaps: list(path.join(deployDir, SOURCEMAPS_DIR)),
  };
}

/** The live shell s1 and notes n1 and auth a1, released the real way. */
function deployBaseline(): void {
  releaseBuild(deployDir, 'shell', shellBuild('s1'));
  releaseBuild(deployDir, 'notes', areaBuild('notes', 'n1'));
  releaseBuild(deployDir, 'auth', areaBuild('auth', 'a1'));
}

/** The parts of a fixture's mf-manifest.json the tests change. */
interface FixtureManifest {
  metaData: Record<string, unknown>;
  exposes: { assets: { js: { sync: string[] } } }[];
}

/** The notes build n2 with its manifest changed. */
function withManifest(change: (manifest: FixtureManifest) => void): string {
  const dir = areaBuild('notes', 'n2');
  const manifestFile = path.join(dir, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as FixtureManifest;
  change(manifest);
  writeFileSync(manifestFile, JSON.stringify(manifest));
  return dir;
}

/** The notes build n2 whose manifest lists one more asset of its Area expose. */
const listingAsset = (file: string) =>
  withManifest((manifest) => manifest.exposes[0]!.assets.js.sync.push(file));
/** The notes build n2 whose manifest names its remote entry so. */
const namingEntry = (remoteEntry: { path: string; name: string }) =>
  withManifest((manifest) => (manifest.metaData.remoteEntry = remoteEntry));
/** The notes build n2 whose manifest names its container so. */
const namingGlobal = (globalName: string) =>
  withManifest((manifest) => (manifest.metaData.globalName = globalName));

/** The notes build n2 with a link to a file outside it, as a build step that links instead of copying leaves. */
function linkingOut(linkName: string, target: 'file' | 'folder'): string {
  const dir = areaBuild('notes', 'n2');
  const secret = path.join(root, 'data', 'jwt-secret');
  mkdirSync(path.dirname(secret), { recursive: true });
  writeFileSync(secret, SECRET);
  symlinkSync(target === 'file' ? secret : path.dirname(secret), path.join(dir, linkName));
  return dir;
}

const SECRET = 'the-jwt-secret-the-site-must-never-serve';
const OUTSIDE = /, which is not a path inside the build$/;

function refusal(run: () => unknown): ReleaseRefusedError {
  try {
    run();
  } catch (error) {
    if (error instanceof ReleaseRefusedError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('release', () => {
  it('publishes an immutable copy, makes it live and records it', () => {
    deployBaseline();
    const outcome = releaseBuild(deployDir, 'notes', areaBuild('notes', 'n2'));
    expect(outcome).toMatchObject({
      app: 'notes',
      version: 'n2',
      result: 'live',
      checkedAgainst: ['the live shell s1'],
    });
    // Nine files (the area and its two widgets among them), and the .br and .gz copies publishing made of the two
    // text files over 256 bytes (shared-usage.json, with its builtWith versions, among them).
    expect(outcome.copied?.files).toBe(13);
    expect(outcome.pointerBytes).toBeGreaterThan(0);
    expect(readRemotesStrict(deployDir).notes).toEqual({
      version: 'n2',
      entry: '/mfe/notes/n2/mf-manifest.json',
    });
    expect(readFileSync(path.join(releaseDir(deployDir, 'notes', 'n2'), 'remoteEntry.js'), 'utf8')).toContain(
      'notes',
    );
    expect(listReleases(deployDir, 'notes').sort()).toEqual(['n1', 'n2']);
    expect(readHistory(deployDir).notes?.map((event) => [event.action, event.version])).toEqual([
      ['release', 'n1'],
      ['release', 'n2'],
    ]);
  });

  it('changes only its own line of remotes.json, and nothing of the shell', () => {
    deployBaseline();
    const before = snapshot();
    releaseBuild(deployDir, 'notes', areaBuild('notes', 'n2'));
    const after = snapshot();
    expect(after.shell).toBe(before.shell);
    const changed = after.remotes
      .split('\n')
      .filter((line, index) => line !== before.remotes.split('\n')[index]);
    expect(changed).toEqual(['  "notes": {"version":"n2","entry":"/mfe/notes/n2/mf-manifest.json"}']);
  });

  it('says so, and writes nothing, when the version is live already', () => {
    deployBaseline();
    const before = snapshot();
    expect(releaseBuild(deployDir, 'notes', areaBuild('notes', 'n1')).result).toBe('already-live');
    expect(snapshot()).toEqual(before);
  });

  it('changes nothing in a dry run, and reports what it compared with', () => {
    deployBaseline();
    const before = snapshot();
    const outcome = releaseBuild(deployDir, 'notes', areaBuild('notes', 'n2'), {
      dryRun: true,
    });
    expect(outcome).toMatchObject({
      result: 'checked',
      checkedAgainst: ['the live shell s1'],
      copied: null,
    });
    expect(snapshot()).toEqual(before);
  });

  it('checks a build alone in a dry run when nothing is deployed yet', () => {
    const outcome = releaseBuild(deployDir, 'notes', areaBuild('notes', 'n1'), {
      dryRun: true,
    });
    expect(outcome).toMatchObject({ result: 'checked', checkedAgainst: [] });
    expect(existsSync(deployDir)).toBe(false);
  });
});

describe('a refused release says why and changes nothing', () => {
  const cases: [string, () => string, RegExp][] = [
    [
      'a contract version the live shell does not support',
      () => areaBuild('notes', 'n2', { contractVersion: 2 }),
      /implements contract version 2, but the live shell s1 supports 1/,
    ],
    [
      'a React of another major version than the shell',
      () => areaBuild('notes', 'n2', { react: '20.0.0' }),
      /shares react 20\.0\.0, but the live shell s1 has react 19\.3\.1/,
    ],
    [
      'a remote entry that throws',
      () =>
        areaBuild('notes', 'n2', {
          entrySource: 'throw new Error("broken build")',
        }),
      /remoteEntry\.js does not load: broken build/,
    ],
    [
      'a remote entry that defines no container',
      () => areaBuild('notes', 'n2', { entrySource: 'var notes = 1;' }),
      /defines no federated container "notes"/,
    ],
    [
      'a remote entry that never finishes',
      () => areaBuild('notes', 'n2', { entrySource: 'while (true) {}' }),
      /^remoteEntry\.js did not finish loading within 2 s$/m,
    ],
    [
      'a remote entry that needs more memory than any entry could',
      () =>
        areaBuild('notes', 'n2', {
          entrySource: 'const a = []; for (;;) a.push(new Array(1e6).fill(1.5));',
        }),
      /remoteEntry\.js does not load: it needs more than 64 MB of memory/,
    ],
    [
      'a remote entry that reaches for require',
      () =>
        areaBuild('notes', 'n2', {
          entrySource: 'require("fs").writeFileSync("/tmp/x", "x");',
        }),
      /remoteEntry\.js does not load: require is not defined/,
    ],
    [
      'a remote entry that reaches for node through the Function constructor',
      () =>
        areaBuild('notes', 'n2', {
          entrySource: 'this.constructor.constructor("return process")().exit(0);',
        }),
      /remoteEntry\.js does not load: Code generation from strings disallowed/,
    ],
    [
      'a link to a file outside the build',
      () => linkingOut('secret.js', 'file'),
      /^secret\.js is a symbolic link; a release holds only regular files and folders$/m,
    ],
    [
      'a link to a folder outside the build',
      () => linkingOut('assets', 'folder'),
      /^assets is a symbolic link; a release holds only regular files and folders$/m,
    ],
    [
      'a link deep inside the build, even to a file of the build',
      () => {
        const dir = areaBuild('notes', 'n2');
        mkdirSync(path.join(dir, 'static', 'js'), { recursive: true });
        symlinkSync(path.join(dir, 'react.js'), path.join(dir, 'static', 'js', 'alias.js'));
        return dir;
      },
      /^static\/js\/alias\.js is a symbolic link/m,
    ],
    ['a manifest listing ../../x.js', () => listingAsset('../../x.js'), OUTSIDE],
    ['a manifest listing an absolute path', () => listingAsset('/etc/passwd'), OUTSIDE],
    ['a manifest listing a path with backslashes', () => listingAsset('..\\..\\x.js'), OUTSIDE],
    ['a manifest listing a path with a NUL', () => listingAsset('react.js\u0000.png'), OUTSIDE],
    ['a manifest listing a URL', () => listingAsset('https://cdn.invalid/x.js'), OUTSIDE],
    ['a manifest listing ./react.js', () => listingAsset('./react.js'), OUTSIDE],
    [
      'a remote entry in a folder above the build',
      () => namingEntry({ path: '../..', name: 'remoteEntry.js' }),
      /names the remote entry "\.\.\/\.\.\/remoteEntry\.js", which is not a path inside the build/,
    ],
    [
      'a remote entry named by an absolute path',
      () => namingEntry({ path: '', name: '/tmp/remoteEntry.js' }),
      /names the remote entry "\/tmp\/remoteEntry\.js", which is not a path inside the build/,
    ],
    [
      "no ./RecentNotes, which the shell's Home loads",
      () => areaBuild('notes', 'n2', { exposes: ['./Area'] }),
      /does not expose \.\/RecentNotes/,
    ],
    [
      'a missing asset',
      () => {
        const dir = areaBuild('notes', 'n2');
        rmSync(path.join(dir, 'react.js'));
        return dir;
      },
      /lists react\.js, which is missing/,
    ],
    [
      'a missing manifest',
      () => {
        const dir = areaBuild('notes', 'n2');
        rmSync(path.join(dir, 'mf-manifest.json'));
        return dir;
      },
      /mf-manifest\.json is missing/,
    ],
    [
      'a manifest that is no JSON object',
      () =>
        areaBuild('notes', 'n2', {
          extraFiles: { 'mf-manifest.json': 'null' },
        }),
      /^mf-manifest\.json is not a JSON object$/m,
    ],
    [
      'a manifest whose exposes are no list',
      () =>
        areaBuild('notes', 'n2', {
          extraFiles: {
            'mf-manifest.json': '{"name":"notes","exposes":"./Area"}',
          },
        }),
      /^mf-manifest\.json's exposes is not a list of objects$/m,
    ],
    [
      'a manifest whose global name is no JavaScript name',
      () => namingGlobal('notes"]; process.exit(1); //'),
      /^mf-manifest\.json's globalName "notes\\"\]; process\.exit\(1\); \/\/" is not a JavaScript name$/m,
    ],
    ['a build of another area', () => areaBuild('auth', 'n2'), /build-info\.json names "auth", not "notes"/],
    ['a folder that is no build', () => root, /build-info\.json is missing/],
    [
      'a version released before with other files',
      () => areaBuild('notes', 'n1', { extraFiles: { 'x.js': '1' } }),
      /already released with different files/,
    ],
  ];

  it.each(cases)(
    '%s',
    (_label, makeBuild, reason) => {
      deployBaseline();
      const build = makeBuild();
      const before = snapshot();
      const error = refusal(() => releaseBuild(deployDir, 'notes', build));
      expect(error.reasons.join('\n')).toMatch(reason);
      expect(snapshot()).toEqual(before);
    },
    15_000,
  );

  it('an area when no shell is live', () => {
    const error = refusal(() => releaseBuild(deployDir, 'notes', areaBuild('notes', 'n1')));
    expect(error.reasons).toContain('there is no live shell to check it against; release the shell first');
  });

  it('a shell that cannot render a live area', () => {
    deployBaseline();
    const before = snapshot();
    const error = refusal(() =>
      releaseBuild(deployDir, 'shell', shellBuild('s2', { supportedContractVersions: [2] })),
    );
    expect(error.reasons).toEqual([
      'auth a1 implements contract version 1, but this shell supports 2',
      'notes n1 implements contract version 1, but this shell supports 2',
    ]);
    expect(snapshot()).toEqual(before);
  });

  it('a shell whose index.html does not load main.js', () => {
    deployBaseline();
    const dir = shellBuild('s2');
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    expect(refusal(() => releaseBuild(deployDir, 'shell', dir)).reasons).toEqual([
      'index.html does not load /main.js',
    ]);
  });
});

describe('a build holds only regular files and folders (docs/security.md item 37)', () => {
  (canMakeFifos() ? it : it.skip)('refuses a FIFO in the build, before anything is copied', () => {
    deployBaseline();
    const dir = areaBuild('notes', 'n2');
    expect(makeFifo(path.join(dir, 'pipe.js'))).toBe(true);
    const before = snapshot();
    expect(refusal(() => releaseBuild(deployDir, 'notes', dir)).reasons).toEqual([
      'pipe.js is a named pipe (FIFO); a release holds only regular files and folders',
    ]);
    expect(snapshot()).toEqual(before);
  });

  it('reads no file of a build holding a link, so a refusal never shows what it points at', () => {
    deployBaseline();
    const dir = areaBuild('notes', 'n2');
    writeFileSync(path.join(root, 'secret.json'), SECRET);
    rmSync(path.join(dir, 'build-info.json'));
    symlinkSync(path.join(root, 'secret.json'), path.join(dir, 'build-info.json'));
    const error = refusal(() => releaseBuild(deployDir, 'notes', dir));
    expect(error.reasons).toEqual([
      'build-info.json is a symbolic link; a release holds only regular files and folders',
    ]);
    expect(error.message).not.toContain(SECRET);
  });

  it('names ten such entries and counts the rest', () => {
    const dir = areaBuild('notes', 'n2');
    for (let index = 0; index < 12; index += 1) symlinkSync(root, path.join(dir, `link-${index}`));
    const { reasons } = refusal(() => releaseBuild(deployDir, 'notes', dir, { dryRun: true }));
    expect(reasons).toHaveLength(11);
    expect(reasons[10]).toBe('and 2 more entries that are not regular files or folders');
  });

  it('releases a build folder reached through a link, as a real folder', () => {
    deployBaseline();
    const linked = path.join(root, 'dist-link');
    symlinkSync(areaBuild('notes', 'n2'), linked);
    expect(releaseBuild(deployDir, 'notes', linked).result).toBe('live');
    const released = lstatSync(releaseDir(deployDir, 'notes', 'n2'));
    expect([released.isDirectory(), released.isSymbolicLink()]).toEqual([true, false]);
  });
});

describe("a build's JavaScript runs only in a child process (docs/security.md item 37)", () => {
  it('stops a remote entry that never finishes within the time limit', () => {
    deployBaseline();
    const build = areaBuild('notes', 'n2', { entrySource: 'while (true) {}' });
    const started = Date.now();
    expect(refusal(() => releaseBuild(deployDir, 'notes', build)).reasons).toEqual([
      'remoteEntry.js did not finish loading within 2 s',
    ]);
    expect(Date.now() - started).toBeLessThan(ENTRY_CHECK_TIMEOUT_MS + 1000);
  });

  it('leaves the release process alone whatever the entry script tries', () => {
    deployBaseline();
    const marker = path.join(root, 'written-by-the-build');
    const attempts = [
      `process.exit(0)`,
      `process.exitCode = 3`,
      `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x')`,
      `globalThis.constructor.constructor('return process')().exit(0)`,
    ];
    for (const attempt of attempts) {
      const build = areaBuild('notes', 'n2', {
        entrySource: `${attempt}; var notes = { get() {}, init() {} };`,
      });
      expect(refusal(() => releaseBuild(deployDir, 'notes', build)).reasons[0]).toMatch(/does not load/);
      rmSync(build, { recursive: true });
    }
    expect(existsSync(marker)).toBe(false);
    expect(process.exitCode).toBeUndefined();
  });

  it('parses the shell entry in the child too', () => {
    deployBaseline();
    expect(
      refusal(() => releaseBuild(deployDir, 'shell', shellBuild('s2', { entrySource: 'let =' }))).reasons,
    ).toEqual([expect.stringMatching(/^main\.js does not parse: /)]);
  });
});

describe('source maps (docs/security.md item 45)', () => {
  it('are kept beside the release, out of the folder the site serves', () => {
    deployBaseline();
    const maps = {
      'remoteEntry.js.map': '{"version":3}',
      'expose-Area.js.map': '{"version":3}',
    };
    const build = areaBuild('notes', 'n2', { extraFiles: maps });
    const outcome = releaseBuild(deployDir, 'notes', build);
    const released = readdirSync(releaseDir(deployDir, 'notes', 'n2'));
    expect(released.filter((file) => file.endsWith('.map'))).toEqual([]);
    expect(readdirSync(sourceMapDir(deployDir, 'notes', 'n2')).sort()).toEqual(Object.keys(maps).sort());
    // Nine files (the area and its two widgets among them), and the .br and .gz copies publishing made of the two
    // text files over 256 bytes (shared-usage.json, with its builtWith versions, among them).
    expect(outcome.copied?.files).toBe(13);
    expect(outcome.sourceMaps).toMatchObject({
      dir: sourceMapDir(deployDir, 'notes', 'n2'),
      files: 2,
    });
    // Released again, its maps are not counted as files the release differs by.
    expect(releaseBuild(deployDir, 'notes', build).result).toBe('already-live');
  });
});

describe('canary', () => {
  beforeEach(deployBaseline);

  it('serves the new version beside the live one, then promote makes it live', () => {
    const outcome = releaseBuild(deployDir, 'notes', areaBuild('notes', 'n2'), {
      canaryPercent: 10,
    });
    expect(outcome.result).toBe('canary');
    expect(readRemotesStrict(deployDir).notes).toEqual({
      version: 'n1',
      entry: '/mfe/notes/n1/mf-manifest.json',
      canary: {
        version: 'n2',
        entry: '/mfe/notes/n2/mf-manifest.json',
        percent: 10,
      },
    });
    expect(promoteCanary(deployDir, 'notes')).toBe('n2');
    expect(readRemotesStrict(deployDir).notes).toEqual({
      version: 'n2',
      entry: '/mfe/notes/n2/mf-manifest.json',
    });
    expect(rollbackApp(deployDir, 'notes')).toEqual({ from: 'n2', to: 'n1' });
  });

  it('abort drops it and restores the exact bytes of before', () => {
    const before = readFileSync(path.join(deployDir, REMOTES_FILE), 'utf8');
    releaseBuild(deployDir, 'notes', areaBuild('notes', 'n2'), {
      canaryPercent: 50,
    });
    expect(abortCanary(deployDir, 'notes')).toBe('n2');
    expect(readFileSync(path.join(deployDir, REMOTES_FILE), 'utf8')).toBe(before);
    expect(readHistory(deployDir).notes?.map((event) => event.action)).toEqual([
      'release',
      'canary',
      'abort',
    ]);
  });

  it("a program's abort drops only the canary it judged, once, and the history says why", () => {
    const before = readFileSync(path.join(deployDir, REMOTES_FILE), 'utf8');
    releaseBuild(deployDir, 'notes', areaBuild('notes', 'n2'), { canaryPercent: 50 });
    const why =
      'aborted automatically: 9 of 25 loads failed (36 %) vs stable 0 of 40 (0 %) in the last 10 min';
    // Decided against an older canary: n2 runs now, and stays.
    expect(abortCanaryVersion(deployDir, 'notes', 'n0', why, 0)).toBe(false);
    expect(readRemotesStrict(deployDir).notes?.canary?.version).toBe('n2');

    expect(abortCanaryVersion(deployDir, 'notes', 'n2', why, 0)).toBe(true);
    // A second process that decided the same a moment later finds nothing left to abort.
    expect(abortCanaryVersion(deployDir, 'notes', 'n2', why, 0)).toBe(false);
    expect(readFileSync(path.join(deployDir, REMOTES_FILE), 'utf8')).toBe(before);
    const events = readHistory(deployDir).notes ?? [];
    expect(events.map((event) => event.action)).toEqual(['release', 'canary', 'abort']);
    expect(events.at(-1)).toMatchObject({ action: 'abort', version: 'n2', reason: why });
    expect(readFileSync(path.join(deployDir, HISTORY_FILE), 'utf8')).toContain(`"reason":"${why}"`);
  });

  it.each([
    ['of the live version', 'n1', 10, /already live/],
    ['of a share of 0%', 'n2', 0, /whole percentage from 1 to 99/],
    ['of an area with no live version', 'y1', 10, /no live version/],
  ])('is refused %s', (_label, version, percent, reason) => {
    const area: AreaName = version === 'y1' ? 'syllabus' : 'notes';
    const before = snapshot();
    const error = refusal(() =>
      releaseBuild(deployDir, area, areaBuild(area, version), {
        canaryPercent: percent,
      }),
    );
    expect(error.reasons.join('\n')).toMatch(reason);
    expect(snapshot()).toEqual(before);
  });

  it('is refused for the shell, which every page has exactly one of', () => {
    expect(() => releaseBuild(deployDir, 'shell', shellBuild('s2'), { canaryPercent: 10 })).toThrow(
      /no canary/,
    );
  });

  it('promote and abort without a canary are refused', () => {
    expect(() => promoteCanary(deployDir, 'notes')).toThrow(/notes has no canary running/);
    expect(() => abortCanary(deployDir, 'notes')).toThrow(/notes has no canary running/);
  });

  it('a full release while a canary runs replaces both', () => {
    releaseBuild(deployDir, 'notes', areaBuild('notes', 'n2'), {
      canaryPercent: 10,
    });
    releaseBuild(deployDir, 'notes', areaBuild('notes', 'n3'));
    expect(readRemotesStrict(deployDir).notes).toEqual({
      version: 'n3',
      entry: '/mfe/notes/n3/mf-manifest.json',
    });
  });
});

describe('rollback', () => {
  beforeEach(deployBaseline);

  it("goes back to the previous version, changing only that area's line byte for byte", () => {
    const before = readFileSync(path.join(deployDir, REMOTES_FILE), 'utf8');
    const shellBefore = readFileSync(path.join(deployDir, SHELL_POINTER_FILE), 'utf8');
    releaseBuild(deployDir, 'notes', areaBuild('notes', 'n2'));
    expect(rollbackApp(deployDir, 'notes')).toEqual({ from: 'n2', to: 'n1' });
    expect(readFileSync(path.join(deployDir, REMOTES_FILE), 'utf8')).toBe(before);
    expect(readFileSync(path.join(deployDir, SHELL_POINTER_FILE), 'utf8')).toBe(shellBefore);
    expect(listReleases(deployDir, 'notes').sort()).toEqual(['n1', 'n2']);
  });

  it('twice goes two steps back, never forward to the bad version', () => {
    releaseBuild(deployDir, 'notes', areaBuild('notes', 'n2'));
    releaseBuild(deployDir, 'notes', areaBuild('notes', 'n3'));
    expect(rollbackApp(deployDir, 'notes').to).toBe('n2');
    expect(rollbackApp(deployDir, 'notes').to).toBe('n1');
    expect(() => rollbackApp(deployDir, 'notes')).toThrow(
      /no earlier version of notes.*name one of: n(2|3), n(2|3)/,
    );
  });

  it('goes to a named released version', () => {
    releaseBuild(deployDir, 'notes', areaBuild('notes', 'n2'));
    releaseBuild(deployDir, 'notes', areaBuild('notes', 'n3'));
    expect(rollbackApp(deployDir, 'notes', 'n1')).toEqual({
      from: 'n3',
      to: 'n1',
    });
  });

  it('leaves every released folder byte for byte, so a browser offline on an older revision finds all its files (decision 035)', () => {
    /** Every file of every release folder, with its bytes. */
    const releasedFiles = () =>
      Object.fromEntries(
        readdirSync(path.join(deployDir, 'releases'), { recursive: true, encoding: 'utf8' })
          .map((file) => path.join(deployDir, 'releases', file))
          .filter((file) => lstatSync(file).isFile())
          .map((file) => [file, readFileSync(file).toString('base64')]),
      );
    const before = releasedFiles();
    releaseBuild(deployDir, 'notes', areaBuild('notes', 'n2'));
    releaseBuild(deployDir, 'notes', areaBuild('notes', 'n3'), { canaryPercent: 10 });
    abortCanary(deployDir, 'notes');
    releaseBuild(deployDir, 'shell', shellBuild('s2'));
    rollbackApp(deployDir, 'notes');
    rollbackApp(deployDir, 'shell');
    // The same version from other bytes is refused: a version's files are the ones first published.
    const n2Again = areaBuild('notes', 'n2');
    writeFileSync(path.join(n2Again, 'expose-Area.js'), '/* other bytes */');
    expect(() => releaseBuild(deployDir, 'notes', n2Again)).toThrow(/releases never change/);
    const after = releasedFiles();
    expect(Object.keys(after).filter((file) => !(file in before))).not.toHaveLength(0);
    expect(Object.fromEntries(Object.keys(before).map((file) => [file, after[file]]))).toEqual(before);

    // The rolled-back version still has every file its manifest names, as the worker kept them.
    const n1 = releaseDir(deployDir, 'notes', 'n1');
    const manifest = JSON.parse(readFileSync(path.join(n1, 'mf-manifest.json'), 'utf8')) as AreaManifest;
    expect(manifestFiles(manifest).filter((file) => !existsSync(path.join(n1, file)))).toEqual([]);
  });

  it('rolls back the shell through shell.json only', () => {
    const remotes = readFileSync(path.join(deployDir, REMOTES_FILE), 'utf8');
    releaseBuild(deployDir, 'shell', shellBuild('s2'));
    expect(rollbackApp(deployDir, 'shell')).toEqual({ from: 's2', to: 's1' });
    expect(readShellVersion(deployDir)).toBe('s1');
    expect(readFileSync(path.join(deployDir, REMOTES_FILE), 'utf8')).toBe(remotes);
  });

  it.each([
    ['to a version never released', 'n9', /notes n9 was never released/],
    ['to the live version', 'n1', /notes n1 is already live/],
    ['to a version that is not a version', '../shell', /Invalid version/],
  ])('is refused %s, changing nothing', (_label, version, reason) => {
    const before = snapshot();
    expect(() => rollbackApp(deployDir, 'notes', version)).toThrow(reason);
    expect(snapshot()).toEqual(before);
  });

  it('is refused when the older version no longer fits the live shell', () => {
    // The upgrade path to contract 2: a shell speaking both, the areas on 2, then a shell speaking only 2.
    releaseBuild(deployDir, 'shell', shellBuild('s2', { supportedContractVersions: [1, 2] }));
    releaseBuild(deployDir, 'notes', areaBuild('notes', 'n2', { contractVersion: 2 }));
    releaseBuild(deployDir, 'auth', areaBuild('auth', 'a2', { contractVersion: 2 }));
    releaseBuild(deployDir, 'shell', shellBuild('s3', { supportedContractVersions: [2] }));
    const before = snapshot();
    const error = refusal(() => rollbackApp(deployDir, 'notes'));
    expect(error.reasons).toEqual([
      'notes n1 implements contract version 1, but the live shell s3 supports 2',
    ]);
    expect(snapshot()).toEqual(before);
  });
});

describe('releasing several apps together (decision 014)', () => {
  const contract2 = () => [
    { app: 'shell' as const, dir: shellBuild('s2', { contractVersion: 2, supportedContractVersions: [2] }) },
    { app: 'notes' as const, dir: areaBuild('notes', 'n2', { contractVersion: 2 }) },
    { app: 'auth' as const, dir: areaBuild('auth', 'a2', { contractVersion: 2 }) },
  ];

  it('ships a change of contract that no app could ship alone, shell first', () => {
    deployBaseline();
    const builds = contract2();
    // One at a time, each is refused: the new shell cannot render the live areas, nor the old shell the new.
    expect(refusal(() => releaseBuild(deployDir, 'shell', builds[0]!.dir)).reasons).toHaveLength(2);
    expect(refusal(() => releaseBuild(deployDir, 'notes', builds[1]!.dir)).reasons).toEqual([
      'notes n2 implements contract version 2, but the live shell s1 supports 1',
    ]);

    const outcomes = releaseTogether(deployDir, builds);
    expect(outcomes.map(({ app, result }) => `${app} ${result}`)).toEqual([
      'shell live',
      'notes live',
      'auth live',
    ]);
    expect(readShellVersion(deployDir)).toBe('s2');
    expect(readRemotesStrict(deployDir)).toMatchObject({ notes: { version: 'n2' }, auth: { version: 'a2' } });
    expect(outcomes[1]!.checkedAgainst).toEqual(['shell s2 (released with it)']);
  });

  it('refuses all of them, changing nothing, when an area left live would not fit the new shell', () => {
    deployBaseline();
    const before = snapshot();
    const [shell, notes] = contract2();
    const error = refusal(() => releaseTogether(deployDir, [shell!, notes!]));
    expect(error.reasons).toEqual([
      'shell: auth a1 implements contract version 1, but this shell supports 2',
    ]);
    expect(snapshot()).toEqual(before);
  });

  it('says "already live" of an app whose version is live, and releases the rest', () => {
    deployBaseline();
    const outcomes = releaseTogether(deployDir, [
      { app: 'shell', dir: shellBuild('s1') },
      { app: 'notes', dir: areaBuild('notes', 'n2') },
    ]);
    expect(outcomes.map(({ app, result }) => `${app} ${result}`)).toEqual([
      'shell already-live',
      'notes live',
    ]);
  });
});

describe('shared package exports (decision 020)', () => {
  // The issue 14 experiment: notes starts using a helper added to @studyhub/shared after the live shell was built.
  const withHelper = [...FIXTURE_PROVIDES, 'formatBytes'];
  const notesNeedingHelper = () =>
    areaBuild('notes', 'n2', {
      sharedVersion: '1.0.0-new',
      sharedProvides: withHelper,
      sharedNeeds: [...FIXTURE_NEEDS, 'formatBytes'],
    });

  it('refuses an area needing an export the live shell lacks, naming it, and changes nothing', () => {
    deployBaseline();
    const before = snapshot();
    const error = refusal(() => releaseBuild(deployDir, 'notes', notesNeedingHelper()));
    expect(error.reasons).toEqual([
      'notes n2 needs @studyhub/shared exports the live shell s1 does not provide: formatBytes ' +
        "(notes was built with @studyhub/shared 1.0.0-new, the shell's copy is 1.0.0-fixture). " +
        'Release it together with a shell that provides them (npm run release -- shell notes).',
    ]);
    expect(snapshot()).toEqual(before);
  });

  it('refuses it in a canary too: a canary runs in the same shell', () => {
    deployBaseline();
    const error = refusal(() =>
      releaseBuild(deployDir, 'notes', notesNeedingHelper(), { canaryPercent: 10 }),
    );
    expect(error.reasons.join('\n')).toMatch(/does not provide: formatBytes/);
  });

  it('releases it together with a shell that provides the export', () => {
    deployBaseline();
    const shell = shellBuild('s2', { sharedVersion: '1.0.0-new', sharedProvides: withHelper });
    const outcomes = releaseTogether(deployDir, [
      { app: 'shell', dir: shell },
      { app: 'notes', dir: notesNeedingHelper() },
    ]);
    expect(outcomes.map(({ app, result }) => `${app} ${result}`)).toEqual(['shell live', 'notes live']);
    expect(readShellVersion(deployDir)).toBe('s2');
    expect(readRemotesStrict(deployDir).notes?.version).toBe('n2');
  });

  it('refuses both, changing nothing, when the shell released with it lacks the export too', () => {
    deployBaseline();
    const before = snapshot();
    const error = refusal(() =>
      releaseTogether(deployDir, [
        { app: 'shell', dir: shellBuild('s2') },
        { app: 'notes', dir: notesNeedingHelper() },
      ]),
    );
    expect(error.reasons).toEqual([
      'notes: notes n2 needs @studyhub/shared exports shell s2 (released with it) does not provide: ' +
        "formatBytes (notes was built with @studyhub/shared 1.0.0-new, the shell's copy is 1.0.0-fixture). " +
        'Build that shell from shared sources that provide them.',
    ]);
    expect(snapshot()).toEqual(before);
  });

  it('refuses a shell that drops an export a live area needs, naming area and export', () => {
    deployBaseline();
    const before = snapshot();
    const withoutApiClient = FIXTURE_PROVIDES.filter((name) => name !== 'apiClient');
    const error = refusal(() =>
      releaseBuild(
        deployDir,
        'shell',
        shellBuild('s2', { sharedVersion: '1.0.0-new', sharedProvides: withoutApiClient }),
      ),
    );
    const dropped = (area: string) =>
      `this shell's @studyhub/shared 1.0.0-new does not provide exports that ${area} (live) needs: ` +
      `apiClient. Keep them in @studyhub/shared, or release ${area.split(' ')[0]} built without them ` +
      `together with this shell (npm run release -- shell ${area.split(' ')[0]}).`;
    expect(error.reasons).toEqual([dropped('auth a1'), dropped('notes n1')]);
    expect(snapshot()).toEqual(before);
  });

  it('passes when the needs are unchanged, whatever else the shared package gained', () => {
    deployBaseline();
    const shell = shellBuild('s2', { sharedVersion: '1.0.0-new', sharedProvides: withHelper });
    expect(releaseBuild(deployDir, 'shell', shell).result).toBe('live');
    // An area built against the newer copy that needs nothing new runs in the new shell and the old one.
    const notes = areaBuild('notes', 'n2', { sharedVersion: '1.0.0-new', sharedProvides: withHelper });
    expect(releaseBuild(deployDir, 'notes', notes).result).toBe('live');
    expect(rollbackApp(deployDir, 'shell').to).toBe('s1');
  });

  it('rolls the shell back only while the areas live then do not need what it lacks', () => {
    deployBaseline();
    releaseTogether(deployDir, [
      { app: 'shell', dir: shellBuild('s2', { sharedVersion: '1.0.0-new', sharedProvides: withHelper }) },
      { app: 'notes', dir: notesNeedingHelper() },
    ]);
    const error = refusal(() => rollbackApp(deployDir, 'shell'));
    expect(error.reasons.join('\n')).toMatch(
      /does not provide exports that notes n2 \(live\) needs: formatBytes/,
    );
  });

  // A changed export: the shell's copy of `Page` takes other props than the one notes was built against.
  const changedPage = { sharedVersion: '1.0.0-new', changedSignatures: { Page: 'Page@2' } };

  it('refuses an area built against another signature of an export than the live shell provides', () => {
    deployBaseline();
    const before = snapshot();
    const error = refusal(() => releaseBuild(deployDir, 'notes', areaBuild('notes', 'n2', changedPage)));
    expect(error.reasons).toEqual([
      'notes n2 was built against other signatures of @studyhub/shared exports than the live shell s1 provides: ' +
        "Page (notes was built with @studyhub/shared 1.0.0-new, the shell's copy is 1.0.0-fixture). " +
        'Release it together with a shell built from the same shared sources (npm run release -- shell notes).',
    ]);
    expect(snapshot()).toEqual(before);
  });

  it('refuses a shell that changes the signature of an export a live area needs, naming area and export', () => {
    deployBaseline();
    const before = snapshot();
    const error = refusal(() => releaseBuild(deployDir, 'shell', shellBuild('s2', changedPage)));
    const changed = (area: string, app: string) =>
      `this shell's @studyhub/shared 1.0.0-new changes the signatures of exports that ${area} (live) needs: ` +
      `Page. Keep their signatures, or release ${app} built against the change together with this shell ` +
      `(npm run release -- shell ${app}).`;
    expect(error.reasons).toEqual([changed('auth a1', 'auth'), changed('notes n1', 'notes')]);
    expect(snapshot()).toEqual(before);
  });

  it('releases a shell whose changed export no live area needs, and the changed pair together', () => {
    deployBaseline();
    const changedTitle = { sharedVersion: '1.0.0-new', changedSignatures: { PageTitle: 'PageTitle@2' } };
    expect(releaseBuild(deployDir, 'shell', shellBuild('s2', changedTitle)).result).toBe('live');
    const outcomes = releaseTogether(deployDir, [
      { app: 'shell', dir: shellBuild('s3', changedPage) },
      { app: 'notes', dir: areaBuild('notes', 'n2', changedPage) },
      { app: 'auth', dir: areaBuild('auth', 'a2', changedPage) },
    ]);
    expect(outcomes.map(({ app, result }) => `${app} ${result}`)).toEqual([
      'shell live',
      'notes live',
      'auth live',
    ]);
  });

  it('refuses a shared-usage.json whose signatures are not fingerprints', () => {
    deployBaseline();
    const usage = {
      package: '@studyhub/shared',
      version: 'v',
      provides: [],
      needs: [],
      signatures: ['Page'],
    };
    const dir = areaBuild('notes', 'n2', { extraFiles: { 'shared-usage.json': JSON.stringify(usage) } });
    expect(refusal(() => releaseBuild(deployDir, 'notes', dir)).reasons).toEqual([
      "shared-usage.json's signatures is not a map of export names to fingerprints",
    ]);
  });

  it('does not compare builds made before the usage was recorded (a rollback to one must work)', () => {
    releaseBuild(deployDir, 'shell', shellBuild('s1', { recordsSharedUsage: false }));
    expect(releaseBuild(deployDir, 'notes', notesNeedingHelper()).result).toBe('live');
  });

  it('refuses a build whose shared-usage.json is malformed', () => {
    deployBaseline();
    const dir = areaBuild('notes', 'n2', { extraFiles: { 'shared-usage.json': '{"needs":"formatBytes"}' } });
    expect(refusal(() => releaseBuild(deployDir, 'notes', dir)).reasons).toEqual([
      'shared-usage.json has no package',
      'shared-usage.json has no version',
      "shared-usage.json's provides is not a list of names",
      "shared-usage.json's needs is not a list of names",
    ]);
  });
});

describe('status', () => {
  it("shows each app's live version, canary, history and releases on disk", () => {
    deployBaseline();
    releaseBuild(deployDir, 'notes', areaBuild('notes', 'n2'), {
      canaryPercent: 25,
    });
    const [shell, auth, notes, syllabus] = releaseStatus(deployDir, ['shell', 'auth', 'notes', 'syllabus']);
    expect(shell).toMatchObject({
      app: 'shell',
      live: 's1',
      canary: null,
      releases: ['s1'],
    });
    expect(auth).toMatchObject({ live: 'a1', canary: null });
    expect(notes).toMatchObject({
      live: 'n1',
      canary: { version: 'n2', percent: 25 },
    });
    expect(notes!.history.map((event) => event.action)).toEqual(['release', 'canary']);
    expect(syllabus).toMatchObject({
      live: null,
      canary: null,
      history: [],
      releases: [],
    });
  });
});
