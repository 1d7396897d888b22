/**
 * What the server says about itself: what is deployed (GET /api/health) and the API's own description
 * (GET /api/openapi.json, generated from the routes' schemas).
 */
import { z } from 'zod';

/** The live shell (null before the first release), each area's live version and any running canary. */
export const healthReply = z.object({
  status: z.literal('ok'),
  shell: z.string().nullable(),
  areas: z.record(z.string(), z.string()),
  canaries: z.record(z.string(), z.object({ version: z.string(), percent: z.number() })),
});
export type HealthReply = z.infer<typeof healthReply>;

/** What `/api/health/ready` looked at (decision 024): each component's state, never an address or error text. */
const componentState = z.enum(['ok', 'down', 'not configured']);
const readinessChecks = z.object({ database: componentState, files: componentState, redis: componentState });
export const readyReply = z.object({ status: z.literal('ready'), checks: readinessChecks });
export const notReadyReply = z.object({
  status: z.literal('not ready'),
  message: z.string(),
  down: z.array(z.string()),
  checks: readinessChecks,
});

/** An OpenAPI 3.1 document; its parts are whatever the routes declare. */
export const openApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
