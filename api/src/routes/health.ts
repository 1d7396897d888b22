import type { FastifyInstance } from 'fastify';
import { readRemotes, readShellVersion } from '@studyhub/shared/deploy';
import type { Config } from '../config';

/** Liveness plus what is deployed: the live shell, each area's live version and any running canary. */
export async function healthRoutes(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  app.get('/api/health', { config: { access: 'public' } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const remotes = Object.entries(readRemotes(config.deployDir));
    const areas = Object.fromEntries(remotes.map(([area, remote]) => [area, remote.version]));
    const canaries = Object.fromEntries(
      remotes.flatMap(([area, { canary }]) =>
        canary ? [[area, { version: canary.version, percent: canary.percent }]] : [],
      ),
    );
    return { status: 'ok', shell: readShellVersion(config.deployDir), areas, canaries };
  });
}
