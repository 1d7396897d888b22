/**
 * Liveness plus what is deployed (`/api/health`: the live shell, each area's live version and any running
 * canary), and readiness (`/api/health/ready`, decision 024): 200 when this process should get traffic, else 503
 * naming what is down.
 */
import { readRemotes, readShellVersion } from '@studyhub/deploy-folder';
import { healthReply, notReadyReply, readyReply } from '@studyhub/contract/schemas';
import type { Config } from '../config';
import type { Readiness } from '../services/readiness';
import { replies, type FastifyZod } from '../plugins/contract';

const PUBLIC = { access: 'public' as const };

/** What the health routes read. */
export interface HealthRoutesOptions {
  config: Pick<Config, 'deployDir'>;
  readiness: Readiness;
}

export async function healthRoutes(
  app: FastifyZod,
  { config, readiness }: HealthRoutesOptions,
): Promise<void> {
  const health = {
    config: PUBLIC,
    schema: { summary: 'What is deployed', response: replies({ 200: healthReply }) },
  };
  const ready = {
    config: PUBLIC,
    schema: {
      summary: 'Whether this process can serve requests',
      response: replies({ 200: readyReply, 503: notReadyReply }),
    },
  };

  app.get('/api/health', health, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const remotes = Object.entries(readRemotes(config.deployDir));
    const areas = Object.fromEntries(remotes.map(([area, remote]) => [area, remote.version]));
    const canaries = Object.fromEntries(
      remotes.flatMap(([area, { canary }]) =>
        canary ? [[area, { version: canary.version, percent: canary.percent }]] : [],
      ),
    );
    return { status: 'ok' as const, shell: readShellVersion(config.deployDir), areas, canaries };
  });

  app.get('/api/health/ready', ready, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const { ready, down, checks } = await readiness();
    if (ready) return { status: 'ready' as const, checks };
    return reply
      .code(503)
      .send({ status: 'not ready' as const, message: `Not ready: ${down.join(', ')}.`, down, checks });
  });
}
