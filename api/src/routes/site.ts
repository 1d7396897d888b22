/**
 * The composed site (architecture §3–§5): the live shell at /, /remotes.json, and every released area under
 * /mfe/<area>/<version>/. Files are only ever looked up inside a release folder chosen by validated names, and
 * only regular files reached through no link are sent.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';
import send from '@fastify/send';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { areaFiles, isAreaName, type AreaManifest, type AreaName } from '@studyhub/shared/contract';
import {
  isReleasePath,
  isSourceMap,
  PRECOMPRESSED,
  readRemotes,
  readShellVersion,
  releaseDir,
  SHELL_PAGES,
  sourceMapDir,
  VERSION_PATTERN,
  type AppName,
} from '@studyhub/shared/deploy';
import { routeFor } from '@studyhub/shared/routes';
import type { Config } from '../config';

const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;
const NO_CACHE = 'no-cache';
const NOT_FOUND = { message: 'Not Found' };
/** The site's own files are for everyone; the API's routes each declare their own access. */
const PUBLIC = { config: { access: 'public' as const } };
/** Entry files keep their names across builds (architecture §8), so they are revalidated like index.html. */
const UNHASHED_ENTRIES = new Set([
  ...Object.values(SHELL_PAGES),
  'main.js',
  'remoteEntry.js',
  'mf-manifest.json',
  'build-info.json',
]);
/** The shell fetches this first of all (shell/src/areas/remotes-file.ts), so every shell page names it for preloading. */
const REMOTES_PRELOAD = '</remotes.json>; rel=preload; as=fetch; crossorigin';

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

export async function siteRoutes(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  // A source map is cached like the file it maps: /main.js.map is as unhashed as /main.js.
  const cacheFor = (file: string) =>
    config.devMode || UNHASHED_ENTRIES.has(path.basename(file).replace(/\.map$/, ''))
      ? NO_CACHE
      : 'immutable';

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

  app.get('/remotes.json', PUBLIC, async (_request, reply) => {
    reply.header('Cache-Control', NO_CACHE);
    return readRemotes(config.deployDir);
  });

  app.get<{ Params: { area: string; version: string; '*': string } }>(
    '/mfe/:area/:version/*',
    PUBLIC,
    async (request, reply) => {
      const { area, version, '*': file } = request.params;
      if (!isAreaName(area) || !VERSION_PATTERN.test(version)) return reply.code(404).send(NOT_FOUND);
      return sendFrom(request, reply, area, version, file);
    },
  );

  /** `/` gets Home prerendered; another client-side route the empty page, when the shell has one (decision 014). */
  async function shellPage(shellVersion: string, file: string): Promise<string> {
    if (file === '') return SHELL_PAGES.home;
    const hasAppPage = await servable(releaseDir(config.deployDir, 'shell', shellVersion), SHELL_PAGES.app);
    return hasAppPage ? SHELL_PAGES.app : SHELL_PAGES.home;
  }

  /** Each released area version's preload links; a release folder never changes (decision 003). */
  const areaLinks = new Map<string, string[]>();

  /**
   * What the page at `pathname` will fetch before it can show anything, named in a Link header so a phone fetches
   * it alongside the shell's own script instead of one after another (decision 014): remotes.json, and for an
   * area's route the live version's manifest, entry and pages. A browser on a canary or an override fetches its
   * own version as well; nothing is ever run from a preload.
   */
  async function preloadLinks(pathname: string): Promise<string> {
    const area = routeFor(pathname)?.area;
    return [REMOTES_PRELOAD, ...(area ? await liveAreaLinks(area) : [])].join(', ');
  }

  async function liveAreaLinks(area: AreaName): Promise<string[]> {
    const live = readRemotes(config.deployDir)[area];
    if (!live) return [];
    const folder = `/mfe/${area}/${live.version}/`;
    // Only the layout this server serves is described; an entry elsewhere is the browser's to find.
    if (live.entry !== `${folder}mf-manifest.json`) return [];
    const key = `${area}/${live.version}`;
    let links = areaLinks.get(key);
    if (!links) {
      try {
        const manifestPath = path.join(releaseDir(config.deployDir, area, live.version), 'mf-manifest.json');
        const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as AreaManifest;
        const scripts = areaFiles(manifest, true).filter(isReleasePath);
        links = [
          `<${live.entry}>; rel=preload; as=fetch; crossorigin`,
          ...scripts.map((file) => `<${folder}${file}>; rel=preload; as=script`),
        ];
      } catch {
        links = [];
      }
      areaLinks.set(key, links);
    }
    return links;
  }

  // Everything else that is not /api: a file of the live shell, or a shell page for a client-side route.
  // The path comes from the router's decoded match, never from the URL text (an absolute-form request line or a
  // percent-encoded spelling would read differently; docs/security.md item 33).
  app.get<{ Params: { '*': string } }>('/*', PUBLIC, async (request, reply) => {
    const shellVersion = readShellVersion(config.deployDir);
    if (!shellVersion) return reply.code(503).send({ message: 'The site has not been deployed yet.' });
    const file = request.params['*'];
    const looksLikeFile = /\.[a-z0-9]+$/i.test(file);
    if (!looksLikeFile) reply.header('Link', await preloadLinks(`/${file}`));
    return sendFrom(
      request,
      reply,
      'shell',
      shellVersion,
      looksLikeFile ? file : await shellPage(shellVersion, file),
    );
  });
}
