/**
 * The deploy folder every server and release tool agrees on (DESIGN §3–§4). Node only.
 *
 *   <deploy>/remotes.json                     which version of each area is live, and canaries (the shell reads it)
 *   <deploy>/shell.json                       which shell build the server serves at /
 *   <deploy>/history.json                     every change of what is live (rollback steps back along it)
 *   <deploy>/.release.lock                    held while a release tool changes any of the above
 *   <deploy>/releases/<app>/<version>/…       immutable builds, one folder per version
 */
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { AREAS, VERSION_PATTERN } from '../contract';

export const REMOTES_FILE = 'remotes.json';
export const SHELL_POINTER_FILE = 'shell.json';
export const RELEASES_DIR = 'releases';

/** Every deployable: the shell and each area. */
export const APP_NAMES = ['shell', ...AREAS] as const;
export type AppName = (typeof APP_NAMES)[number];

export function releaseDir(deployDir: string, app: AppName, version: string): string {
  if (!VERSION_PATTERN.test(version)) throw new Error(`Invalid version: ${version}`);
  return path.join(deployDir, RELEASES_DIR, app, version);
}

/** Released versions of an app on disk, newest first. */
export function listReleases(deployDir: string, app: AppName): string[] {
  const dir = path.join(deployDir, RELEASES_DIR, app);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => VERSION_PATTERN.test(name))
    .map((name) => ({ name, time: statSync(path.join(dir, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time)
    .map(({ name }) => name);
}

/**
 * A pointer file a release tool is about to rewrite: null when there is none yet, and an error saying what to
 * repair when it is not a JSON object, because rewriting it would lose what it holds.
 */
export function readJsonObjectFile(file: string): Record<string, unknown> | null {
  if (!existsSync(file)) return null;
  const text = readFileSync(file, 'utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not valid JSON (${(error as Error).message}); repair it first`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${file} must be a JSON object; repair it first`);
  }
  return value as Record<string, unknown>;
}

/** Write-then-rename, so a reader sees the old file or the new one, never half of one. */
export function writeFileAtomic(file: string, content: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temp, content);
  renameSync(temp, file);
}

/** Files and bytes under a folder (what a release copies). */
export function folderSize(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

/**
 * Copies a build into its release folder once; a version that exists already is left as it is (immutable).
 * The copy goes to a hidden staging folder first (a name no version can have) and is renamed into place.
 */
export function publishBuild(
  deployDir: string,
  app: AppName,
  version: string,
  buildDir: string,
): { dir: string; copied: boolean } {
  const target = releaseDir(deployDir, app, version);
  if (existsSync(target)) return { dir: target, copied: false };
  const staging = path.join(path.dirname(target), `.staging-${version}-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  cpSync(buildDir, staging, { recursive: true });
  try {
    renameSync(staging, target);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    // Someone else published the same version meanwhile: same version, same build.
    if (existsSync(target)) return { dir: target, copied: false };
    throw error;
  }
  return { dir: target, copied: true };
}
