/**
 * The app's services, built once per app: the database, caches, mail, tokens and the rest, and the teardown that
 * closes them. app-routes.ts hands each route plugin only the services it uses; tests and server.ts read the whole
 * set as `app.context`.
 */
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { JWTVerifyGetKey } from 'jose';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import { migrateToLatest, openDatabase, type Dialect } from './db/database';
import type { Database } from './db/schema';
import { systemClock, type Clock } from './lib/clock';
import { ensurePrivateDir } from './lib/private-files';
import { connectRedis, type SharedRedis } from './lib/redis';
import { createAccountMail, type AccountMail } from './services/account-mail';
import { createAudit, type Audit } from './services/audit';
import { createCanaryGuard, type CanaryGuard } from './services/canary-guard';
import { createDigests, type Digests } from './services/digests';
import { createDownloadLinks, type DownloadLinks } from './services/download-links';
import { createGoogleVerifier, type GoogleVerifier } from './services/google';
import { createLoginThrottle, type LoginThrottle } from './services/login-throttle';
import { createMailDelivery, createMailer, type MailDelivery, type Mailer } from './services/mailer';
import { createMailQuota, type MailQuota } from './services/mail-quota';
import { createMetrics, type Metrics } from './services/metrics';
import { createNoteStore, type NoteStore } from './services/note-store';
import { createReadCache, type ReadCache } from './services/read-cache';
import { createReadiness, type Lifecycle, type Readiness } from './services/readiness';
import { createRegistrations, type Registrations } from './services/registrations';
import { createSearchIndexing, type SearchIndexing } from './services/search-indexing';
import { createReportTokens, type ReportTokens } from './services/report-tokens';
import { createTokenService, type TokenService } from './services/tokens';
import { createUnfollowLinks, type UnfollowLinks } from './services/unfollow-links';
import { createUploadReviews, scheduleExpirySweeps, type UploadReviews } from './services/upload-reviews';

/** Every service of one app; each route plugin declares the few it takes. */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  mailer: Mailer;
  /** Sends through `mailer` off the request path (docs/security.md item 39). */
  mail: MailDelivery;
  mailQuota: MailQuota;
  /** Which account mail an address gets, under the quota (services/account-mail.ts). */
  accountMail: AccountMail;
  registrations: Registrations;
  tokens: TokenService;
  audit: Audit;
  throttle: LoginThrottle;
  noteStore: NoteStore;
  downloadLinks: DownloadLinks;
  /** Teachers' uploads waiting for an admin: caps, decisions, expiry (services/upload-reviews.ts). */
  uploadReviews: UploadReviews;
  /** Replies of the hot reads, kept per dataset version (services/read-cache.ts). */
  readCache: ReadCache;
  /** The job that indexes approved files' pages for search; server.ts starts it (services/search-indexing.ts). */
  searchIndexing: SearchIndexing;
  /** REDIS_URL's connection (shared rate-limit counters), null without it. */
  redis: SharedRedis | null;
  /** Whether this process is stopping (server.ts sets it on SIGTERM/SIGINT). */
  lifecycle: Lifecycle;
  /** GET /api/health/ready's checks. */
  readiness: Readiness;
  /** Null when GOOGLE_CLIENT_ID is not configured. */
  google: GoogleVerifier | null;
  /** The Prometheus registry and what routes and services count in it (services/metrics.ts). */
  metrics: Metrics;
  /** Signs the versions /remotes.json served, for browsers' area reports (services/report-tokens.ts). */
  reportTokens: ReportTokens;
  /** Counts browsers' area reports and aborts a failing canary (services/canary-guard.ts). */
  canaryGuard: CanaryGuard;
  /** The digest mail's signed unfollow links (services/unfollow-links.ts). */
  unfollowLinks: UnfollowLinks;
  /** Subject updates and the followers' digest mail; server.ts starts its job (services/digests.ts). */
  digests: Digests;
  /** Multiplies every rate limit; tests raise it except where limits themselves are tested. */
  rateLimitFactor: number;
}

/** Test seams of the services: the edge of the world (time, Google's keys, mail) and the speed limits. */
export interface ContextOptions {
  clock?: Clock;
  googleKeys?: JWTVerifyGetKey;
  mailer?: Mailer;
  rateLimitFactor?: number;
}

/** The services and what closes them when the app closes, in that order. */
export interface BuiltContext {
  context: AppContext;
  close(): Promise<void>;
}

/** Opens the database (migrated to the latest schema) and Redis, and builds every service on them. */
export async function buildContext(
  config: Config,
  options: ContextOptions,
  log: FastifyBaseLogger,
): Promise<BuiltContext> {
  const timeouts = config.httpTimeouts;
  const clock = options.clock ?? systemClock;
  // Private even when nothing of ours lands in it yet (PostgreSQL, SMTP): docs/security.md item 44.
  ensurePrivateDir(config.dataDir);
  const { db, dialect, pool } = openDatabase(config.databaseUrl);
  await migrateToLatest(db);
  const readCache = createReadCache({ db, dialect, databaseUrl: config.databaseUrl, pool });
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, log) : null;
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
  const mail = createMailDelivery(mailer, log, metrics);
  const mailQuota = createMailQuota(db, dialect, clock, config.jwtSecret);
  const registrations = createRegistrations(db, clock, config.jwtSecret);
  const audit = createAudit(db, clock);
  const downloadLinks = createDownloadLinks(config.jwtSecret, clock, db);
  const reportTokens = createReportTokens(config.jwtSecret, clock);
  const unfollowLinks = createUnfollowLinks(config.jwtSecret, clock, config.publicUrl);
  const digests = createDigests({ db, clock, config, mail, mailQuota, unfollowLinks, log });
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
    digests,
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
    searchIndexing: createSearchIndexing({ db, clock, filesDir: config.filesDir, log }),
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
      log,
    }),
    redis,
    lifecycle,
    readiness: createReadiness({ db, incomingDir: noteStore.incomingDir, redis, lifecycle, log }),
    unfollowLinks,
    digests,
    rateLimitFactor: options.rateLimitFactor ?? 1,
  };
  // Pending uploads past their age expire at start-up and hourly in every process (decision 026).
  const stopExpirySweeps = scheduleExpirySweeps(uploadReviews, log);
  const close = async () => {
    await context.searchIndexing.stop();
    await digests.stop();
    await context.canaryGuard.settled();
    await stopExpirySweeps();
    await mail.drain();
    mailer.close();
    readCache.close();
    await redis?.close();
    await db.destroy();
  };
  return { context, close };
}
