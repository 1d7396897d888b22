/**
 * Server configuration from environment variables, validated once at start-up with readable errors.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SUPPORT_EMAIL, UPLOAD_TIMEOUT_MS } from '@studyhub/contract';
import { ensurePrivateDir, ensurePrivateFile, PRIVATE_FILE_MODE } from './services/private-files';

export interface Config {
  host: string;
  port: number;
  /** Folder with remotes.json, shell.json and releases/ (see @studyhub/tooling/deploy). */
  deployDir: string;
  /** Embedded-default state: SQLite file, JWT secret, mail outbox. */
  dataDir: string;
  /** `postgres://…` for PostgreSQL; otherwise a SQLite file path (default under dataDir). */
  databaseUrl: string;
  jwtSecret: string;
  /**
   * Origin used in links sent by mail; never taken from a request's Host header (docs/security.md item 14).
   * Without PUBLIC_URL it is http://localhost:<port>, known only after listening when PORT=0.
   */
  publicUrl: string;
  /**
   * Unset: mails go to dataDir/outbox (and, outside production, the console). Production needs it, or
   * MAIL_OUTBOX=1 saying the outbox is meant (docs/security.md item 44).
   */
  smtpUrl: string | null;
  mailFrom: string;
  /** Where contact messages are mailed. */
  contactEmail: string;
  googleClientId: string | null;
  /** Uploaded note PDFs, outside any static root (architecture §6). */
  filesDir: string;
  /**
   * DOWNLOAD_ACCEL_PREFIX, e.g. `/_files/`: behind nginx, a download is checked here as always, then answered
   * with `X-Accel-Redirect: <prefix><storage name>` and no body, and nginx sends the file from its `internal`
   * location aliased to filesDir (docs/deploy-behind-nginx.md). Null (the default): Node sends the file.
   */
  downloadAccelPrefix: string | null;
  /** Largest accepted upload, in bytes (UPLOAD_MAX_MB, default 25). */
  uploadMaxBytes: number;
  /** How long the admin upload form waits (UPLOAD_TIMEOUT_S, default product §9's 10 s); sent to the browser. */
  uploadTimeoutMs: number;
  /** How long a connection may take over each stage of a request (docs/security.md item 40). */
  httpTimeouts: HttpTimeouts;
  /** What a teacher may upload and how long an upload waits for review (decision 026). */
  reviews: ReviewLimits;
  /** Passed to Fastify's trustProxy: client IPs come from X-Forwarded-For only when set (docs/security.md item 6). */
  trustProxy: boolean | string[];
  /** Create the demo admin and student on an empty database. */
  seedDemo: boolean;
  /** Development serves everything no-cache, so rebuilt files are picked up at once. */
  devMode: boolean;
  /** Send the source maps kept beside each release (off: the live site publishes none, docs/security.md item 45). */
  serveSourceMaps: boolean;
  production: boolean;
  logLevel: string;
  /** METRICS_TOKEN: `/metrics` answers only requests bearing it; null: there is no `/metrics` (404). */
  metricsToken: string | null;
  /** When the server aborts a canary for what browsers report of it (decision 025). */
  canaryGuard: CanaryGuardSettings;
  /**
   * REDIS_URL (`redis://…` or `rediss://…`): the per-address rate-limit counters live there, shared by every
   * replica (decision 024). Null: each process counts in its own memory, as one process needs.
   */
  redisUrl: string | null;
  /** REDIS_PREFIX: the start of every key written to Redis, so deployments (and test runs) sharing one never meet. */
  redisPrefix: string;
  /** What SIGTERM and SIGINT do (decision 024). */
  shutdown: ShutdownTimes;
}

/**
 * A canary is judged once, over the last `windowMs`, at least `minSources` distinct sources (networks) opened it,
 * and aborted when it failed for at least half that many and for `ceilingPercent` of them, or for at least
 * `minExcessPoints` percentage points
 * more than the stable version and at least `minRatio` times as many. A stable version counts only with
 * `minSources` sources of its own; with them, failing for `ceilingPercent` raises an alert.
 */
export interface CanaryGuardSettings {
  enabled: boolean;
  minSources: number;
  ceilingPercent: number;
  minExcessPoints: number;
  minRatio: number;
  windowMs: number;
}

/**
 * Stopping behind a load balancer (decision 024): first `drainMs` of answering as usual while readiness fails and
 * every response closes its connection, then the listener closes and requests in flight get up to `graceMs`.
 */
export interface ShutdownTimes {
  drainMs: number;
  graceMs: number;
}

/**
 * docs/security.md item 40: no client holds a socket for free, yet a phone on a slow 3G link still gets its
 * largest upload through. Node checks the header and request limits every `checkIntervalMs` only.
 */
export interface HttpTimeouts {
  /** The request line and headers must have arrived within this (a slowloris client sends them byte by byte). */
  headersMs: number;
  /** The whole request, body included: the largest upload at the slowest link we serve, or the form's wait. */
  requestMs: number;
  /**
   * An idle keep-alive connection is closed after this: longer than the 60 s idle timeout of common load
   * balancers, so they close first and never send a request down a socket we are closing.
   */
  keepAliveMs: number;
  /** A connection on which no byte moves either way for this long is closed (downloads included). */
  idleSocketMs: number;
  /** How often Node looks for requests past headersMs or requestMs (its default, 30 s, doubles a 30 s limit). */
  checkIntervalMs: number;
}

/** The slowest upload we serve: 256 kbit/s, below what 3G sends from a phone with a weak signal. */
const SLOWEST_UPLOAD_BYTES_PER_S = 32 * 1024;
const HEADERS_TIMEOUT_MS = 30_000;

/** 25 MB uploads get 830 s (about 14 minutes) for the whole request. */
export function httpTimeouts(uploadMaxBytes: number, uploadTimeoutMs: number): HttpTimeouts {
  const slowestUploadMs = Math.ceil((uploadMaxBytes / SLOWEST_UPLOAD_BYTES_PER_S) * 1000);
  return {
    headersMs: HEADERS_TIMEOUT_MS,
    requestMs: HEADERS_TIMEOUT_MS + Math.max(slowestUploadMs, uploadTimeoutMs),
    keepAliveMs: 65_000,
    idleSocketMs: 120_000,
    checkIntervalMs: 2_000,
  };
}

/** A teacher's uploads wait for an admin (decision 026); these keep the queue short and its files few. */
export interface ReviewLimits {
  /** TEACHER_PENDING_MAX: uploads one teacher may have waiting at once (default 5). */
  pendingMax: number;
  /** TEACHER_UPLOADS_PER_DAY: uploads one teacher may make in any 24 hours, whatever became of them (default 10). */
  perDay: number;
  /** PENDING_EXPIRY_DAYS: a pending upload this old expires, its file removed and its teacher told (default 14). */
  expiryMs: number;
}

export class ConfigError extends Error {}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const MIN_SECRET_BYTES = 32;

function port(value: string | undefined): number {
  if (value === undefined || value === '') return 8080;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, got "${value}"`);
  }
  return parsed;
}

function httpUrl(name: string, value: string): string {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error();
    return url.origin;
  } catch {
    throw new ConfigError(`${name} must be an http:// or https:// URL, got "${value}"`);
  }
}

function positiveNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0)
    throw new ConfigError(`${name} must be a positive number, got "${value}"`);
  return parsed;
}

function positiveWholeNumber(name: string, value: string | undefined, fallback: number): number {
  const parsed = positiveNumber(name, value, fallback);
  if (!Number.isInteger(parsed))
    throw new ConfigError(`${name} must be a whole number from 1, got "${value}"`);
  return parsed;
}

function nonNegativeSeconds(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback * 1000;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0 || parsed > 3600)
    throw new ConfigError(`${name} must be a number of seconds from 0 to 3600, got "${value}"`);
  return Math.round(parsed * 1000);
}

function redisUrl(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  if (!/^rediss?:\/\/[^\s]+$/i.test(value))
    throw new ConfigError('REDIS_URL must start with redis:// or rediss://');
  return value;
}

function redisPrefix(value: string | undefined): string {
  if (value === undefined || value === '') return 'studyhub:';
  if (!/^[A-Za-z0-9:._-]{1,64}$/.test(value))
    throw new ConfigError(
      `REDIS_PREFIX must be 1 to 64 letters, digits, ":", ".", "_" or "-", got "${value}"`,
    );
  return value;
}

function flag(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(value.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(value.toLowerCase())) return false;
  throw new ConfigError(`${name} must be 1 or 0 (true or false), got "${value}"`);
}

/**
 * An nginx location path: `/`, then segments of letters, digits, `.`, `_` and `-` (none starting with a dot, so no
 * `..`), each ending in `/`. It becomes the start of a header value and of nginx's internal redirect, so nothing
 * else is accepted; under /api/ it would send nginx back to the API instead of to the files.
 */
export function downloadAccelPrefix(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  if (!/^\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)+$/.test(value) || /^\/api\//i.test(value)) {
    throw new ConfigError(
      `DOWNLOAD_ACCEL_PREFIX must be the path of nginx's internal location for FILES_DIR, such as /_files/ ` +
        `(starting and ending with "/", letters, digits, ".", "_" and "-" between, not under /api/), got "${value}"`,
    );
  }
  return value;
}

function wholeNumber(name: string, value: string | undefined, fallback: number): number {
  const parsed = positiveNumber(name, value, fallback);
  if (!Number.isInteger(parsed)) throw new ConfigError(`${name} must be a whole number, got "${value}"`);
  return parsed;
}

const MIN_METRICS_TOKEN_LENGTH = 16;

/** Sent as `Authorization: Bearer …` by the scraper: printable ASCII, and long enough not to be guessed. */
function metricsToken(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  if (value.length < MIN_METRICS_TOKEN_LENGTH || !/^[\x21-\x7e]+$/.test(value)) {
    throw new ConfigError(
      `METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN_LENGTH} printable characters without spaces ` +
        '(openssl rand -hex 32 makes one)',
    );
  }
  return value;
}

function percent(name: string, value: string | undefined, fallback: number): number {
  const parsed = positiveNumber(name, value, fallback);
  if (parsed > 100) throw new ConfigError(`${name} must be a percentage from above 0 to 100, got "${value}"`);
  return parsed;
}

/** The canary guard's thresholds (decision 025); the release commands read them too, to show them. */
export function canaryGuardSettings(env: NodeJS.ProcessEnv = process.env): CanaryGuardSettings {
  if (env.CANARY_ABORT_MIN_LOADS !== undefined && env.CANARY_ABORT_MIN_LOADS !== '') {
    throw new ConfigError(
      'CANARY_ABORT_MIN_LOADS was replaced by CANARY_ABORT_MIN_SOURCES, which counts distinct networks, not ' +
        'reports (docs/operations.md, "Canaries that abort themselves")',
    );
  }
  return {
    enabled: flag('CANARY_ABORT', env.CANARY_ABORT, true),
    minSources: wholeNumber('CANARY_ABORT_MIN_SOURCES', env.CANARY_ABORT_MIN_SOURCES, 10),
    ceilingPercent: percent('CANARY_ABORT_CEILING', env.CANARY_ABORT_CEILING, 50),
    minExcessPoints: positiveNumber('CANARY_ABORT_POINTS', env.CANARY_ABORT_POINTS, 10),
    minRatio: positiveNumber('CANARY_ABORT_RATIO', env.CANARY_ABORT_RATIO, 2),
    windowMs: positiveNumber('CANARY_ABORT_WINDOW_MIN', env.CANARY_ABORT_WINDOW_MIN, 10) * 60_000,
  };
}

/** `1`/`true` trusts any proxy; otherwise a comma-separated list of proxy addresses or subnets. */
function trustProxy(value: string | undefined): boolean | string[] {
  if (value === undefined || value === '' || value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return true;
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** JWT_SECRET, or in the embedded default a secret generated once and kept in dataDir (never in production). */
function jwtSecret(env: NodeJS.ProcessEnv, dataDir: string, production: boolean): string {
  const given = env.JWT_SECRET;
  if (given !== undefined && given !== '') {
    if (Buffer.byteLength(given) < MIN_SECRET_BYTES) {
      throw new ConfigError(`JWT_SECRET must be at least ${MIN_SECRET_BYTES} bytes long`);
    }
    return given;
  }
  if (production) throw new ConfigError('JWT_SECRET is required when NODE_ENV=production');
  const file = path.join(dataDir, 'jwt-secret');
  ensurePrivateDir(dataDir);
  if (existsSync(file)) ensurePrivateFile(file);
  else writeFileSync(file, randomBytes(48).toString('base64url'), { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  return readFileSync(file, 'utf8').trim();
}

/** DEPLOY_DIR, or ./deploy in the repository: where the server and the release commands find releases. */
export function deployDirFrom(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.DEPLOY_DIR || path.join(repoRoot, 'deploy'));
}

const dataDirFrom = (env: NodeJS.ProcessEnv) => path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));

/** DATABASE_URL, or the SQLite file in DATA_DIR: the server's database, which the release commands read too. */
export function databaseUrlFrom(env: NodeJS.ProcessEnv = process.env): string {
  const databaseUrl = env.DATABASE_URL || path.join(dataDirFrom(env), 'studyhub.db');
  if (/^[a-z]+:\/\//i.test(databaseUrl) && !/^postgres(ql)?:\/\//i.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be postgres://… (PostgreSQL) or a file path (SQLite)');
  }
  return databaseUrl;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const logLevel = env.LOG_LEVEL ?? 'info';
  if (!LOG_LEVELS.includes(logLevel))
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const production = env.NODE_ENV === 'production';
  const listenPort = port(env.PORT);
  const dataDir = dataDirFrom(env);
  const databaseUrl = databaseUrlFrom(env);
  const smtpUrl = env.SMTP_URL || null;
  if (smtpUrl && !/^smtps?:\/\//i.test(smtpUrl))
    throw new ConfigError('SMTP_URL must start with smtp:// or smtps://');
  const mailOutbox = flag('MAIL_OUTBOX', env.MAIL_OUTBOX, false);
  if (smtpUrl && mailOutbox)
    throw new ConfigError('Set SMTP_URL or MAIL_OUTBOX=1, not both: mail goes one way');
  if (production && !smtpUrl && !mailOutbox) {
    throw new ConfigError(
      'SMTP_URL is required when NODE_ENV=production (MAIL_OUTBOX=1 keeps mail in DATA_DIR/outbox instead)',
    );
  }
  const uploadMaxBytes = Math.round(positiveNumber('UPLOAD_MAX_MB', env.UPLOAD_MAX_MB, 25) * 1024 * 1024);
  const uploadTimeoutMs = Math.round(
    positiveNumber('UPLOAD_TIMEOUT_S', env.UPLOAD_TIMEOUT_S, UPLOAD_TIMEOUT_MS / 1000) * 1000,
  );
  return {
    // Loopback by default: the demo data's logins must not be reachable from the network by accident.
    host: env.HOST ?? '127.0.0.1',
    port: listenPort,
    deployDir: deployDirFrom(env),
    dataDir,
    databaseUrl,
    jwtSecret: jwtSecret(env, dataDir, production),
    publicUrl: httpUrl('PUBLIC_URL', env.PUBLIC_URL || `http://localhost:${listenPort}`),
    smtpUrl,
    mailFrom: env.MAIL_FROM || 'StudyHub <no-reply@studyhub.local>',
    contactEmail: env.CONTACT_EMAIL || SUPPORT_EMAIL,
    googleClientId: env.GOOGLE_CLIENT_ID || null,
    filesDir: path.resolve(env.FILES_DIR || path.join(dataDir, 'files')),
    downloadAccelPrefix: downloadAccelPrefix(env.DOWNLOAD_ACCEL_PREFIX),
    uploadMaxBytes,
    uploadTimeoutMs,
    httpTimeouts: httpTimeouts(uploadMaxBytes, uploadTimeoutMs),
    reviews: {
      pendingMax: positiveWholeNumber('TEACHER_PENDING_MAX', env.TEACHER_PENDING_MAX, 5),
      perDay: positiveWholeNumber('TEACHER_UPLOADS_PER_DAY', env.TEACHER_UPLOADS_PER_DAY, 10),
      expiryMs: Math.round(positiveNumber('PENDING_EXPIRY_DAYS', env.PENDING_EXPIRY_DAYS, 14) * 86_400_000),
    },
    trustProxy: trustProxy(env.TRUST_PROXY),
    seedDemo: flag('SEED_DEMO', env.SEED_DEMO, !production),
    devMode: env.STUDYHUB_DEV === '1',
    serveSourceMaps: flag('SERVE_SOURCE_MAPS', env.SERVE_SOURCE_MAPS, false),
    production,
    logLevel,
    metricsToken: metricsToken(env.METRICS_TOKEN),
    canaryGuard: canaryGuardSettings(env),
    redisUrl: redisUrl(env.REDIS_URL),
    redisPrefix: redisPrefix(env.REDIS_PREFIX),
    // A load balancer needs a few seconds to see readiness fail; a developer's Ctrl-C needs none.
    shutdown: {
      drainMs: nonNegativeSeconds('SHUTDOWN_DRAIN_S', env.SHUTDOWN_DRAIN_S, production ? 5 : 0),
      graceMs: nonNegativeSeconds('SHUTDOWN_GRACE_S', env.SHUTDOWN_GRACE_S, 30),
    },
  };
}
