/**
 * Sending the files of released versions (architecture §3–§5, decision 013): only regular files reached through
 * no link, looked up inside a release folder chosen by validated names, as their compressed copy when the browser
 * takes one, with the cache headers their names call for.
 */
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';
import send from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SERVICE_WORKER_FILE, SHARED_USAGE_FILE, WEB_APP_MANIFEST_FILE } from '@studyhub/contract';
import {
  isReleasePath,
  isSourceMap,
  PRECOMPRESSED,
  releaseDir,
  SHELL_PAGES,
  sourceMapDir,
  type AppName,
} from '@studyhub/deploy-folder';
import type { Config } from '../config';

const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;
export const NO_CACHE = 'no-cache';
export const NOT_FOUND = { message: 'Not Found' };
/** Entry files keep their names across builds (architecture §8), so they are revalidated like index.html. */
const UNHASHED_ENTRIES = new Set([
  ...Object.values(SHELL_PAGES),
  'main.js',
  'remoteEntry.js',
  'mf-manifest.json',
  'build-info.json',
  // The browser compares it byte for byte on every navigation to learn of a new worker (decision 035).
  SERVICE_WORKER_FILE,
  // The shell's copy of the platform, read by the page when an area fails (decision 028).
  SHARED_USAGE_FILE,
  // Names the icons by their hashes; a phone reads it again to see whether the installed app changed.
  WEB_APP_MANIFEST_FILE,
]);

/** A regular file reached through no link: its real path is the path itself. Throws when there is none. */
async function isRegularFileAt(file: string): Promise<boolean> {
  return (await realpath(file)) === file && (await stat(file)).isFile();
}

/**
 * The headers of a compressed copy publishing made (decision 013): the copy's bytes are the named file's,
 * encoded. Given to @fastify/static as setHeaders, which calls it for every file it sends.
 */
export function encodedCopyHeaders(reply: FastifyReply, file: string): void {
  const copy = PRECOMPRESSED.find(({ extension }) => file.endsWith(extension));
  if (!copy) return;
  const type = send.mime.getType(file.slice(0, -copy.extension.length));
  reply.header('Content-Encoding', copy.encoding);
  if (type)
    reply.header('Content-Type', /^text\/|javascript|json/.test(type) ? `${type}; charset=utf-8` : type);
}

type EncodedCopy = (typeof PRECOMPRESSED)[number];

/** The copy in the encoding the browser prefers among those it accepts, or none. */
function acceptedCopy(request: FastifyRequest, copies: readonly EncodedCopy[]): EncodedCopy | undefined {
  const accepted = request.headers['accept-encoding'];
  if (copies.length === 0 || typeof accepted !== 'string') return undefined;
  const encoding = negotiate(
    accepted,
    copies.map((copy) => copy.encoding),
  );
  return copies.find((copy) => copy.encoding === encoding);
}

export function createReleaseFiles(config: Config) {
  // A source map is cached like the file it maps: /main.js.map is as unhashed as /main.js. No page's name carries
  // its content (the shell's pages for routes live in a folder of them: shellPageFile).
  const cacheFor = (file: string) => {
    const name = path.basename(file).replace(/\.map$/, '');
    return config.devMode || UNHASHED_ENTRIES.has(name) || name.endsWith('.html') ? NO_CACHE : 'immutable';
  };

  /**
   * Each folder's real path, the files found servable in it and the compressed copies each has. Release folders
   * never change (decision 003), so a file and its copies are checked once; what was not servable is checked
   * again on every request, and only files that exist are remembered. A copy that appears later is never sent.
   */
  const checked = new Map<string, { root: string; servable: Map<string, EncodedCopy[]> }>();

  /**
   * `file` of `folder` as the folder's real path, the file in it and its compressed copies, or null. Only a
   * regular file is served, and only when its real path is that very path in the folder's real path: no link in a
   * release is followed, whoever put it there, and no path the router decoded can lead elsewhere
   * (docs/security.md item 37). A copy is sent in the file's place, so it is held to the same rule. The folder
   * itself may be reached through a link (`npm run dev` links each app's dist/ in).
   */
  async function servable(
    folder: string,
    file: string,
  ): Promise<{ root: string; file: string; copies: EncodedCopy[] } | null> {
    if (!isReleasePath(file)) return null;
    try {
      let known = checked.get(folder);
      if (!known) {
        known = { root: await realpath(folder), servable: new Map() };
        checked.set(folder, known);
      }
      let copies = known.servable.get(file);
      if (!copies) {
        const wanted = path.join(known.root, file);
        if (!(await isRegularFileAt(wanted))) return null;
        copies = [];
        for (const copy of PRECOMPRESSED) {
          if (await isRegularFileAt(wanted + copy.extension).catch(() => false)) copies.push(copy);
        }
        known.servable.set(file, copies);
      }
      return { root: known.root, file, copies };
    } catch {
      return null;
    }
  }

  /**
   * A file of an app's released version, or its compressed copy in the best encoding the browser accepts (a file
   * with copies varies by Accept-Encoding, whichever is sent). Source maps are kept beside the release and sent
   * only when SERVE_SOURCE_MAPS is on (docs/security.md item 45).
   */
  async function sendFrom(
    request: FastifyRequest,
    reply: FastifyReply,
    appName: AppName,
    version: string,
    file: string,
  ) {
    const folder = !isSourceMap(file)
      ? releaseDir(config.deployDir, appName, version)
      : config.serveSourceMaps
        ? sourceMapDir(config.deployDir, appName, version)
        : null;
    const found = folder === null ? null : await servable(folder, file);
    if (!found) return reply.code(404).send(NOT_FOUND);
    if (found.copies.length > 0) reply.header('Vary', 'Accept-Encoding');
    const sent = found.file + (acceptedCopy(request, found.copies)?.extension ?? '');
    return cacheFor(file) === NO_CACHE
      ? reply.header('Cache-Control', NO_CACHE).sendFile(sent, found.root, { cacheControl: false })
      : reply.sendFile(sent, found.root, { maxAge: ONE_YEAR_MS, immutable: true });
  }

  return { servable, sendFrom };
}

export type ReleaseFiles = ReturnType<typeof createReleaseFiles>;
