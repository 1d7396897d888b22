/**
 * GET /metrics: Prometheus text (decision 025), for a scraper holding METRICS_TOKEN. Without the setting there
 * is no such page (404, as for any unknown path); with it, only `Authorization: Bearer <METRICS_TOKEN>` is
 * answered, compared in constant time.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Metrics } from '../services/metrics';
import { HttpError } from '../http-errors';
import { API_MESSAGES } from '../messages';
import { bearerToken } from '../plugins/authenticate';
import { sameSecret } from '../lib/secrets';
import { rateLimit } from './route-limits';

/** What the metrics page reads. */
export interface MetricsRoutesOptions {
  config: Pick<Config, 'metricsToken'>;
  metrics: Metrics;
  /** Multiplies the per-IP rate limits (route-limits.ts). */
  rateLimitFactor: number;
}

export async function metricsRoutes(
  app: FastifyInstance,
  { config, metrics, rateLimitFactor }: MetricsRoutesOptions,
): Promise<void> {
  app.get(
    '/metrics',
    { config: { access: 'public', rateLimit: rateLimit(rateLimitFactor, 'metrics') } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      if (config.metricsToken === null) throw new HttpError(404, 'Not Found');
      const given = bearerToken(request);
      if (given === null || !sameSecret(given, config.metricsToken)) {
        reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
        throw new HttpError(401, API_MESSAGES.metricsToken);
      }
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    },
  );
}
