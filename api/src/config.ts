/**
 * Server configuration from environment variables: one declared zod schema, validated once at start-up, whose
 * errors name the variable and what it must be (docs/configuration.md lists them).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { SUPPORT_EMAIL, UPLOAD_TIMEOUT_MS } from '@studyhub/contract';
import { ensurePrivateDir, ensurePrivateFile, PRIVATE_FILE_MODE } from './lib/private-files';

export interface Config {
  host: string;
  port: number;
  /** Folder with remotes.json, shell.json and releases/ (see @studyhub/deploy-folder). */
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
  /**
   * RETIRE_SERVICE_WORKER: /sw.js answers with a worker that clears the caches of the shell's service worker and
   * unregisters itself (decision 035, docs/operations.md), an emergency switch; off: the live shell's worker.
   */
  retireServiceWorker: boolean;
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
  /** The followed subjects' digest mail (decision 039). */
  digest: DigestTimes;
}

/** When the digest job looks for digests due, and how long it gathers updates before mailing them. */
export interface DigestTimes {
  /** DIGEST_INTERVAL_SECONDS (default 60): how often the job looks. */
  intervalMs: number;
  /** DIGEST_GATHER_SECONDS (default 600): how long after a user's first new update their digest waits for more. */
  gatherMs: number;
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
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const MIN_SECRET_BYTES = 32;
const MIN_METRICS_TOKEN_LENGTH = 16;

/** What a variable's text must be, said after its name: `PORT must be …, got "x"`. */
class Invalid extends Error {}

/**
 * One environment variable: unset or empty reads as `fallback`, anything else through `read`, which throws
 * Invalid saying what the variable must be. The schema's key is the variable's name; loadConfig puts it first.
 */
function variable<T>(fallback: T, read: (value: string) => T) {
  return z
    .string()
    .optional()
    .transform((value, context): T => {
      if (value === undefined || value === '') return fallback;
      try {
        return read(value);
      } catch (error) {
        if (!(error instanceof Invalid)) throw error;
        context.addIssue({ code: 'custom', message: error.message });
        return z.NEVER;
      }
    });
}

const got = (value: string) => `, got "${value}"`;

function positive(value: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new Invalid(`must be a positive number${got(value)}`);
  return parsed;
}

const positiveNumber = (fallback: number) => variable(fallback, positive);

const wholeNumber = (fallback: number, what = 'a whole number') =>
  variable(fallback, (value) => {
    const parsed = positive(value);
    if (!Number.isInteger(parsed)) throw new Invalid(`must be ${what}${got(value)}`);
    return parsed;
  });

const percent = (fallback: number) =>
  variable(fallback, (value) => {
    const parsed = positive(value);
    if (parsed > 100) throw new Invalid(`must be a percentage from above 0 to 100${got(value)}`);
    return parsed;
  });

/** Seconds from 0 to an hour, as milliseconds. */
function readSeconds(value: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0 || parsed > 3600)
    throw new Invalid(`must be a number of seconds from 0 to 3600${got(value)}`);
  return Math.round(parsed * 1000);
}

function readFlag(value: string): boolean {
  if (['1', 'true', 'yes', 'on'].includes(value.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(value.toLowerCase())) return false;
  throw new Invalid(`must be 1 or 0 (true or false)${got(value)}`);
}

const flag = (fallback: boolean) => variable(fallback, readFlag);

/** A value that must match `pattern`, else Invalid with `what` it must be. */
const matching = (pattern: RegExp, what: string, withValue = true) =>
  variable<string | null>(null, (value) => {
    if (!pattern.test(value)) throw new Invalid(`must ${what}${withValue ? got(value) : ''}`);
    return value;
  });

const text = (fallback: string) => variable(fallback, (value) => value);

const port = variable(8080, (value) => {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535)
    throw new Invalid(`must be a whole number from 0 to 65535${got(value)}`);
  return parsed;
});

/** An origin for links: http or https only. */
function origin(value: string): string {
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
  } catch {
    // Not a URL at all: refused below like any other scheme.
  }
  throw new Invalid(`must be an http:// or https:// URL${got(value)}`);
}

/**
 * An nginx location path: `/`, then segments of letters, digits, `.`, `_` and `-` (none starting with a dot, so no
 * `..`), each ending in `/`. It becomes the start of a header value and of nginx's internal redirect, so nothing
 * else is accepted; under /api/ it would send nginx back to the API instead of to the files.
 */
const accelPrefix = variable<string | null>(null, (value) => {
  if (!/^\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)+$/.test(value) || /^\/api\//i.test(value)) {
    throw new Invalid(
      `must be the path of nginx's internal location for FILES_DIR, such as /_files/ ` +
        `(starting and ending with "/", letters, digits, ".", "_" and "-" between, not under /api/)${got(value)}`,
    );
  }
  return value;
});

/** `1`/`true` trusts any proxy; otherwise a comma-separated list of proxy addresses or subnets. */
const trustProxy = variable<boolean | string[]>(false, (value) => {
  if (value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return true;
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
});

/** The canary guard's thresholds (decision 025); the release commands read them too, to show them. */
const canaryGuardSchema = z
  .object({
    CANARY_ABORT_MIN_LOADS: variable(null, () => {
      throw new Invalid(
        'was replaced by CANARY_ABORT_MIN_SOURCES, which counts distinct networks, not reports ' +
          '(docs/operations.md, "Canaries that abort themselves")',
      );
    }),
    CANARY_ABORT: flag(true),
    CANARY_ABORT_MIN_SOURCES: wholeNumber(10),
    CANARY_ABORT_CEILING: percent(50),
    CANARY_ABORT_POINTS: positiveNumber(10),
    CANARY_ABORT_RATIO: positiveNumber(2),
    CANARY_ABORT_WINDOW_MIN: positiveNumber(10),
  })
  .transform((env): CanaryGuardSettings => ({
    enabled: env.CANARY_ABORT,
    minSources: env.CANARY_ABORT_MIN_SOURCES,
    ceilingPercent: env.CANARY_ABORT_CEILING,
    minExcessPoints: env.CANARY_ABORT_POINTS,
    minRatio: env.CANARY_ABORT_RATIO,
    windowMs: env.CANARY_ABORT_WINDOW_MIN * 60_000,
  }));

/** Where the server keeps things: the release commands read these too. */
const placesSchema = z
  .object({
    DEPLOY_DIR: text(path.join(repoRoot, 'deploy')),
    DATA_DIR: variable(path.join(repoRoot, 'data'), (value) => value),
    DATABASE_URL: text(''),
  })
  .transform((env, context) => {
    const dataDir = path.resolve(env.DATA_DIR);
    const databaseUrl = env.DATABASE_URL || path.join(dataDir, 'studyhub.db');
    if (/^[a-z]+:\/\//i.test(databaseUrl) && !/^postgres(ql)?:\/\//i.test(databaseUrl)) {
      context.addIssue({
        code: 'custom',
        path: ['DATABASE_URL'],
        message: 'must be postgres://… (PostgreSQL) or a file path (SQLite)',
      });
      return z.NEVER;
    }
    return { deployDir: path.resolve(env.DEPLOY_DIR), dataDir, databaseUrl };
  });

/**
 * Every variable the server reads (docs/configuration.md), each with its default and what it must be; the
 * rules between variables and what follows from several (links, time limits) come after, in loadConfig.
 */
const environmentSchema = z.object({
  NODE_ENV: text(''),
  LOG_LEVEL: variable('info', (value) => {
    if (!(LOG_LEVELS as readonly string[]).includes(value))
      throw new Invalid(`must be one of ${LOG_LEVELS.join(', ')}`);
    return value;
  }),
  HOST: z.string().optional(),
  PORT: port,
  PUBLIC_URL: variable<string | null>(null, origin),
  JWT_SECRET: variable<string | null>(null, (value) => {
    if (Buffer.byteLength(value) < MIN_SECRET_BYTES)
      throw new Invalid(`must be at least ${MIN_SECRET_BYTES} bytes long`);
    return value;
  }),
  SMTP_URL: matching(/^smtps?:\/\//i, 'start with smtp:// or smtps://', false),
  MAIL_OUTBOX: flag(false),
  MAIL_FROM: text('StudyHub <no-reply@studyhub.local>'),
  CONTACT_EMAIL: text(SUPPORT_EMAIL),
  GOOGLE_CLIENT_ID: variable<string | null>(null, (value) => value),
  FILES_DIR: variable<string | null>(null, (value) => value),
  DOWNLOAD_ACCEL_PREFIX: accelPrefix,
  UPLOAD_MAX_MB: positiveNumber(25),
  UPLOAD_TIMEOUT_S: positiveNumber(UPLOAD_TIMEOUT_MS / 1000),
  TEACHER_PENDING_MAX: wholeNumber(5, 'a whole number from 1'),
  TEACHER_UPLOADS_PER_DAY: wholeNumber(10, 'a whole number from 1'),
  PENDING_EXPIRY_DAYS: positiveNumber(14),
  TRUST_PROXY: trustProxy,
  /** Unset: on unless production. */
  SEED_DEMO: variable<boolean | null>(null, readFlag),
  STUDYHUB_DEV: text(''),
  SERVE_SOURCE_MAPS: flag(false),
  RETIRE_SERVICE_WORKER: flag(false),
  METRICS_TOKEN: matching(
    new RegExp(`^[\\x21-\\x7e]{${MIN_METRICS_TOKEN_LENGTH},}$`),
    `be at least ${MIN_METRICS_TOKEN_LENGTH} printable characters without spaces (openssl rand -hex 32 makes one)`,
    false,
  ),
  REDIS_URL: matching(/^rediss?:\/\/[^\s]+$/i, 'start with redis:// or rediss://', false),
  REDIS_PREFIX: variable('studyhub:', (value) => {
    if (!/^[A-Za-z0-9:._-]{1,64}$/.test(value))
      throw new Invalid(`must be 1 to 64 letters, digits, ":", ".", "_" or "-"${got(value)}`);
    return value;
  }),
  /** Unset: 5 s in production, else none. */
  SHUTDOWN_DRAIN_S: variable<number | null>(null, readSeconds),
  SHUTDOWN_GRACE_S: variable(30_000, readSeconds),
  DIGEST_INTERVAL_SECONDS: variable(60_000, (value) => {
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < 1 || parsed > 3600)
      throw new Invalid(`must be a whole number of seconds from 1 to 3600${got(value)}`);
    return parsed * 1000;
  }),
  DIGEST_GATHER_SECONDS: variable(600_000, (value) => {
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < 0 || parsed > 86_400)
      throw new Invalid(`must be a whole number of seconds from 0 to 86400${got(value)}`);
    return parsed * 1000;
  }),
});

/** Parses `env` with `schema`; the first problem becomes a ConfigError naming its variable. */
function parseEnvironment<T>(schema: z.ZodType<T, NodeJS.ProcessEnv>, env: NodeJS.ProcessEnv): T {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  const name = issue?.path.join('.');
  throw new ConfigError(name ? `${name} ${issue!.message}` : (issue?.message ?? 'Invalid configuration'));
}

export function canaryGuardSettings(env: NodeJS.ProcessEnv = process.env): CanaryGuardSettings {
  return parseEnvironment(canaryGuardSchema, env);
}

/** DEPLOY_DIR, or ./deploy in the repository: where the server and the release commands find releases. */
export function deployDirFrom(env: NodeJS.ProcessEnv = process.env): string {
  return parseEnvironment(placesSchema, env).deployDir;
}

/** DATABASE_URL, or the SQLite file in DATA_DIR: the server's database, which the release commands read too. */
export function databaseUrlFrom(env: NodeJS.ProcessEnv = process.env): string {
  return parseEnvironment(placesSchema, env).databaseUrl;
}

/** DOWNLOAD_ACCEL_PREFIX's rule, for the nginx configuration's own option. */
export function downloadAccelPrefix(value: string | undefined): string | null {
  return parseEnvironment(z.object({ DOWNLOAD_ACCEL_PREFIX: accelPrefix }), { DOWNLOAD_ACCEL_PREFIX: value })
    .DOWNLOAD_ACCEL_PREFIX;
}

/** JWT_SECRET, or in the embedded default a secret generated once and kept in dataDir (never in production). */
function jwtSecret(given: string | null, dataDir: string, production: boolean): string {
  if (given !== null) return given;
  if (production) throw new ConfigError('JWT_SECRET is required when NODE_ENV=production');
  const file = path.join(dataDir, 'jwt-secret');
  ensurePrivateDir(dataDir);
  if (existsSync(file)) ensurePrivateFile(file);
  else writeFileSync(file, randomBytes(48).toString('base64url'), { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  return readFileSync(file, 'utf8').trim();
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const vars = parseEnvironment(environmentSchema, env);
  const { deployDir, dataDir, databaseUrl } = parseEnvironment(placesSchema, env);
  const canaryGuard = canaryGuardSettings(env);
  const production = vars.NODE_ENV === 'production';
  if (vars.SMTP_URL && vars.MAIL_OUTBOX)
    throw new ConfigError('Set SMTP_URL or MAIL_OUTBOX=1, not both: mail goes one way');
  if (production && !vars.SMTP_URL && !vars.MAIL_OUTBOX) {
    throw new ConfigError(
      'SMTP_URL is required when NODE_ENV=production (MAIL_OUTBOX=1 keeps mail in DATA_DIR/outbox instead)',
    );
  }
  const uploadMaxBytes = Math.round(vars.UPLOAD_MAX_MB * 1024 * 1024);
  const uploadTimeoutMs = Math.round(vars.UPLOAD_TIMEOUT_S * 1000);
  return {
    // Loopback by default: the demo data's logins must not be reachable from the network by accident.
    host: vars.HOST ?? '127.0.0.1',
    port: vars.PORT,
    deployDir,
    dataDir,
    databaseUrl,
    jwtSecret: jwtSecret(vars.JWT_SECRET, dataDir, production),
    publicUrl: vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`,
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM,
    contactEmail: vars.CONTACT_EMAIL,
    googleClientId: vars.GOOGLE_CLIENT_ID,
    filesDir: path.resolve(vars.FILES_DIR ?? path.join(dataDir, 'files')),
    downloadAccelPrefix: vars.DOWNLOAD_ACCEL_PREFIX,
    uploadMaxBytes,
    uploadTimeoutMs,
    httpTimeouts: httpTimeouts(uploadMaxBytes, uploadTimeoutMs),
    reviews: {
      pendingMax: vars.TEACHER_PENDING_MAX,
      perDay: vars.TEACHER_UPLOADS_PER_DAY,
      expiryMs: Math.round(vars.PENDING_EXPIRY_DAYS * 86_400_000),
    },
    trustProxy: vars.TRUST_PROXY,
    seedDemo: vars.SEED_DEMO ?? !production,
    devMode: vars.STUDYHUB_DEV === '1',
    serveSourceMaps: vars.SERVE_SOURCE_MAPS,
    retireServiceWorker: vars.RETIRE_SERVICE_WORKER,
    production,
    logLevel: vars.LOG_LEVEL,
    metricsToken: vars.METRICS_TOKEN,
    canaryGuard,
    redisUrl: vars.REDIS_URL,
    redisPrefix: vars.REDIS_PREFIX,
    // A load balancer needs a few seconds to see readiness fail; a developer's Ctrl-C needs none.
    shutdown: {
      drainMs: vars.SHUTDOWN_DRAIN_S ?? (production ? 5000 : 0),
      graceMs: vars.SHUTDOWN_GRACE_S,
    },
    digest: { intervalMs: vars.DIGEST_INTERVAL_SECONDS, gatherMs: vars.DIGEST_GATHER_SECONDS },
  };
}
