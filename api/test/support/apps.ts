/**
 * The API under test: the app with a fresh database (a temp SQLite file, or a PostgreSQL schema of its own when
 * STUDYHUB_TEST_DB=postgres), a clock the test moves, the mail it would send and every log line it wrote.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { JWTVerifyGetKey } from 'jose';
import type { Kysely } from 'kysely';
import { buildApp } from '../../src/app';
import { loadConfig, type HttpTimeouts } from '../../src/config';
import type { Database } from '../../src/db/schema';
import { captureMailer, type CapturedMail, type TestClock, createTestClock } from './mail';
import { provisionDatabase } from './database';
import { type ApiReply, type RequestOptions, request } from './requests';

export const JWT_SECRET = 'test-secret-that-is-at-least-32-bytes-long';
export const PUBLIC_URL = 'https://studyhub.test';
export const CONTACT_EMAIL = 'contact-inbox@studyhub.test';
export const GOOGLE_CLIENT_ID = 'studyhub-test.apps.googleusercontent.com';

export interface TestAppOptions {
  clock?: TestClock;
  googleKeys?: JWTVerifyGetKey;
  /** Multiplies every rate limit; 1000 unless a test is about rate limits. */
  rateLimitFactor?: number;
  googleClientId?: string;
  /** Sends mail through the real mailer over SMTP instead of capturing it. */
  smtpUrl?: string;
  /** Uses the real mailer (outbox folder or SMTP_URL) instead of the capturing one. */
  realMailer?: boolean;
  /** Extra environment for loadConfig; wins over the defaults. */
  env?: NodeJS.ProcessEnv;
  deployDir?: string;
  /** Time limits of the server's connections, in place of the defaults (minutes are too long for a test). */
  httpTimeouts?: Partial<HttpTimeouts>;
}

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  clock: TestClock;
  mails: CapturedMail[];
  /** Every log line the app wrote (JSON text), at the level LOG_LEVEL asks for (default silent). */
  logs: string[];
  dataDir: string;
  /** The app's DATABASE_URL, for a command (create-admin) to open the same database. */
  databaseUrl: string;
  get(url: string, options?: RequestOptions): Promise<ApiReply>;
  post(url: string, body?: unknown, options?: RequestOptions): Promise<ApiReply>;
  /** Mails sent to one address, oldest first. */
  mailsTo(email: string): CapturedMail[];
  lastMailTo(email: string): CapturedMail | undefined;
  close(): Promise<void>;
}

async function createTestApp(options: TestAppOptions): Promise<TestApp> {
  const root = mkdtempSync(path.join(tmpdir(), 'studyhub-api-test-'));
  const dataDir = path.join(root, 'data');
  mkdirSync(dataDir, { recursive: true });
  const deployDir = options.deployDir ?? path.join(root, 'deploy');
  mkdirSync(deployDir, { recursive: true });
  const database = await provisionDatabase(dataDir).catch((error: unknown) => {
    rmSync(root, { recursive: true, force: true });
    throw error;
  });
  const env: NodeJS.ProcessEnv = {
    DEPLOY_DIR: deployDir,
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
    JWT_SECRET,
    SEED_DEMO: '0',
    PUBLIC_URL,
    CONTACT_EMAIL,
    ...(options.googleClientId ? { GOOGLE_CLIENT_ID: options.googleClientId } : {}),
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
    ...options.env,
  };
  const clock = options.clock ?? createTestClock();
  const mails: CapturedMail[] = [];
  const logs: string[] = [];
  const loaded = loadConfig(env);
  const config = { ...loaded, httpTimeouts: { ...loaded.httpTimeouts, ...options.httpTimeouts } };
  const useRealMailer = options.realMailer || Boolean(config.smtpUrl);
  let app: FastifyInstance;
  try {
    app = await buildApp(config, {
      clock,
      googleKeys: options.googleKeys,
      rateLimitFactor: options.rateLimitFactor ?? 1000,
      logStream: { write: (line: string) => void logs.push(line) },
      ...(useRealMailer ? {} : { mailer: captureMailer(mails) }),
    });
  } catch (error) {
    await database.drop();
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  let closed: Promise<void> | undefined;
  const cleanUp = async () => {
    await database.drop();
    rmSync(root, { recursive: true, force: true });
  };
  // Fastify runs onClose hooks last-added first, so this one runs before the app's own: close the database here
  // (Kysely's destroy is idempotent) so the schema or file is dropped only after the app let go of it.
  app.addHook('onClose', async () => {
    await app.context.db.destroy();
    await cleanUp();
  });
  return {
    app,
    db: app.context.db,
    clock,
    mails,
    logs,
    dataDir,
    databaseUrl: database.url,
    get: (url, requestOptions) => request(app, 'GET', url, undefined, requestOptions),
    post: (url, body, requestOptions) => request(app, 'POST', url, body, requestOptions),
    mailsTo: (email) => mails.filter((mail) => mail.to === email),
    lastMailTo: (email) => mails.filter((mail) => mail.to === email).at(-1),
    close: () => (closed ??= app.close()),
  };
}

/** The API with a fresh database, capturing mail (see TestAppOptions). */
export function buildTestApp(options?: TestAppOptions): Promise<TestApp>;
/** The composed site over a deploy folder from makeDeployDir (the site tests). */
export function buildTestApp(deployDir: string): Promise<FastifyInstance>;
export async function buildTestApp(arg: TestAppOptions | string = {}): Promise<TestApp | FastifyInstance> {
  if (typeof arg === 'string') return (await createTestApp({ deployDir: arg })).app;
  return createTestApp(arg);
}
