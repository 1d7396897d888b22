/**
 * Builds the Fastify app (tests use app.inject; server.ts listens). One port serves the API under /api and the
 * composed site around it.
 */
import { STATUS_CODES } from 'node:http';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { JWTVerifyGetKey } from 'jose';
import type { Config } from './config';
import type { AppContext } from './context';
import { migrateToLatest, openDatabase } from './db/database';
import { seedDemoData } from './db/seed';
import { HttpError } from './http-errors';
import { API_MESSAGES } from './messages';
import { authentication } from './plugins/authenticate';
import { clientErrorHandler } from './plugins/client-errors';
import { installContract } from './plugins/contract';
import { AccessLog, describeRequest, stdoutLogStream, type LogStream } from './plugins/logging';
import { echoRequestIds, REQUEST_ID_HEADER, requestIdFrom } from './plugins/request-ids';
import { apiSecurityHeadersFor, securityHeaders, securityHeadersFor } from './plugins/security-headers';
import { accountRoutes } from './routes/account';
import { adminRoutes } from './routes/admin';
import { adminRecordRoutes } from './routes/admin-records';
import { noteDownloadRoutes } from './routes/note-download';
import { noteUploadRoutes } from './routes/note-upload';
import { notesRoutes } from './routes/notes';
import { myUploadsRoutes } from './routes/my-uploads';
import { uploadReviewRoutes } from './routes/upload-reviews';
import { syllabusRoutes } from './routes/syllabus';
import { syllabusAdminRoutes } from './routes/syllabus-admin';
import { telemetryRoutes } from './routes/telemetry';
import { authRoutes } from './routes/auth';
import { healthRoutes } from './routes/health';
import { metricsRoutes } from './routes/metrics';
import { openApiRoutes } from './routes/openapi';
import { BODY_LIMIT } from './routes/route-limits';
import { passwordResetRoutes } from './routes/password-reset';
import { signUpRoutes } from './routes/sign-up';
import { siteRoutes } from './routes/site';
import { createAccountMail } from './services/account-mail';
import { createAudit } from './services/audit';
import { createCanaryGuard } from './services/canary-guard';
import { createDownloadLinks } from './services/download-links';
import { systemClock, type Clock } from './lib/clock';
import { createGoogleVerifier } from './services/google';
import { createLoginThrottle } from './services/login-throttle';
import { createMailDelivery, createMailer, type Mailer } from './services/mailer';
import { createMailQuota } from './services/mail-quota';
import { createMetrics } from './services/metrics';
import { createNoteStore } from './services/note-store';
import { ensurePrivateDir } from './lib/private-files';
import { redisOrMemoryStore } from './lib/rate-limit-store';
import { BROTLI_QUALITY, COMPRESS_MIN_BYTES, createReadCache } from './services/read-cache';
import { createReadiness } from './services/readiness';
import { connectRedis } from './lib/redis';
import { createRegistrations } from './services/registrations';
import { encodedCopyHeaders } from './services/release-files';
import { createReportTokens } from './services/report-tokens';
import { createTokenService } from './services/tokens';
import { createUploadReviews, scheduleExpirySweeps } from './services/upload-reviews';

/** Test seams: the edge of the world (time, Google's keys) and the speed limits. */
export interface AppOptions {
  clock?: Clock;
  googleKeys?: JWTVerifyGetKey;
  mailer?: Mailer;
  rateLimitFactor?: number;
  /** Where log lines go instead of stdout (tests read them to check that no secret is logged). */
  logStream?: LogStream;
}

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

export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const headers = { site: securityHeadersFor(config), api: apiSecurityHeadersFor(config) };
  const timeouts = config.httpTimeouts;
  const logStream = options.logStream ?? stdoutLogStream();
  const app = Fastify({
    logController: new AccessLog(logStream),
    logger: { level: config.logLevel, stream: logStream, serializers: { req: describeRequest } },
    trustProxy: config.trustProxy,
    genReqId: requestIdFrom(config.trustProxy),
    // Stopping is server.ts's: requests that reach a stopping process are answered, not refused (decision 024).
    return503OnClosing: false,
    bodyLimit: BODY_LIMIT.server,
    // docs/security.md item 40: every stage of a connection has a time limit (config.ts says why each).
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.idleSocketMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkIntervalMs },
    clientErrorHandler: clientErrorHandler(headers.api),
    // Malformed URLs are refused before routing, where no hook runs: answer them in the API's shape, with the
    // security headers (docs/security.md items 19, 28).
    frameworkErrors: (error, request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      // Typed for the route it never reached: as any reply.
      return (reply as FastifyReply)
        .headers(headers.api)
        .header(REQUEST_ID_HEADER, request.id)
        .code(status)
        .send({ message: STATUS_CODES[status] ?? 'Bad Request' });
    },
  });

  const clock = options.clock ?? systemClock;
  // Private even when nothing of ours lands in it yet (PostgreSQL, SMTP): docs/security.md item 44.
  ensurePrivateDir(config.dataDir);
  const { db, dialect, pool } = openDatabase(config.databaseUrl);
  await migrateToLatest(db);
  const readCache = createReadCache({ db, dialect, databaseUrl: config.databaseUrl, pool });
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app.log) : null;
  const noteStore = createNoteStore(config.filesDir, config.uploadMaxBytes, timeouts.requestMs);
  const lifecycle = { stopping: false };
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      printText: !config.production,
    });
  const metrics = createMetrics(config.deployDir);
  const mail = createMailDelivery(mailer, app.log, metrics);
  const mailQuota = createMailQuota(db, dialect, clock, config.jwtSecret);
  const registrations = createRegistrations(db, clock, config.jwtSecret);
  const audit = createAudit(db, clock);
  const downloadLinks = createDownloadLinks(config.jwtSecret, clock, db);
  const reportTokens = createReportTokens(config.jwtSecret, clock);
  const uploadReviews = createUploadReviews({
    db,
    dialect,
    clock,
    limits: config.reviews,
    audit,
    mail,
    mailQuota,
    noteStore,
    downloadLinks,
  });
  const context: AppContext = {
    config,
    db,
    dialect,
    clock,
    mailer,
    mail,
    mailQuota,
    registrations,
    accountMail: createAccountMail({ db, clock, config, mail, mailQuota, registrations }),
    tokens: createTokenService(config.jwtSecret, clock, db),
    audit,
    throttle: createLoginThrottle(db, clock, metrics),
    google: config.googleClientId
      ? createGoogleVerifier(config.googleClientId, options.googleKeys, clock)
      : null,
    noteStore,
    downloadLinks,
    uploadReviews,
    readCache,
    metrics,
    reportTokens,
    canaryGuard: createCanaryGuard({
      db,
      clock,
      deployDir: config.deployDir,
      settings: config.canaryGuard,
      secret: config.jwtSecret,
      reportTokens,
      metrics,
      log: app.log,
    }),
    redis,
    lifecycle,
    readiness: createReadiness({ db, incomingDir: noteStore.incomingDir, redis, lifecycle, log: app.log }),
    rateLimitFactor: options.rateLimitFactor ?? 1,
  };
  app.decorate('context', context);
  // Pending uploads past their age expire at start-up and hourly in every process (decision 026).
  const stopExpirySweeps = scheduleExpirySweeps(uploadReviews, app.log);
  app.addHook('onClose', async () => {
    await context.canaryGuard.settled();
    await stopExpirySweeps();
    await context.mail.drain();
    mailer.close();
    readCache.close();
    await redis?.close();
    await db.destroy();
  });
  if (config.seedDemo) await seedDemoData(context);

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
  authentication(app, context);
  // Request and reply schemas, checked replies outside production, the OpenAPI document (decision 022).
  await installContract(app, {
    checkReplies: !config.production,
    facts: { publicUrl: config.publicUrl, contactEmail: config.contactEmail },
  });
  // sendFile only; every route decides itself what may be served.
  await app.register(fastifyStatic, { root: config.deployDir, serve: false, setHeaders: encodedCopyHeaders });
  await app.register(healthRoutes, { context });
  await app.register(signUpRoutes, { context });
  await app.register(authRoutes, { context });
  await app.register(passwordResetRoutes, { context });
  await app.register(accountRoutes, { context });
  await app.register(noteUploadRoutes, { context });
  await app.register(notesRoutes, { context });
  await app.register(noteDownloadRoutes, { context });
  await app.register(myUploadsRoutes, { context });
  await app.register(uploadReviewRoutes, { context });
  await app.register(syllabusRoutes, { context });
  await app.register(syllabusAdminRoutes, { context });
  await app.register(adminRoutes, { context });
  await app.register(adminRecordRoutes, { context });
  await app.register(telemetryRoutes, { context });
  await app.register(metricsRoutes, { context });
  await app.register(openApiRoutes);
  // Unknown API paths are errors, never the shell's index.html.
  app.all('/api/*', { config: { access: 'public' } }, (_request, reply) => reply.callNotFound());
  await app.register(siteRoutes, { config, reportTokens: context.reportTokens });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    context: AppContext;
  }
}
