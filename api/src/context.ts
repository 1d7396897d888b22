import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Dialect } from './db/database';
import type { Database } from './db/schema';
import type { AccountMail } from './services/account-mail';
import type { Audit } from './services/audit';
import type { CanaryGuard } from './services/canary-guard';
import type { ReportTokens } from './services/report-tokens';
import type { Clock } from './lib/clock';
import type { DownloadLinks } from './services/download-links';
import type { GoogleVerifier } from './services/google';
import type { LoginThrottle } from './services/login-throttle';
import type { MailDelivery, Mailer } from './services/mailer';
import type { MailQuota } from './services/mail-quota';
import type { Metrics } from './services/metrics';
import type { NoteStore } from './services/note-store';
import type { ReadCache } from './services/read-cache';
import type { Lifecycle, Readiness } from './services/readiness';
import type { SharedRedis } from './lib/redis';
import type { Registrations } from './services/registrations';
import type { TokenService } from './services/tokens';
import type { UploadReviews } from './services/upload-reviews';

/** Everything a route needs, built once in app.ts and handed to each route plugin. */
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
  /** Multiplies every rate limit; tests raise it except where limits themselves are tested. */
  rateLimitFactor: number;
}
