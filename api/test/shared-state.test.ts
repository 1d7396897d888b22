/**
 * Rate limits shared through Redis (REDIS_URL, decision 024; docs/security.md item 29): two apps counting in one
 * Redis hold one limit per address between them, and a Redis that is unreachable, goes away or stops answering
 * never makes a request hang or fail: the limits then count in each process's memory, and readiness says so. Each test runs its own
 * redis-server (Debian's) on a free port, so it can kill and stop it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import { freePort } from '@studyhub/tooling/test-support/standalone-nginx';
import { REDIS_COMMAND_TIMEOUT_MS } from '../src/lib/redis';
import { newUser } from './support/accounts';
import { buildTestApp, type TestApp } from './support/apps';
import { type ApiReply } from './support/requests';
import { sleep, waitFor } from './server-processes';

const REDIS_SERVER = process.env.REDIS_SERVER_PATH || '/usr/bin/redis-server';
const CI = Boolean(process.env.CI) && !['0', 'false'].includes(process.env.CI!.toLowerCase());
const HAVE_REDIS = existsSync(REDIS_SERVER);
const REGISTER_PER_MINUTE = 5;
const TOO_MANY = { message: 'Too many requests. Please try again later.' };

if (!HAVE_REDIS && !CI) {
  console.warn(
    `\n${'!'.repeat(100)}\n!! SKIPPED: shared-state.test.ts needs ${REDIS_SERVER} (apt-get install -y redis-server).` +
      `\n!! With CI=true these tests fail instead.\n${'!'.repeat(100)}\n`,
  );
}
const describeRedis = HAVE_REDIS || CI ? describe : describe.skip;

interface RedisServer {
  url: string;
  process: ChildProcess;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

const started: RedisServer[] = [];
const apps: TestApp[] = [];

/** Whether a Redis answers PING on the port, asked over a socket of its own. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port }, () => socket.write('PING\r\n'));
    socket.setTimeout(500, () => settle(false));
    socket.on('data', (data: Buffer) => settle(data.toString().startsWith('+PONG')));
    socket.on('error', () => settle(false));
    function settle(answered: boolean) {
      socket.destroy();
      resolve(answered);
    }
  });
}

/** A redis-server of this test's own, keeping nothing on disk, answering PING. */
async function startRedis(port?: number): Promise<RedisServer> {
  if (!HAVE_REDIS) throw new Error(`CI=true and ${REDIS_SERVER} is missing: apt-get install -y redis-server`);
  const chosen = port ?? (await freePort());
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `redis://127.0.0.1:${chosen}`;
  const deadline = Date.now() + 10_000;
  while (!(await answersPing(chosen))) {
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error(`redis-server on ${chosen} did not start`);
    await sleep(20);
  }
  const server: RedisServer = {
    url,
    process: child,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGCONT');
      child.kill(signal);
      await exited;
    },
  };
  started.push(server);
  return server;
}

/** An app counting rate limits in `redisUrl` under a prefix of this test's own (the real limits, factor 1). */
async function appWithRedis(redisUrl: string, prefix: string): Promise<TestApp> {
  const t = await buildTestApp({ rateLimitFactor: 1, env: { REDIS_URL: redisUrl, REDIS_PREFIX: prefix } });
  apps.push(t);
  return t;
}

const register = (t: TestApp, remoteAddress: string): Promise<ApiReply> =>
  t.post('/api/auth/register', newUser(), { remoteAddress });

/** The time a request took, and its reply. */
async function timed(send: () => Promise<ApiReply>): Promise<{ reply: ApiReply; ms: number }> {
  const start = performance.now();
  const reply = await send();
  return { reply, ms: performance.now() - start };
}

afterEach(async () => {
  await Promise.all(apps.splice(0).map((t) => t.close()));
  await Promise.all(started.splice(0).map((server) => server.kill()));
});

describeRedis('rate limits with REDIS_URL (decision 024, docs/security.md item 29)', () => {
  it('two processes counting in one Redis hold one limit per address: the sixth sign-up is refused on either', async () => {
    const redis = await startRedis();
    const prefix = `test-${randomBytes(4).toString('hex')}:`;
    const [first, second] = [await appWithRedis(redis.url, prefix), await appWithRedis(redis.url, prefix)];
    const statuses: number[] = [];
    for (const t of [first, second, first, second, first])
      statuses.push((await register(t, '10.15.0.1')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    for (const t of [second, first]) {
      const sixth = await register(t, '10.15.0.1');
      expect([sixth.status, sixth.body]).toEqual([429, TOO_MANY]);
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another address has its own count; another prefix (another deployment on the same Redis) never meets ours.
    expect((await register(second, '10.15.0.2')).status).toBe(200);
    const elsewhere = await appWithRedis(redis.url, `test-${randomBytes(4).toString('hex')}:`);
    expect((await register(elsewhere, '10.15.0.1')).status).toBe(200);
  }, 30_000);

  it('without REDIS_URL each process counts alone (what Redis is for)', async () => {
    const [first, second] = await Promise.all([
      buildTestApp({ rateLimitFactor: 1 }),
      buildTestApp({ rateLimitFactor: 1 }),
    ]);
    apps.push(first, second);
    for (let i = 0; i < REGISTER_PER_MINUTE; i += 1)
      expect((await register(first, '10.15.1.1')).status).toBe(200);
    expect((await register(first, '10.15.1.1')).status).toBe(429);
    expect((await register(second, '10.15.1.1')).status).toBe(200);
  }, 30_000);

  it('Redis unreachable from the start: the server starts, limits count in memory, nothing waits or fails', async () => {
    const t = await appWithRedis(`redis://127.0.0.1:${await freePort()}`, 'test-unreachable:');
    const replies: { reply: ApiReply; ms: number }[] = [];
    for (let i = 0; i <= REGISTER_PER_MINUTE; i += 1)
      replies.push(await timed(() => register(t, '10.15.2.1')));
    expect(replies.map(({ reply }) => reply.status)).toEqual([200, 200, 200, 200, 200, 429]);
    // Commands fail at once while Redis is unreachable (no queue): no request waits for it. A queue would hold
    // every request for the command timeout, so the typical one tells (one may be slow on a busy machine).
    const times = replies.map(({ ms }) => ms).sort((a, b) => a - b);
    expect(times[Math.floor(times.length / 2)]).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS);
  }, 30_000);

  it('Redis killed, then back: requests never fail, limits hold per process meanwhile and are shared again after', async () => {
    const redis = await startRedis();
    const prefix = `test-${randomBytes(4).toString('hex')}:`;
    const [first, second] = [await appWithRedis(redis.url, prefix), await appWithRedis(redis.url, prefix)];
    expect((await register(first, '10.15.3.1')).status).toBe(200);
    expect((await register(second, '10.15.3.1')).status).toBe(200);

    expect((await first.get('/api/health/ready')).body.checks.redis).toBe('ok');

    await redis.kill('SIGKILL');
    await sleep(1_100);
    const notReady = await first.get('/api/health/ready');
    expect([notReady.status, notReady.body.down]).toEqual([503, ['redis']]);
    // Each process now counts from zero in its memory: the limit holds per process, no request fails.
    const during: number[] = [];
    for (let i = 0; i <= REGISTER_PER_MINUTE; i += 1)
      during.push((await register(first, '10.15.3.9')).status);
    expect(during).toEqual([200, 200, 200, 200, 200, 429]);

    const back = await startRedis(Number(new URL(redis.url).port));
    await waitFor('the apps to reconnect', () =>
      first.app.context.redis!.client.status === 'ready' &&
      second.app.context.redis!.client.status === 'ready'
        ? true
        : undefined,
    );
    // Past the pause after a failure (RETRY_REDIS_AFTER_MS), both count in Redis again.
    await sleep(5_100);
    expect((await second.get('/api/health/ready')).status).toBe(200);
    const after: number[] = [];
    for (const t of [first, second, first, second, first, second])
      after.push((await register(t, '10.15.3.20')).status);
    expect(after).toEqual([200, 200, 200, 200, 200, 429]);
    await back.kill();
  }, 40_000);

  it('a Redis that stops answering (SIGSTOP) costs a request at most the command timeout, and then nothing', async () => {
    const redis = await startRedis();
    const t = await appWithRedis(redis.url, `test-${randomBytes(4).toString('hex')}:`);
    expect((await register(t, '10.15.4.1')).status).toBe(200);
    redis.process.kill('SIGSTOP');
    const first = await timed(() => register(t, '10.15.4.1'));
    expect(first.reply.status).toBe(200);
    expect(first.ms).toBeGreaterThanOrEqual(REDIS_COMMAND_TIMEOUT_MS - 50);
    expect(first.ms).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS + 2_000);
    // The next ones count in memory without asking Redis again for a while: asking would cost each of them the
    // command timeout, so the fastest of three tells (one may be slow on a busy machine).
    const next = [
      await timed(() => register(t, '10.15.4.2')),
      await timed(() => register(t, '10.15.4.3')),
      await timed(() => register(t, '10.15.4.4')),
    ];
    expect(next.map(({ reply }) => reply.status)).toEqual([200, 200, 200]);
    expect(Math.min(...next.map(({ ms }) => ms))).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS);
    redis.process.kill('SIGCONT');
  }, 30_000);
});
