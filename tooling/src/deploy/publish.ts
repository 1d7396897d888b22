/**
 * Publishing a build into the deploy folder (the release engine's one write under releases/ and sourcemaps/):
 * regular files and folders only, the text files with compressed copies beside them, source maps kept apart.
 */
import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  type Stats,
} from 'node:fs';
import path from 'node:path';
import { isSourceMap, PRECOMPRESSED, releaseDir, sourceMapDir, type AppName } from '@studyhub/deploy-folder';

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

/** What an entry of a build is when it is neither a regular file nor a folder, which a release never holds. */
function irregularKind(stats: Stats): string | null {
  if (stats.isFile() || stats.isDirectory()) return null;
  if (stats.isSymbolicLink()) return 'a symbolic link';
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isSocket()) return 'a socket';
  return 'a device';
}

/** Every entry under `dir` ('/'-separated path and lstat), a folder before its contents; no link is followed. */
function* treeEntries(dir: string, relative = ''): Generator<{ file: string; stats: Stats }> {
  for (const name of readdirSync(path.join(dir, relative)).sort()) {
    const file = relative ? `${relative}/${name}` : name;
    const stats = lstatSync(path.join(dir, file));
    yield { file, stats };
    if (stats.isDirectory()) yield* treeEntries(dir, file);
  }
}

/**
 * Everything in a build that is not a regular file or a folder — a link, a FIFO, a socket, a device — as
 * "<path> is a symbolic link": a release copies none of them, and a link would be served as what it points at
 * (docs/security.md item 37).
 */
export function irregularEntries(dir: string): string[] {
  return [...treeEntries(dir)].flatMap(({ file, stats }) => {
    const kind = irregularKind(stats);
    return kind ? [`${file} is ${kind}`] : [];
  });
}

function irregularEntryError(buildDir: string, file: string, kind: string): Error {
  return new Error(
    `${file} in ${buildDir} is ${kind}; a release holds only regular files and folders, so nothing was published`,
  );
}

/**
 * Copies one regular file. It is opened without following a link or waiting on a FIFO, and checked once open,
 * so an entry swapped for one after the build was checked is refused, never followed (docs/security.md item 37).
 */
function copyRegularFile(buildDir: string, file: string, to: string): Buffer {
  let fd: number;
  try {
    fd = openSync(
      path.join(buildDir, file),
      constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK,
    );
  } catch (error) {
    const link = (error as NodeJS.ErrnoException).code === 'ELOOP';
    throw link ? irregularEntryError(buildDir, file, 'a symbolic link') : error;
  }
  try {
    const kind = irregularKind(fstatSync(fd));
    if (kind) throw irregularEntryError(buildDir, file, kind);
    const bytes = readFileSync(fd);
    writeFileSync(to, bytes);
    return bytes;
  } finally {
    closeSync(fd);
  }
}

/** Text the site sends; images, fonts and PDFs are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|xml|webmanifest)$/i;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_COMPRESS_BYTES = 256;

function writeCompressedCopies(file: string, bytes: Buffer): void {
  if (!COMPRESSIBLE.test(file) || bytes.length < MIN_COMPRESS_BYTES) return;
  for (const { extension, compress } of PRECOMPRESSED) {
    const compressed = compress(bytes);
    if (compressed.length < bytes.length) writeFileSync(`${file}${extension}`, compressed);
  }
}

/**
 * Copies a build's folders and regular files into `releaseTo` with compressed copies of its text files, its
 * source maps into `mapsTo` instead (the site does not publish them, docs/security.md item 45), and refuses anything else rather than copy a link as a link
 * or the file it points at.
 */
function copyBuild(buildDir: string, releaseTo: string, mapsTo: string): void {
  mkdirSync(releaseTo, { recursive: true });
  for (const { file, stats } of treeEntries(buildDir)) {
    const kind = irregularKind(stats);
    if (kind) throw irregularEntryError(buildDir, file, kind);
    if (stats.isDirectory()) {
      mkdirSync(path.join(releaseTo, file), { recursive: true });
      continue;
    }
    const target = path.join(isSourceMap(file) ? mapsTo : releaseTo, file);
    mkdirSync(path.dirname(target), { recursive: true });
    const bytes = copyRegularFile(buildDir, file, target);
    if (!isSourceMap(file)) writeCompressedCopies(target, bytes);
  }
}

/** Moves a staged folder into place unless the target exists already; true when it moved. */
function renameIntoPlace(staging: string, target: string): boolean {
  if (!existsSync(staging)) return false;
  try {
    renameSync(staging, target);
    return true;
  } catch (error) {
    // Someone else published the same version meanwhile: same version, same build.
    if (existsSync(target)) return false;
    throw error;
  }
}

/**
 * Copies a build into its release folder once, and its source maps into their folder beside it; a version that
 * exists already is left as it is (immutable). The build folder may be reached through a link, nothing in it
 * may be one. The copies go to hidden staging folders first (names no version can have) and are renamed into
 * place, the maps first, so a published release always has its maps.
 */
export function publishBuild(
  deployDir: string,
  app: AppName,
  version: string,
  buildDir: string,
): { dir: string; copied: boolean } {
  const target = releaseDir(deployDir, app, version);
  if (existsSync(target)) return { dir: target, copied: false };
  const mapsTarget = sourceMapDir(deployDir, app, version);
  const staging = `.staging-${version}-${process.pid}`;
  const releaseStaging = path.join(path.dirname(target), staging);
  const mapsStaging = path.join(path.dirname(mapsTarget), staging);
  const cleanUp = () =>
    [releaseStaging, mapsStaging].forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  cleanUp();
  try {
    copyBuild(realpathSync(buildDir), releaseStaging, mapsStaging);
    renameIntoPlace(mapsStaging, mapsTarget);
    return { dir: target, copied: renameIntoPlace(releaseStaging, target) };
  } finally {
    cleanUp();
  }
}
