/**
 * The composed site (DESIGN §3–§5): the live shell at /, /remotes.json, and every released area under
 * /mfe/<area>/<version>/. Files are only ever looked up inside a release folder chosen by validated names.
 */
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isAreaName } from '@studyhub/shared/contract';
import {
  readRemotes,
  readShellVersion,
  RELEASES_DIR,
  releaseDir,
  VERSION_PATTERN,
} from '@studyhub/shared/deploy';
import type { Config } from '../config';

const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;
const NO_CACHE = 'no-cache';
/** The site's own files are for everyone; the API's routes each declare their own access. */
const PUBLIC = { config: { access: 'public' as const } };
/** Entry files keep their names across builds (DESIGN §8), so they are revalidated like index.html. */
const UNHASHED_ENTRIES = new Set([
  'index.html',
  'main.js',
  'remoteEntry.js',
  'mf-manifest.json',
  'build-info.json',
]);

export async function siteRoutes(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  const cacheFor = (file: string) =>
    config.devMode || UNHASHED_ENTRIES.has(path.basename(file)) ? NO_CACHE : 'immutable';

  async function sendFrom(reply: FastifyReply, root: string, file: string) {
    const policy = cacheFor(file);
    return policy === NO_CACHE
      ? reply.header('Cache-Control', NO_CACHE).sendFile(file, root, { cacheControl: false })
      : reply.sendFile(file, root, { maxAge: ONE_YEAR_MS, immutable: true });
  }

  function liveShellDir(): string | null {
    const version = readShellVersion(config.deployDir);
    return version ? releaseDir(config.deployDir, 'shell', version) : null;
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
      if (!isAreaName(area) || !VERSION_PATTERN.test(version) || file === '') {
        return reply.code(404).send({ message: 'Not Found' });
      }
      return sendFrom(reply, path.join(config.deployDir, RELEASES_DIR, area, version), file);
    },
  );

  // Everything else that is not /api: a file of the live shell, or index.html for a client-side route.
  // The path comes from the router's decoded match, never from the URL text (an absolute-form request line or a
  // percent-encoded spelling would read differently; docs/security.md item 33).
  app.get<{ Params: { '*': string } }>('/*', PUBLIC, async (request, reply) => {
    const shellDir = liveShellDir();
    if (!shellDir) return reply.code(503).send({ message: 'The site has not been deployed yet.' });
    const file = request.params['*'];
    const looksLikeFile = /\.[a-z0-9]+$/i.test(file);
    return sendFrom(reply, shellDir, looksLikeFile ? file : 'index.html');
  });
}
