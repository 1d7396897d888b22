/**
 * The deploy folder every server and release tool agrees on (DESIGN §3–§4). Node only.
 *
 *   <deploy>/remotes.json                     which version of each area is live (the shell fetches it)
 *   <deploy>/shell.json                       which shell build the server serves at /
 *   <deploy>/releases/<app>/<version>/…       immutable builds, one folder per version
 */
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseRemotesFile, type AreaName, type RemotesFile } from '../contract';

export const REMOTES_FILE = 'remotes.json';
export const SHELL_POINTER_FILE = 'shell.json';
export const RELEASES_DIR = 'releases';

/** Versions are folder names in URLs: letters, digits, dots, dashes, underscores, plus signs. */
export const VERSION_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,63}$/;

export function releaseDir(deployDir: string, app: AreaName | 'shell', version: string): string {
  if (!VERSION_PATTERN.test(version)) throw new Error(`Invalid version: ${version}`);
  return path.join(deployDir, RELEASES_DIR, app, version);
}

export function areaEntryUrl(area: AreaName, version: string): string {
  return `/mfe/${area}/${version}/mf-manifest.json`;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

export function readRemotes(deployDir: string): RemotesFile {
  return parseRemotesFile(readJson(path.join(deployDir, REMOTES_FILE)));
}

export function readShellVersion(deployDir: string): string | null {
  const pointer = readJson(path.join(deployDir, SHELL_POINTER_FILE)) as { version?: unknown } | null;
  const version = pointer?.version;
  return typeof version === 'string' && VERSION_PATTERN.test(version) ? version : null;
}

/** Write-then-rename, so a reader sees the old file or the new one, never half of one. */
export function writeFileAtomic(file: string, content: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temp, content);
  renameSync(temp, file);
}

function writeJsonAtomic(file: string, value: unknown): void {
  writeFileAtomic(file, `${JSON.stringify(value, null, 2)}\n`);
}

/** Copies a build into its release folder once; a version that exists already is left as it is (immutable). */
export function publishBuild(
  deployDir: string,
  app: AreaName | 'shell',
  version: string,
  buildDir: string,
): string {
  const target = releaseDir(deployDir, app, version);
  if (existsSync(target)) return target;
  const staging = `${target}.${process.pid}.staging`;
  rmSync(staging, { recursive: true, force: true });
  cpSync(buildDir, staging, { recursive: true });
  renameSync(staging, target);
  return target;
}

/** Makes one area's version live; other areas' entries are kept as they are. */
export function pointArea(deployDir: string, area: AreaName, version: string): void {
  if (!existsSync(path.join(releaseDir(deployDir, area, version), 'mf-manifest.json'))) {
    throw new Error(`${area} ${version} has no mf-manifest.json; refusing to make it live`);
  }
  const remotes = readRemotes(deployDir);
  remotes[area] = { version, entry: areaEntryUrl(area, version) };
  writeJsonAtomic(path.join(deployDir, REMOTES_FILE), remotes);
}

export function pointShell(deployDir: string, version: string): void {
  if (!existsSync(path.join(releaseDir(deployDir, 'shell', version), 'index.html'))) {
    throw new Error(`shell ${version} has no index.html; refusing to make it live`);
  }
  writeJsonAtomic(path.join(deployDir, SHELL_POINTER_FILE), { version });
}
