import type { FastifyInstance } from 'fastify';
import { readRemotes, readShellVersion } from '@studyhub/shared/deploy';
import type { Config } from '../config';

/** Liveness plus what is deployed: the live shell and each area's live version. */
export async function healthRoutes(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  app.get('/api/health', { config: { public: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const areas = Object.fromEntries(
      Object.entries(readRemotes(config.deployDir)).map(([area, remote]) => [area, remote.version]),
    );
    return { status: 'ok', shell: readShellVersion(config.deployDir), areas };
  });
}
