/**
 * The deploy folder every server and release tool agrees on (architecture §3–§4). Node only.
 *
 *   <deploy>/remotes.json                     which version of each area is live, and canaries (the shell reads it)
 *   <deploy>/shell.json                       which shell build the server serves at /
 *   <deploy>/history.json                     every change of what is live (rollback steps back along it)
 *   <deploy>/.release.lock                    held while a release tool changes any of the above
 *   <deploy>/releases/<app>/<version>/…       immutable builds, one folder per version (what the site serves)
 *   <deploy>/sourcemaps/<app>/<version>/…     their source maps, kept for debugging and not served by default
 */
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { AREAS, VERSION_PATTERN } from '@studyhub/contract';

export const REMOTES_FILE = 'remotes.json';
export const SHELL_POINTER_FILE = 'shell.json';
export const RELEASES_DIR = 'releases';
export const SOURCEMAPS_DIR = 'sourcemaps';

/** Every deployable: the shell and each area. */
export const APP_NAMES = ['shell', ...AREAS] as const;
export type AppName = (typeof APP_NAMES)[number];

function versionDir(deployDir: string, folder: string, app: AppName, version: string): string {
  if (!VERSION_PATTERN.test(version)) throw new Error(`Invalid version: ${version}`);
  return path.join(deployDir, folder, app, version);
}

export function releaseDir(deployDir: string, app: AppName, version: string): string {
  return versionDir(deployDir, RELEASES_DIR, app, version);
}

/** Where a release's source maps are kept: beside it, outside what the site serves (docs/security.md item 45). */
export function sourceMapDir(deployDir: string, app: AppName, version: string): string {
  return versionDir(deployDir, SOURCEMAPS_DIR, app, version);
}

export const isSourceMap = (file: string): boolean => file.endsWith('.map');

/** One segment of a release path: the characters webpack names files with; none a URL or a filesystem reads as a place. */
const PATH_SEGMENT = /^[\w@+~=,.-]+$/;

/**
 * A file inside a release folder, as a build's manifest or a request names it: relative, '/'-separated, with no
 * '.', '..' or empty segment and no character (backslash, colon, percent, NUL…) that a filesystem or a browser
 * could read as another place (docs/security.md item 37).
 */
export function isReleasePath(file: unknown): file is string {
  return (
    typeof file === 'string' &&
    file.split('/').every((segment) => PATH_SEGMENT.test(segment) && segment !== '.' && segment !== '..')
  );
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

/**
 * Compressed copies of a release's text files, written once beside each (`main.js.br`, `main.js.gz`) at the
 * best levels, since a release never changes: the server sends the one the browser accepts and compresses
 * nothing per request (decision 013). A copy that would not be smaller is not written.
 */
export const PRECOMPRESSED = [
  {
    encoding: 'br',
    extension: '.br',
    compress: (bytes: Buffer) =>
      brotliCompressSync(bytes, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
  },
  { encoding: 'gzip', extension: '.gz', compress: (bytes: Buffer) => gzipSync(bytes, { level: 9 }) },
] as const;

/** `file` is a compressed copy publishing wrote of another file in `files`. */
export function isCompressedCopy(file: string, files: ReadonlySet<string>): boolean {
  return PRECOMPRESSED.some(
    ({ extension }) => file.endsWith(extension) && files.has(file.slice(0, -extension.length)),
  );
}
