/**
 * What browsers report of the areas they load (decision 025): anyone may send it, signed in or not, and it holds
 * only an area, a released version, what happened and the report token /remotes.json came with. Counted, as its
 * network's vote, for the metrics and the canary guard.
 */
import { z } from 'zod';
import { areaReport } from '@studyhub/contract/schemas';
import type { CanaryGuard } from '../services/canary-guard';
import { HttpError } from '../http-errors';
import { API_MESSAGES } from '../messages';
import { replies, type FastifyZod } from '../plugins/contract';
import { anonymousRoute, BODY_LIMIT } from './route-limits';

const isJson = (contentType: string | undefined) => /^application\/json\s*(;|$)/i.test(contentType ?? '');

/** What the area report route uses. */
export interface TelemetryRoutesOptions {
  canaryGuard: CanaryGuard;
  /** Multiplies the per-IP rate limits (route-limits.ts). */
  rateLimitFactor: number;
}

export async function telemetryRoutes(
  app: FastifyZod,
  { canaryGuard, rateLimitFactor }: TelemetryRoutesOptions,
): Promise<void> {
  const report = {
    ...anonymousRoute(rateLimitFactor, 'areaReport', BODY_LIMIT.areaReport),
    schema: {
      summary: 'Report how an area loaded in a browser',
      body: areaReport,
      response: replies({ 204: z.null() }),
    },
    // Fastify also parses text and forms; a report is JSON and nothing else, whatever the body holds.
    preValidation: async (request: { headers: { 'content-type'?: string } }) => {
      if (!isJson(request.headers['content-type'])) throw new HttpError(415, API_MESSAGES.jsonOnly);
    },
  };
  app.post('/api/telemetry/area-error', report, async (request, reply) => {
    // Reports without a valid token naming their version, or of versions that are neither stable nor canary,
    // are dropped, yet answered alike: the sender learns nothing from the answer, and a page loaded before a
    // rollback has nothing to fix. request.ip honours TRUST_PROXY.
    await canaryGuard.record(request.body, request.ip);
    return reply.code(204).send(null);
  });
}
