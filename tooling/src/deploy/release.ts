/**
 * Release operations on a deploy folder (decision 008): release (live or canary), promote, abort, rollback, status.
 * Each one checks first, changes only its own app's pointer, records the change in history.json, and runs under
 * the deploy lock. A refusal changes nothing.
 */
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { areaEntryUrl, isCanaryPercent, type AreaName, type CanaryVersion } from '@studyhub/contract';
import {
  appendHistory,
  dropCanary,
  HISTORY_FILE,
  historyEvent,
  isCompressedCopy,
  isSourceMap,
  listReleases,
  previousVersion,
  readHistory,
  readRemotesStrict,
  readShellVersion,
  releaseDir,
  REMOTES_FILE,
  SHELL_POINTER_FILE,
  sourceMapDir,
  withDeployLock,
  writeRemotes,
  writeShellPointer,
  type AppName,
  type HistoryEvent,
  type ReleaseAction,
} from '@studyhub/deploy-folder';
import { folderSize, publishBuild } from './publish';
import {
  artefactProblems,
  compatibilityProblems,
  inspectBuild,
  ReleaseRefusedError,
  type InspectedBuild,
} from './release-checks';

export function liveVersion(deployDir: string, app: AppName): string | null {
  return app === 'shell' ? readShellVersion(deployDir) : (readRemotesStrict(deployDir)[app]?.version ?? null);
}

/** Makes one area's version live for everyone (dropping its canary); other areas' entries keep their bytes. */
export function pointArea(
  deployDir: string,
  area: AreaName,
  version: string,
  action: ReleaseAction = 'release',
): void {
  if (!existsSync(path.join(releaseDir(deployDir, area, version), 'mf-manifest.json'))) {
    throw new Error(`${area} ${version} has no mf-manifest.json; refusing to make it live`);
  }
  withDeployLock(deployDir, () => {
    const remotes = readRemotesStrict(deployDir);
    remotes[area] = { version, entry: areaEntryUrl(area, version) };
    writeRemotes(deployDir, remotes);
    appendHistory(deployDir, area, historyEvent(action, version));
  });
}

export function pointShell(deployDir: string, version: string, action: ReleaseAction = 'release'): void {
  if (!existsSync(path.join(releaseDir(deployDir, 'shell', version), 'index.html'))) {
    throw new Error(`shell ${version} has no index.html; refusing to make it live`);
  }
  withDeployLock(deployDir, () => {
    writeShellPointer(deployDir, version);
    appendHistory(deployDir, 'shell', historyEvent(action, version));
  });
}

function pointApp(deployDir: string, app: AppName, version: string, action: ReleaseAction): void {
  if (app === 'shell') pointShell(deployDir, version, action);
  else pointArea(deployDir, app, version, action);
}

/**
 * The files of a build as a release folder holds them, without what publishing adds: source maps are kept
 * elsewhere, and the compressed copies of its text files are made from them.
 */
function filesOf(dir: string): string[] {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
    (file) => !isSourceMap(file) && statSync(path.join(dir, file)).isFile(),
  );
  const present = new Set(files);
  return files.filter((file) => !isCompressedCopy(file, present)).sort();
}

function sameContent(a: string, b: string): boolean {
  const files = filesOf(a);
  if (files.join('\n') !== filesOf(b).join('\n')) return false;
  return files.every((file) => readFileSync(path.join(a, file)).equals(readFileSync(path.join(b, file))));
}

/** A version is immutable: releasing it again is fine only with exactly the same files. */
function republishProblems(deployDir: string, build: InspectedBuild): string[] {
  const existing = releaseDir(deployDir, build.app, build.info.version);
  if (!existsSync(existing) || realpathSync(existing) === build.dir) return [];
  if (sameContent(existing, build.dir)) return [];
  return [
    `${build.app} ${build.info.version} is already released with different files, and releases never change; ` +
      'build it again with a new build id (--build-id)',
  ];
}

function canaryProblems(deployDir: string, area: AreaName, version: string, percent: number): string[] {
  const live = readRemotesStrict(deployDir)[area];
  if (!isCanaryPercent(percent))
    return [`the canary share must be a whole percentage from 1 to 99, got ${percent}`];
  if (!live)
    return [`${area} has no live version for a canary to run beside; release it without --canary first`];
  if (live.version === version) return [`${area} ${version} is already live for everyone`];
  return [];
}

/** Checks an area or shell build against its deploy folder: everything a refusal would name. */
function releaseProblems(
  deployDir: string,
  build: InspectedBuild,
  dryRun: boolean,
  releasedWith: readonly InspectedBuild[] = [],
): { problems: string[]; checkedAgainst: string[] } {
  const compatibility = compatibilityProblems(deployDir, build, releasedWith);
  const problems = [
    ...artefactProblems(build),
    ...compatibility.problems,
    ...republishProblems(deployDir, build),
  ];
  if (!dryRun && build.app !== 'shell' && compatibility.checkedAgainst.length === 0) {
    problems.push('there is no live shell to check it against; release the shell first');
  }
  return { problems, checkedAgainst: compatibility.checkedAgainst };
}

export interface ReleaseOptions {
  /** Serve the version to this share of browsers beside the live one, instead of to everyone. */
  canaryPercent?: number;
  /** Run every check and report; change nothing. */
  dryRun?: boolean;
}

export interface ReleaseOutcome {
  app: AppName;
  version: string;
  result: 'live' | 'canary' | 'already-live' | 'checked';
  /** Files and bytes copied into releases/; null when the version was there already (or a dry run). */
  copied: { files: number; bytes: number } | null;
  /** Where the version's source maps are kept, and their files and bytes; null when none were copied. */
  sourceMaps: { dir: string; files: number; bytes: number } | null;
  /** Bytes of the pointer file and history.json written. */
  pointerBytes: number;
  checkedAgainst: string[];
}

function pointerBytes(deployDir: string, app: AppName): number {
  const pointer = app === 'shell' ? SHELL_POINTER_FILE : REMOTES_FILE;
  return [pointer, HISTORY_FILE].reduce((sum, file) => sum + statSync(path.join(deployDir, file)).size, 0);
}

/** Checks a build, publishes it as an immutable version and makes it live (or a canary). */
export function releaseBuild(
  deployDir: string,
  app: AppName,
  buildDir: string,
  options: ReleaseOptions = {},
): ReleaseOutcome {
  const build = inspectBuild(app, buildDir);
  const { version } = build.info;
  const subject = `${app} ${version}`;
  const { canaryPercent, dryRun = false } = options;
  if (canaryPercent !== undefined && app === 'shell') {
    throw new ReleaseRefusedError(subject, ['the shell has no canary: every page has exactly one shell']);
  }
  const release = (): ReleaseOutcome => {
    const { problems, checkedAgainst } = releaseProblems(deployDir, build, dryRun);
    if (canaryPercent !== undefined)
      problems.push(...canaryProblems(deployDir, app as AreaName, version, canaryPercent));
    if (problems.length > 0) throw new ReleaseRefusedError(subject, problems);
    if (dryRun) return { ...emptyOutcome(build, checkedAgainst), result: 'checked' };
    return makeLive(deployDir, build, checkedAgainst, canaryPercent);
  };
  return dryRun ? release() : withDeployLock(deployDir, release);
}

function emptyOutcome(build: InspectedBuild, checkedAgainst: string[]) {
  return {
    app: build.app,
    version: build.info.version,
    copied: null,
    sourceMaps: null,
    pointerBytes: 0,
    checkedAgainst,
  };
}

/** Publishes a checked build as an immutable version and points its app at it (or starts its canary). */
function makeLive(
  deployDir: string,
  build: InspectedBuild,
  checkedAgainst: string[],
  canaryPercent?: number,
): ReleaseOutcome {
  const { app } = build;
  const { version } = build.info;
  const outcome = emptyOutcome(build, checkedAgainst);
  const canaryRunning = app !== 'shell' && readRemotesStrict(deployDir)[app]?.canary !== undefined;
  if (liveVersion(deployDir, app) === version && canaryPercent === undefined && !canaryRunning) {
    return { ...outcome, result: 'already-live' };
  }
  const published = publishBuild(deployDir, app, version, build.dir);
  const copied = published.copied ? folderSize(published.dir) : null;
  const mapsDir = sourceMapDir(deployDir, app, version);
  const sourceMaps = copied && existsSync(mapsDir) ? { dir: mapsDir, ...folderSize(mapsDir) } : null;
  if (canaryPercent === undefined) pointApp(deployDir, app, version, 'release');
  else startCanary(deployDir, app as AreaName, version, canaryPercent);
  return {
    ...outcome,
    result: canaryPercent === undefined ? 'live' : 'canary',
    copied,
    sourceMaps,
    pointerBytes: pointerBytes(deployDir, app),
  };
}

/**
 * Releases several apps as one change (a platform release): each build is checked against the others and
 * against what stays live, all checks pass before anything is published, and the shell is pointed first.
 * This is how a change to the runtime contract ships: a shell that renders only the new contract and the areas
 * that speak it could not be released one by one.
 */
export function releaseTogether(
  deployDir: string,
  builds: readonly { app: AppName; dir: string }[],
): ReleaseOutcome[] {
  const inspected = builds.map(({ app, dir }) => inspectBuild(app, dir));
  return withDeployLock(deployDir, () => {
    const checked = inspected.map((build) => {
      const { problems, checkedAgainst } = releaseProblems(deployDir, build, false, inspected);
      return { build, problems, checkedAgainst };
    });
    const refused = checked.filter(({ problems }) => problems.length > 0);
    if (refused.length > 0) {
      throw new ReleaseRefusedError(
        checked.map(({ build }) => `${build.app} ${build.info.version}`).join(', '),
        refused.flatMap(({ build, problems }) => problems.map((problem) => `${build.app}: ${problem}`)),
      );
    }
    const shellFirst = [...checked].sort(
      (a, b) => Number(b.build.app === 'shell') - Number(a.build.app === 'shell'),
    );
    return shellFirst.map(({ build, checkedAgainst }) => makeLive(deployDir, build, checkedAgainst));
  });
}

function startCanary(deployDir: string, area: AreaName, version: string, percent: number): void {
  const remotes = readRemotesStrict(deployDir);
  const live = remotes[area];
  if (!live) throw new Error(`${area} has no live version`);
  const canary: CanaryVersion = { version, entry: areaEntryUrl(area, version), percent };
  remotes[area] = { version: live.version, entry: live.entry, canary };
  writeRemotes(deployDir, remotes);
  appendHistory(deployDir, area, historyEvent('canary', version, { percent }));
}

/** Re-checks a published version against what is live now (the shell may have moved on since its release). */
function recheck(deployDir: string, app: AppName, version: string, subject: string): void {
  const dir = releaseDir(deployDir, app, version);
  if (!existsSync(dir))
    throw new ReleaseRefusedError(subject, [`${app} ${version} was never released (no ${dir})`]);
  const build = inspectBuild(app, dir);
  const problems = [...artefactProblems(build), ...compatibilityProblems(deployDir, build).problems];
  if (problems.length > 0) throw new ReleaseRefusedError(subject, problems);
}

function currentCanary(deployDir: string, area: AreaName, subject: string): CanaryVersion {
  const canary = readRemotesStrict(deployDir)[area]?.canary;
  if (!canary) throw new ReleaseRefusedError(subject, [`${area} has no canary running`]);
  return canary;
}

/** The canary becomes live for everyone. */
export function promoteCanary(deployDir: string, area: AreaName): string {
  return withDeployLock(deployDir, () => {
    const subject = `promote of ${area}`;
    const { version } = currentCanary(deployDir, area, subject);
    recheck(deployDir, area, version, subject);
    pointArea(deployDir, area, version, 'promote');
    return version;
  });
}

/** The canary is dropped; everyone gets the live version again. */
export function abortCanary(deployDir: string, area: AreaName): string {
  return withDeployLock(deployDir, () => {
    const { version } = currentCanary(deployDir, area, `abort of ${area}`);
    dropCanary(deployDir, area, version);
    return version;
  });
}

/** Goes back to the version live before the current one, or to a named released version. */
export function rollbackApp(
  deployDir: string,
  app: AppName,
  version?: string,
): { from: string | null; to: string } {
  return withDeployLock(deployDir, () => {
    const subject = `rollback of ${app}`;
    const live = liveVersion(deployDir, app);
    const target = version ?? previousVersion(readHistory(deployDir)[app] ?? [], live);
    if (!target) {
      const others = listReleases(deployDir, app).filter((release) => release !== live);
      throw new ReleaseRefusedError(subject, [
        `no earlier version of ${app} is recorded in ${HISTORY_FILE}; name one` +
          (others.length > 0 ? ` of: ${others.join(', ')}` : ' (none is on disk)'),
      ]);
    }
    if (target === live) throw new ReleaseRefusedError(subject, [`${app} ${target} is already live`]);
    recheck(deployDir, app, target, subject);
    pointApp(deployDir, app, target, 'rollback');
    return { from: live, to: target };
  });
}

export interface AppStatus {
  app: AppName;
  live: string | null;
  canary: CanaryVersion | null;
  history: HistoryEvent[];
  /** Versions on disk, newest first. */
  releases: string[];
}

export function releaseStatus(deployDir: string, apps: readonly AppName[]): AppStatus[] {
  const remotes = readRemotesStrict(deployDir);
  const history = readHistory(deployDir);
  return apps.map((app) => ({
    app,
    live: app === 'shell' ? readShellVersion(deployDir) : (remotes[app]?.version ?? null),
    canary: app === 'shell' ? null : (remotes[app]?.canary ?? null),
    history: history[app] ?? [],
    releases: listReleases(deployDir, app),
  }));
}
