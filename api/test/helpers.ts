/**
 * Test harness for the API: a fresh database per app (a temp SQLite file, or a freshly created PostgreSQL schema
 * when STUDYHUB_TEST_DB=postgres), a controllable clock, a mailer that records what it would send, captured log
 * lines, and a request helper that checks docs/security.md item 19's headers on every API response it sees.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import type { JWTVerifyGetKey } from 'jose';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { areaEntryUrl } from '@studyhub/contract';
import { pointArea, pointShell, publishBuild, writeRemotes } from '@studyhub/tooling/deploy';
import { buildApp } from '../src/app';
import { loadConfig, type HttpTimeouts } from '../src/config';
import type { Database } from '../src/db/schema';
import { API_CONTENT_SECURITY_POLICY } from '../src/plugins/security-headers';
import type { Clock } from '../src/lib/clock';
import type { Mail, Mailer } from '../src/services/mailer';

export const SHELL_VERSION = '1.0.0-aaaaaaaa';
export const NOTES_VERSION = '1.0.0-bbbbbbbb';

export const JWT_SECRET = 'test-secret-that-is-at-least-32-bytes-long';
export const PUBLIC_URL = 'https://studyhub.test';
export const CONTACT_EMAIL = 'contact-inbox@studyhub.test';
export const GOOGLE_CLIENT_ID = 'studyhub-test.apps.googleusercontent.com';

// ---------------------------------------------------------------------------------------------------------------
// Database: which engine this run uses, and one fresh database per app.

export type TestDatabase = 'sqlite' | 'postgres';

function requestedDatabase(): TestDatabase {
  const value = process.env.STUDYHUB_TEST_DB ?? 'sqlite';
  if (value !== 'sqlite' && value !== 'postgres') {
    throw new Error(`STUDYHUB_TEST_DB must be "sqlite" or "postgres", got "${value}"`);
  }
  return value;
}

export const TEST_DB: TestDatabase = requestedDatabase();
export const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface ProvisionedDatabase {
  url: string;
  drop(): Promise<void>;
}

async function withPostgres<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    const where = POSTGRES_URL.replace(/\/\/[^@/]*@/, '//…@');
    throw new Error(
      `STUDYHUB_TEST_DB=postgres, but PostgreSQL at ${where} is unreachable (${String(error)}). ` +
        'Start it or set TEST_POSTGRES_URL.',
    );
  }
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A PostgreSQL schema of its own (`POSTGRES_URL`'s database), and the URL whose connections work in it. */
export async function createPostgresSchema(): Promise<ProvisionedDatabase> {
  const schema = `t_${randomBytes(8).toString('hex')}`;
  await withPostgres((client) => client.query(`create schema "${schema}"`));
  const separator = POSTGRES_URL.includes('?') ? '&' : '?';
  return {
    url: `${POSTGRES_URL}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    drop: async () => {
      await withPostgres((client) => client.query(`drop schema if exists "${schema}" cascade`));
    },
  };
}

/** SQLite: a file in the app's temp folder. PostgreSQL: a schema of its own, dropped on close. */
async function provisionDatabase(dataDir: string): Promise<ProvisionedDatabase> {
  if (TEST_DB === 'sqlite') {
    return { url: path.join(dataDir, 'studyhub.db'), drop: async () => {} };
  }
  return createPostgresSchema();
}

// ---------------------------------------------------------------------------------------------------------------
// Clock, mail and logs.

export interface TestClock extends Clock {
  advance(ms: number): void;
  set(at: Date | number): void;
  now(): number;
}

export function createTestClock(start: number = Date.now()): TestClock {
  let current = start;
  const clock = (() => new Date(current)) as TestClock;
  clock.advance = (ms) => {
    current += ms;
  };
  clock.set = (at) => {
    current = typeof at === 'number' ? at : at.getTime();
  };
  clock.now = () => current;
  return clock;
}

export type CapturedMail = Mail;

function captureMailer(mails: CapturedMail[]): Mailer {
  return {
    async send(mail) {
      mails.push({ kind: mail.kind, to: mail.to, subject: mail.subject, text: mail.text });
    },
    close() {},
  };
}

/** The 6-digit code in a verification mail. */
export function codeFrom(mail: CapturedMail | undefined): string {
  const match = mail?.text.match(/verification code is (\d{6})\b/);
  if (!match) throw new Error(`No verification code in mail: ${JSON.stringify(mail)}`);
  return match[1]!;
}

/**
 * A 6-digit code as it would leak: on its own, not as six digits inside a UUID, a hash or a timestamp that happen
 * to match (one in a few thousand rows would, and the test would fail for nothing).
 */
export function standaloneCode(code: string): RegExp {
  return new RegExp(`(?<![0-9A-Za-z])${code}(?![0-9A-Za-z])`);
}

/** The reset link in a forgot-password mail. */
export function linkFrom(mail: CapturedMail | undefined): URL {
  const match = mail?.text.match(/https?:\/\/\S+\/reset-password\/\S+/);
  if (!match) throw new Error(`No reset link in mail: ${JSON.stringify(mail)}`);
  return new URL(match[0]);
}

export function tokenFromLink(link: URL): string {
  return link.pathname.split('/').pop()!;
}

// ---------------------------------------------------------------------------------------------------------------
// Requests.

export interface ApiReply {
  status: number;
  // Tests read whatever fields they expect; a wrong shape fails their assertions.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  headers: Record<string, string | string[] | number | undefined>;
}

export interface RequestOptions {
  token?: string;
  headers?: Record<string, string>;
  remoteAddress?: string;
  /** A raw payload (string or Buffer) instead of JSON. */
  raw?: string | Buffer;
}

/** docs/security.md items 19 and 45: what every response carries, the site's files and the downloads too. */
/** The site's security headers (docs/security.md item 45): its pages, its files, served note files. */
export function expectSiteHeaders(reply: { headers: ApiReply['headers'] }): void {
  expect(reply.headers['x-content-type-options']).toBe('nosniff');
  expect(reply.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(reply.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(reply.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  expect(reply.headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(String(reply.headers['permissions-policy'])).toMatch(/(^|, )camera=\(\)(,|$)/);
}

/** The API's security headers (decision 029), on every API reply, a bodiless 204 included. */
export function expectApiSecurityHeaders(reply: { headers: ApiReply['headers'] }): void {
  expect(reply.headers['x-content-type-options']).toBe('nosniff');
  expect(reply.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(reply.headers['x-frame-options']).toBe('DENY');
  expect(reply.headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY);
  expect(reply.headers['cross-origin-resource-policy']).toBe('same-origin');
}

/** The API's security headers and a JSON body, checked on every API response the suite sees. */
export function expectApiHeaders(reply: { headers: ApiReply['headers'] }): void {
  expectApiSecurityHeaders(reply);
  expect(String(reply.headers['content-type'])).toMatch(/^application\/json; charset=utf-8$/);
}

export async function request(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD',
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<ApiReply> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  let payload: string | Buffer | undefined;
  if (options.raw !== undefined) {
    payload = options.raw;
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers['content-type'] ??= 'application/json';
  }
  const reply = await app.inject({
    method,
    url,
    payload,
    headers,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  const result: ApiReply = {
    status: reply.statusCode,
    body: reply.body === '' ? undefined : JSON.parse(reply.body),
    headers: reply.headers,
  };
  // A 204 has no body, so no content type.
  if (url.startsWith('/api/') && method !== 'HEAD') {
    if (result.status === 204) expectApiSecurityHeaders(result);
    else expectApiHeaders(result);
  }
  // docs/security.md item 45: what a token was accepted for is never stored.
  if (options.token !== undefined && result.status < 300)
    expect(result.headers['cache-control']).toBe('no-store');
  return result;
}

// ---------------------------------------------------------------------------------------------------------------
// Raw sockets, for what Node answers before Fastify sees a request (http-limits.test.ts).

export interface RawSocket {
  socket: Socket;
  /** Everything the server sent, and how long after connecting it closed the connection. */
  closed: Promise<{ raw: string; closedAfterMs: number }>;
}

export function openSocket(port: number): RawSocket {
  const socket = connect({ host: '127.0.0.1', port });
  const started = performance.now();
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  // The server may reset a connection it cut off while bytes were still on the way.
  socket.on('error', () => {});
  const closed = new Promise<{ raw: string; closedAfterMs: number }>((resolve) =>
    socket.on('close', () =>
      resolve({ raw: Buffer.concat(chunks).toString('latin1'), closedAfterMs: performance.now() - started }),
    ),
  );
  return { socket, closed };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** The status line and headers of an HTTP/1.1 response (the text before its blank line). */
export function parseResponseHead(head: string): { status: number; headers: Record<string, string> } {
  const [statusLine, ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine!.split(' ')[1]), headers };
}

/** One HTTP/1.1 response with a JSON body, as it came over the wire. */
export function parseRawResponse(raw: string): RawResponse {
  const end = raw.indexOf('\r\n\r\n');
  expect(end).toBeGreaterThan(0);
  return { ...parseResponseHead(raw.slice(0, end)), body: JSON.parse(raw.slice(end + 4)) };
}

// ---------------------------------------------------------------------------------------------------------------
// Apps.

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

// ---------------------------------------------------------------------------------------------------------------
// Walks over the route table (route-spellings.test.ts, security-headers.test.ts).

/** A path a route would answer for real: parameters filled with values that exist or look right. */
export function concretePath(url: string): string {
  const values: Record<string, string> = {
    id: '00000000-0000-4000-8000-000000000000',
    token: 'A'.repeat(43),
    branch: 'CSE',
    year: 'ThirdYear',
    semester: 'Semester_5',
    subjectCode: 'CS-501',
    unitNumber: '1',
  };
  return url.replace(/:(\w+)/g, (_all, name: string) => values[name] ?? 'x1');
}

/** The query a route needs to get past its validation, for walks over the route table. */
export const ROUTE_QUERIES: Record<string, string> = { '/api/notes/units': '?subject=CS-501' };

// ---------------------------------------------------------------------------------------------------------------
// Accounts.

export interface TestUser {
  name: string;
  email: string;
  password: string;
}

let userCounter = 0;

/** Unique, valid sign-up data. */
export function newUser(overrides: Partial<TestUser> = {}): TestUser {
  userCounter += 1;
  const id = `${process.pid}-${userCounter}-${randomBytes(3).toString('hex')}`;
  return {
    name: `Student ${userCounter}`,
    email: `student-${id}@example.com`,
    password: `correct horse ${id}`,
    ...overrides,
  };
}

/** A sign-up in progress: the registration id the register reply gave and the code mailed for it. */
export interface PendingSignUp {
  registration: string;
  code: string;
}

/** Registers through the API and returns the registration and its emailed code (not yet verified). */
export async function registerUser(t: TestApp, user: TestUser): Promise<PendingSignUp> {
  const reply = await t.post('/api/auth/register', user);
  expect(reply.status).toBe(200);
  return { registration: reply.body.registration, code: codeFrom(t.lastMailTo(user.email.toLowerCase())) };
}

/** POST /api/auth/verify-otp for a sign-up (the code may be overridden). */
export function verifySignUp(t: TestApp, user: TestUser, signUp: PendingSignUp, otp: unknown = signUp.code) {
  return t.post('/api/auth/verify-otp', { email: user.email, otp, registration: signUp.registration });
}

/** Registers and verifies through the API. */
export async function createVerifiedUser(t: TestApp, overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const user = newUser(overrides);
  const reply = await verifySignUp(t, user, await registerUser(t, user));
  expect(reply.status).toBe(200);
  return user;
}

/** A verified user and a session token for them. */
export async function loginUser(t: TestApp, user: TestUser): Promise<string> {
  const reply = await t.post('/api/auth/login', { email: user.email, password: user.password });
  expect(reply.status).toBe(200);
  return reply.body.token as string;
}

export async function countRows(
  db: Kysely<Database>,
  table:
    | 'users'
    | 'registrations'
    | 'password_resets'
    | 'contact_messages'
    | 'audit_log'
    | 'note_files'
    | 'syllabus_entries',
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A verified user with the given role (set in the database directly, as only the admin endpoint may) and a token. */
export async function createUserWithRole(
  t: TestApp,
  role: 'student' | 'teacher' | 'admin',
): Promise<{ user: TestUser; id: string; token: string }> {
  const user = await createVerifiedUser(t);
  const row = await t.db
    .updateTable('users')
    .set({ role })
    .where('email', '=', user.email.toLowerCase())
    .returning('id')
    .executeTakeFirstOrThrow();
  return { user, id: row.id, token: await loginUser(t, user) };
}

// ---------------------------------------------------------------------------------------------------------------
// Note files (notes-upload.test.ts, notes-download.test.ts).

export interface MultipartPart {
  name: string;
  filename?: string;
  contentType?: string;
  content: string | Buffer | Uint8Array;
}

/** A multipart/form-data body built by hand, and the content-type header that goes with it. */
export function multipartBody(parts: MultipartPart[]): { payload: Buffer; contentType: string } {
  const boundary = `----studyhub-${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.contentType === undefined ? '' : `\r\nContent-Type: ${part.contentType}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}${type}\r\n\r\n`,
      ),
      Buffer.from(part.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The upload form: `file` in the field "pdf", as the admin's upload page sends it. */
export function pdfForm(
  file: Buffer | Uint8Array,
  filename = 'notes.pdf',
): { payload: Buffer; contentType: string } {
  return multipartBody([{ name: 'pdf', filename, contentType: 'application/pdf', content: file }]);
}

/** POST /api/upload/upload with `file` in the field "pdf" (or the given parts) and the query as given. */
export function uploadNote(
  t: TestApp,
  query: Record<string, string> | string,
  file: Buffer | Uint8Array | MultipartPart[] | null,
  token?: string,
): Promise<ApiReply> {
  const search = typeof query === 'string' ? query : new URLSearchParams(query).toString();
  const { payload, contentType } =
    file === null ? multipartBody([]) : Array.isArray(file) ? multipartBody(file) : pdfForm(file);
  return request(t.app, 'POST', `/api/upload/upload?${search}`, undefined, {
    token,
    raw: payload,
    headers: { 'content-type': contentType },
  });
}

/** Every file under a folder (relative paths, sorted), hidden ones and subfolders included. */
export function listFiles(dir: string): string[] {
  const found: string[] = [];
  const walk = (current: string, prefix: string) => {
    let entries;
    try {
      entries = readdirSync(current, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path.join(current, entry.name), relative);
      else found.push(relative);
    }
  };
  walk(dir, '');
  return found.sort();
}

// ---------------------------------------------------------------------------------------------------------------
// The composed site (site.test.ts).

function writeFiles(dir: string, files: Record<string, string>): string {
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

/** The source map of a build's file, as the release keeps it beside the release folder. */
export const sourceMap = (file: string) => JSON.stringify({ version: 3, file, mappings: '' });

/** A shell chunk big enough to be published with compressed copies (decision 013). */
export const VENDOR_CHUNK = 'vendor.5e6f7a8b.js';
export const VENDOR_SOURCE = 'export const unit = "Unit 3: Dynamic programming";\n'.repeat(100);
/** The notes build's page chunk, which its manifest names for `./Area`. */
export const NOTES_AREA_CHUNK = '__federation_expose_Area.1a2b3c4d.js';

/**
 * A deploy folder with a small shell and notes release, published with the real deploy functions (so the
 * builds' source maps are kept in deploy/sourcemaps/).
 */
export function makeDeployDir(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'studyhub-api-'));
  const deployDir = path.join(root, 'deploy');
  const shellBuild = writeFiles(path.join(root, 'shell-dist'), {
    // Home prerendered into the page, and the page for every other route (decision 014).
    'index.html': '<!doctype html><div id="root"><h1>Home</h1></div><script defer src="/main.js"></script>',
    'app.html': '<!doctype html><div id="root"></div><script defer src="/main.js"></script>',
    'main.js': 'console.log("shell")',
    'main.js.map': sourceMap('main.js'),
    'src_bootstrap_tsx.0a1b2c3d.js': 'console.log("chunk")',
    // What the shell's copy of the platform provides (decisions 020, 028): the same name in every shell release.
    'shared-usage.json': JSON.stringify({
      package: '@studyhub/shared',
      version: '1.0.0-test',
      provides: [],
      needs: [],
    }),
    'src_bootstrap_tsx.0a1b2c3d.js.map': sourceMap('src_bootstrap_tsx.0a1b2c3d.js'),
    // Large enough that publishing writes its .br and .gz copies.
    [VENDOR_CHUNK]: VENDOR_SOURCE,
  });
  const notesBuild = writeFiles(path.join(root, 'notes-dist'), {
    'mf-manifest.json': JSON.stringify({
      id: 'notes',
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [{ path: './Area', assets: { js: { sync: [NOTES_AREA_CHUNK] } } }],
    }),
    'remoteEntry.js': 'console.log("notes")',
    'remoteEntry.js.map': sourceMap('remoteEntry.js'),
    [NOTES_AREA_CHUNK]: 'console.log("area")',
    [`${NOTES_AREA_CHUNK}.map`]: sourceMap(NOTES_AREA_CHUNK),
  });
  publishBuild(deployDir, 'shell', SHELL_VERSION, shellBuild);
  publishBuild(deployDir, 'notes', NOTES_VERSION, notesBuild);
  pointShell(deployDir, SHELL_VERSION);
  pointArea(deployDir, 'notes', NOTES_VERSION);
  return deployDir;
}

/** The notes canary the canary guard's tests judge: NOTES_VERSION stays live, `canary` runs beside it. */
export const NOTES_CANARY = `${NOTES_VERSION}-canary`;

/** Points remotes.json at NOTES_VERSION with NOTES_CANARY as its canary (no release folder needed to abort it). */
export function startNotesCanary(deployDir: string, percent = 10): void {
  writeRemotes(deployDir, {
    notes: {
      version: NOTES_VERSION,
      entry: areaEntryUrl('notes', NOTES_VERSION),
      canary: { version: NOTES_CANARY, entry: areaEntryUrl('notes', NOTES_CANARY), percent },
    },
  });
}

export function removeDeployDir(deployDir: string): void {
  rmSync(path.dirname(deployDir), { recursive: true, force: true });
}

/** The report token a browser gets with /remotes.json (decision 025), naming every version it lists now. */
export async function reportToken(app: FastifyInstance): Promise<string> {
  const reply = await request(app, 'GET', '/remotes.json');
  return String(reply.headers['report-token']);
}

/** The address of a client in a network (an IPv4 /24) of its own, one per index: distinct sources for the guard. */
export const ownNetwork = (index: number) => `10.${(index >> 8) & 255}.${index & 255}.7`;
