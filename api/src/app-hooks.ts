/**
 * What every request passes before and after its route: request ids, security headers, the request metrics, the
 * error, not-found and NUL handling, then the app-wide plugins. app.ts installs them in this order, before any
 * route is registered: Fastify applies hooks and plugins to the routes registered after them.
 */
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import { HttpError } from './http-errors';
import { API_MESSAGES } from './messages';
import { authentication } from './plugins/authenticate';
import { installContract } from './plugins/contract';
import { echoRequestIds } from './plugins/request-ids';
import { securityHeaders, type SecurityHeaders } from './plugins/security-headers';
import { redisOrMemoryStore } from './lib/rate-limit-store';
import type { Metrics } from './services/metrics';
import { BROTLI_QUALITY, COMPRESS_MIN_BYTES } from './services/read-cache';
import { encodedCopyHeaders } from './services/release-files';

/** Whether any string or key in a parsed request holds U+0000. Iterative: bodies may nest deeply. */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (next !== null && typeof next === 'object') {
      for (const [key, inner] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/** The text a 4xx error shows the user: ours as they are; the framework's few in words the UI can show. */
function clientMessage(status: number, error: { message: string; code?: string }): string {
  // The rate limiter's own 429 says nothing a user could act on; ours (a teacher's daily cap) says what to do.
  if (status === 429 && !(error instanceof HttpError)) return API_MESSAGES.tooManyRequests;
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return API_MESSAGES.bodyTooLarge;
  return error.message;
}

/** Request ids, security headers and request metrics on every reply; errors and unknown paths in the API's shape. */
export function installReplyHandling(
  app: FastifyInstance,
  metrics: Metrics,
  headers: { site: SecurityHeaders; api: SecurityHeaders },
): void {
  echoRequestIds(app);
  securityHeaders(app, headers);
  // Every reply, by its route's pattern (decision 025); after it is sent, so it costs the client nothing.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.request(request, reply);
    done();
  });

  app.setErrorHandler((error: { statusCode?: number; message: string; code?: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    // The error replaces the file a route was sending (an unsatisfiable Range): its name and sandbox go with it,
    // so no browser saves the error as the PDF, and the reply gets the API's headers.
    reply.removeHeader('Content-Disposition').removeHeader('Content-Security-Policy');
    if (status >= 500) {
      request.log.error(error);
      // docs/security.md item 31: no internals in 5xx bodies.
      return reply.code(status).send({ message: 'Internal Server Error' });
    }
    const extra = error instanceof HttpError ? error.extra : {};
    return reply.code(status).send({ message: clientMessage(status, error), ...extra });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'Not Found' }));
  // PostgreSQL text cannot hold U+0000 and fails the query (a 500); refuse it up front on both databases, for
  // every route (docs/security.md item 28).
  app.addHook('preValidation', (request, _reply, done) => {
    if (containsNul([request.body, request.query, request.params])) {
      return done(new HttpError(400, API_MESSAGES.invalidCharacters));
    }
    done();
  });
}

/** Compression, rate limits, multipart, authentication, the contract and file sending, for every route. */
export async function registerAppPlugins(
  app: FastifyInstance,
  { config, redis, db, tokens }: Pick<AppContext, 'config' | 'redis' | 'db' | 'tokens'>,
): Promise<void> {
  // Replies are compressed when the browser takes it and they are worth it (decision 013): JSON from about a
  // kilobyte up, at brotli's quality 4, cheap enough per request. A release's files come precompressed
  // (already encoded, so left alone) and PDFs are compressed already (mime-db says so).
  await app.register(fastifyCompress, {
    threshold: COMPRESS_MIN_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
  // Per-address limits (docs/security.md item 29): in Redis when configured, so they hold across replicas.
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis && {
      store: redisOrMemoryStore(redis.client, `${config.redisPrefix}rate-limit:`, (error) =>
        app.log.warn({ err: error }, 'Rate limit counted in this process: Redis did not answer'),
      ),
    }),
  });
  // One part per request, a file; the size limit is enforced per upload while streaming (note-store).
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 0, parts: 1 } });
  authentication(app, { db, tokens });
  // Request and reply schemas, checked replies outside production, the OpenAPI document (decision 022).
  await installContract(app, {
    checkReplies: !config.production,
    facts: { publicUrl: config.publicUrl, contactEmail: config.contactEmail },
  });
  // sendFile only; every route decides itself what may be served.
  await app.register(fastifyStatic, { root: config.deployDir, serve: false, setHeaders: encodedCopyHeaders });
}
