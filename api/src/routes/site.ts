/**
 * The composed site (architecture §3–§5): the live shell at /, /remotes.json, and every released area under
 * /mfe/<area>/<version>/. Which files may be sent and how: services/release-files.ts; the shell pages' preload
 * links: services/preload-links.ts.
 */
import type { FastifyInstance } from 'fastify';
import { isAreaName, REPORT_TOKEN_HEADER, SERVICE_WORKER_FILE, shellPageFile } from '@studyhub/contract';
import {
  readRemotes,
  readShellVersion,
  releaseDir,
  SHELL_PAGES,
  VERSION_PATTERN,
} from '@studyhub/deploy-folder';
import type { Config } from '../config';
import { createPreloadLinks } from '../services/preload-links';
import { createReleaseFiles, NO_CACHE, NOT_FOUND } from '../services/release-files';
import { RETIRED_SERVICE_WORKER } from '../services/retired-service-worker';
import type { ReportTokens } from '../services/report-tokens';

/** The site's own files are for everyone; the API's routes each declare their own access. */
const PUBLIC = { config: { access: 'public' as const } };

export async function siteRoutes(
  app: FastifyInstance,
  { config, reportTokens }: { config: Config; reportTokens: Pick<ReportTokens, 'issue'> },
): Promise<void> {
  const { servable, sendFrom } = createReleaseFiles(config);
  const preloadLinks = createPreloadLinks(config);

  app.get('/remotes.json', PUBLIC, async (_request, reply) => {
    const remotes = readRemotes(config.deployDir);
    // Beside the file, not in it: the token names what this reply served, and the file keeps the tooling's format.
    reply.header('Cache-Control', NO_CACHE).header(REPORT_TOKEN_HEADER, reportTokens.issue(remotes));
    return remotes;
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

  // The live shell's service worker, or, switched on in an emergency, one that retires it (decision 035).
  if (config.retireServiceWorker) {
    app.get(`/${SERVICE_WORKER_FILE}`, PUBLIC, async (_request, reply) =>
      reply
        .header('Cache-Control', NO_CACHE)
        .type('text/javascript; charset=utf-8')
        .send(RETIRED_SERVICE_WORKER),
    );
  }

  /**
   * The page `shellPageFile` names for a client-side route (decision 014), else the plainer page an older shell
   * release has: the skeleton page, else Home's (the shell renders afresh off `/`).
   */
  async function shellPage(shellVersion: string, file: string): Promise<string> {
    const folder = releaseDir(config.deployDir, 'shell', shellVersion);
    for (const page of [shellPageFile(`/${file}`), SHELL_PAGES.app]) {
      if (page === SHELL_PAGES.home || (await servable(folder, page))) return page;
    }
    return SHELL_PAGES.home;
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
