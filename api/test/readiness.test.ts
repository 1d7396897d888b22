/**
 * GET /api/health/ready (decision 024): 200 only when the database answers a read, the files folder takes a
 * write and Redis (when configured) answers; otherwise 503 naming what is down, within the checks' time limit,
 * and never an address or error text. /api/health stays the liveness answer whatever is down. Redis answering,
 * going away and coming back: shared-state.test.ts.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { createVerifiedUser, newUser } from './support/accounts';
import { buildTestApp, type TestApp } from './support/apps';
import { TEST_DB } from './support/database';
import { type ApiReply } from './support/requests';
import { sleep } from './server-processes';

/** Results are shared for a second (services/readiness.ts): wait past that between two states. */
const PAST_REUSE_MS = 1_100;

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function ready(app: TestApp): Promise<ApiReply> {
  const reply = await app.get('/api/health/ready');
  expect(reply.headers['cache-control']).toBe('no-store');
  return reply;
}

const down = (...components: string[]) => ({
  status: 'not ready',
  message: `Not ready: ${components.join(', ')}.`,
  down: components,
  checks: expect.any(Object),
});

/**
 * The database stops answering the app's reads; `release` ends it. SQLite: a transaction holds the app's one
 * connection (every other query waits behind it). PostgreSQL: another connection holds the table's strongest lock.
 */
async function blockDatabase(app: TestApp): Promise<() => Promise<void>> {
  if (TEST_DB === 'sqlite') {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = app.db.transaction().execute(() => held);
    return async () => {
      release();
      await transaction;
    };
  }
  const other = new pg.Client({ connectionString: app.app.context.config.databaseUrl });
  await other.connect();
  await other.query('begin; lock table content_versions in access exclusive mode');
  return async () => {
    await other.query('rollback');
    await other.end();
  };
}

describe('GET /api/health/ready', () => {
  it('200 when everything answers; Redis is "not configured" without REDIS_URL', async () => {
    t = await buildTestApp();
    const reply = await ready(t);
    expect([reply.status, reply.body]).toEqual([
      200,
      { status: 'ready', checks: { database: 'ok', files: 'ok', redis: 'not configured' } },
    ]);
  });

  it('the files folder gone (an unmounted volume) → 503 naming files, 200 once it is back', async () => {
    t = await buildTestApp();
    const { filesDir } = t.app.context.config;
    rmSync(filesDir, { recursive: true, force: true });
    const reply = await ready(t);
    expect([reply.status, reply.body]).toEqual([503, down('files')]);
    expect(reply.body.checks).toEqual({ database: 'ok', files: 'down', redis: 'not configured' });
    expect((await t.get('/api/health')).status).toBe(200);
    mkdirSync(path.join(filesDir, '.incoming'), { recursive: true, mode: 0o700 });
    await sleep(PAST_REUSE_MS);
    expect((await ready(t)).status).toBe(200);
  });

  it('the files folder not a folder any more → 503 files', async () => {
    t = await buildTestApp();
    const { filesDir } = t.app.context.config;
    rmSync(filesDir, { recursive: true, force: true });
    writeFileSync(filesDir, 'not a folder');
    expect((await ready(t)).body).toEqual(down('files'));
  });

  it(`the database not answering (${TEST_DB}: its connection held, or its table locked) → 503 database within the time limit`, async () => {
    t = await buildTestApp();
    const release = await blockDatabase(t);
    try {
      const started = performance.now();
      const reply = await ready(t);
      expect([reply.status, reply.body]).toEqual([503, down('database')]);
      expect(reply.body.checks.database).toBe('down');
      expect(performance.now() - started).toBeLessThan(3_000);
    } finally {
      await release();
    }
    await sleep(PAST_REUSE_MS);
    expect((await ready(t)).status).toBe(200);
  }, 20_000);

  it('REDIS_URL set and Redis unreachable → 503 redis; two components down are both named', async () => {
    t = await buildTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1', REDIS_PREFIX: 'test-ready:' } });
    const reply = await ready(t);
    expect([reply.status, reply.body]).toEqual([503, down('redis')]);
    expect(reply.body.checks).toEqual({ database: 'ok', files: 'ok', redis: 'down' });
    // Nothing about where Redis is or why it failed reaches the client (docs/security.md item 31).
    expect(JSON.stringify(reply.body)).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|:1\b/);
    rmSync(t.app.context.config.filesDir, { recursive: true, force: true });
    await sleep(PAST_REUSE_MS);
    expect((await ready(t)).body).toEqual(down('files', 'redis'));
  });

  it('a stopping process is not ready, whatever its components say', async () => {
    t = await buildTestApp();
    t.app.context.lifecycle.stopping = true;
    expect((await ready(t)).body).toEqual(down('shutting down'));
  });
});

describe('a burst of sign-ups (docs/security.md item 52)', () => {
  const SIGN_UPS = 300;
  const CLIENTS = 60;
  const fromClient = (n: number) => ({ remoteAddress: `198.51.100.${(n % CLIENTS) + 1}` });

  it(`${SIGN_UPS} sign-ups from ${CLIENTS} addresses, each within its rate limit: every readiness answer is 200, and sign-ups and logins all succeed`, async () => {
    // The real limits: five sign-ups a minute from each address.
    t = await buildTestApp({ rateLimitFactor: 1 });
    const app = t;
    const student = await createVerifiedUser(app);
    let signUpsDone = false;
    const signUps = Promise.all(
      Array.from({ length: SIGN_UPS }, (_, n) => app.post('/api/auth/register', newUser(), fromClient(n))),
    ).finally(() => (signUpsDone = true));
    const logins = Promise.all(
      Array.from({ length: 5 }, () =>
        app.post(
          '/api/auth/login',
          { email: student.email, password: student.password },
          { remoteAddress: '203.0.113.9' },
        ),
      ),
    );
    // Polled as a load balancer does, for as long as the burst lasts (each answer past the shared second is new).
    const readinessAnswers: number[] = [];
    while (!signUpsDone) {
      readinessAnswers.push((await ready(app)).status);
      await sleep(PAST_REUSE_MS);
    }
    expect(readinessAnswers.length).toBeGreaterThan(0);
    expect(readinessAnswers).toEqual(readinessAnswers.map(() => 200));
    expect((await signUps).map((reply) => reply.status)).toEqual(Array(SIGN_UPS).fill(200));
    expect((await logins).map((reply) => reply.status)).toEqual(Array(5).fill(200));
  }, 120_000);
});
