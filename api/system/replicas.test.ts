/**
 * The multi-replica deployment of decision 024, for real: two processes of the compiled server, started the way
 * `npm run serve` starts them (`node scripts/serve.mjs`, NODE_ENV=production), Debian's nginx in front with the
 * configuration docs/deploy-behind-nginx.md shows (nginxSiteConfig: passive health checks, keepalive, X-Accel-Redirect, the
 * /mfe/ cache), a PostgreSQL schema and a Redis key prefix of this run's own, one FILES_DIR and one DEPLOY_DIR.
 * The figures (requests under SIGTERM, failures, bytes compared) are printed as the test goes.
 *
 * Needs nginx, PostgreSQL (127.0.0.1:5432) and Redis (127.0.0.1:6379): a developer machine without them skips it
 * loudly; with CI=true it fails instead.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import pg from 'pg';
import { buildServer } from '@studyhub/tooling/build/server-bundle';
import { nginxSiteConfig } from '@studyhub/tooling/nginx';
import {
  accepts,
  freePort,
  NGINX_PATH,
  nginxInstalled,
  startNginx,
  type RunningNginx,
} from '@studyhub/tooling/test-support/standalone-nginx';
import { JWT_SECRET } from '../test/support/apps';
import { createPostgresSchema, type ProvisionedDatabase } from '../test/support/database';
import { pdfForm } from '../test/support/note-files';
import { makeDeployDir, NOTES_AREA_CHUNK, NOTES_VERSION, removeDeployDir } from '../test/support/site';
import {
  cleanUpProcesses,
  createAdmin,
  login,
  openSocket,
  paddedPdf,
  rawUpload,
  refused,
  responseOn,
  sha256,
  sleep,
  startServerProcess,
  units,
  upload,
  uploadPath,
  waitFor,
  within,
  type ServerProcess,
} from '../test/server-processes';

const CI = Boolean(process.env.CI) && !['0', 'false'].includes(process.env.CI!.toLowerCase());
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN = {
  email: 'replicas-admin@example.com',
  name: 'Replicas Admin',
  password: 'correct horse battery',
};
const DRAIN_S = 2;
const TEST_TIMEOUT_MS = 90_000;

/** Figures for the test output (stderr: jest's --silent hides console.log). */
function report(line: string): void {
  process.stderr.write(`[replicas] ${line}\n`);
}

const missing = [
  ...(nginxInstalled() ? [] : [`nginx (${NGINX_PATH})`]),
  ...((await accepts(5432)) ? [] : ['PostgreSQL at 127.0.0.1:5432']),
  ...((await accepts(Number(new URL(REDIS_URL).port || 6379))) ? [] : [`Redis at ${REDIS_URL}`]),
];
if (missing.length > 0 && !CI) {
  console.warn(
    `\n${'!'.repeat(100)}\n!! SKIPPED: the replicas system test needs ${missing.join(', ')}.` +
      `\n!! With CI=true it fails instead.\n${'!'.repeat(100)}\n`,
  );
}
const describeSystem = missing.length === 0 || CI ? describe : describe.skip;

describeSystem('two replicas behind nginx on PostgreSQL and Redis (decision 024)', () => {
  let root: string;
  let deployDir: string;
  let filesDir: string;
  let database: ProvisionedDatabase | undefined;
  let prefix: string;
  let nginx: RunningNginx | undefined;
  const ports: Record<'a' | 'b', number> = { a: 0, b: 0 };
  const replicas: Partial<Record<'a' | 'b', ServerProcess>> = {};
  let token: string;
  /** The load of the SIGTERM test; afterAll ends it whatever happened in the test. */
  const load = { running: false };

  const envOf = (name: 'a' | 'b'): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH,
    DATA_DIR: path.join(root, `data-${name}`),
    DATABASE_URL: database!.url,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    FILES_DIR: filesDir,
    DEPLOY_DIR: deployDir,
    JWT_SECRET,
    MAIL_OUTBOX: '1',
    PUBLIC_URL: nginx?.base ?? 'http://127.0.0.1',
    TRUST_PROXY: '127.0.0.1',
    DOWNLOAD_ACCEL_PREFIX: '/_files/',
    HOST: '127.0.0.1',
    PORT: String(ports[name]),
    UPLOAD_MAX_MB: '8',
    SHUTDOWN_DRAIN_S: String(DRAIN_S),
    LOG_LEVEL: 'info',
  });

  /** `npm run serve`, without npm in between: `node scripts/serve.mjs` with only the environment. */
  async function serve(name: 'a' | 'b'): Promise<ServerProcess> {
    const replica = await startServerProcess(['scripts/serve.mjs'], envOf(name));
    replicas[name] = replica;
    return replica;
  }

  /** Which replica wrote a log line for this request id. */
  const answeredBy = (requestId: string) =>
    (['a', 'b'] as const).filter((name) => replicas[name]?.output().includes(`"reqId":"${requestId}"`));

  /**
   * Which replica answered each request, by its log. A request's line is written once its reply has gone out,
   * so it may reach the replica's output a moment after the reply reaches the client: wait up to 3 s for all.
   */
  async function answeredByEach(requestIds: string[]): Promise<string[]> {
    const writers = () => requestIds.map((requestId) => answeredBy(requestId).join(''));
    for (let waited = 0; writers().includes('') && waited < 3000; waited += 100) await sleep(100);
    return writers();
  }

  const viaNginx = (pathname: string, init?: RequestInit) => fetch(`${nginx!.base}${pathname}`, init);
  const bearer = () => ({ authorization: `Bearer ${token}` });

  async function noteRows(unit: number): Promise<number> {
    const client = new pg.Client({ connectionString: database!.url });
    await client.connect();
    try {
      const result = await client.query('select count(*)::int as n from note_files where unit = $1', [unit]);
      return result.rows[0].n as number;
    } finally {
      await client.end();
    }
  }

  const storedFiles = () =>
    readdirSync(filesDir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name)
      .sort();
  const tempFiles = () => readdirSync(path.join(filesDir, '.incoming')).sort();

  beforeAll(async () => {
    if (missing.length > 0)
      throw new Error(`CI=true, and the replicas system test needs ${missing.join(', ')}`);
    // The compiled server as `npm run build` makes it; serve runs it.
    const seconds = await buildServer();
    report(`compiled server built in ${seconds.toFixed(1)} s`);
    root = mkdtempSync(path.join(tmpdir(), 'studyhub-replicas-'));
    filesDir = path.join(root, 'files');
    mkdirSync(filesDir, { mode: 0o700 });
    deployDir = makeDeployDir();
    database = await createPostgresSchema();
    prefix = `studyhub-system-${randomBytes(6).toString('hex')}:`;
    ports.a = await freePort();
    ports.b = await freePort();
    await createAdmin(envOf('a'), ADMIN);
    // Both at once, as an orchestrator starts replicas.
    await Promise.all([serve('a'), serve('b')]);
    nginx = await startNginx((listen, dir) =>
      nginxSiteConfig({
        listen,
        replicas: [`127.0.0.1:${ports.a}`, `127.0.0.1:${ports.b}`],
        prefix: '/_files/',
        filesDir,
        publicUrl: 'http://127.0.0.1',
        uploadMaxBytes: 8 * 1024 * 1024,
        cacheDir: path.join(dir, 'cache'),
        accessLog: path.join(dir, 'access.log'),
      }),
    );
    token = await login(nginx.base, ADMIN);
  }, 120_000);

  afterAll(async () => {
    load.running = false;
    await nginx?.stop();
    await cleanUpProcesses();
    await database?.drop();
    const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await redis.connect();
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
    } catch {
      // Nothing was written where Redis was not reached.
    } finally {
      redis.disconnect();
    }
    if (deployDir) removeDeployDir(deployDir);
    if (root) rmSync(root, { recursive: true, force: true });
  });

  async function expectReady(name: 'a' | 'b'): Promise<void> {
    const reply = await fetch(`http://127.0.0.1:${ports[name]}/api/health/ready`);
    expect([name, reply.status, await reply.json()]).toEqual([
      name,
      200,
      { status: 'ready', checks: { database: 'ok', files: 'ok', redis: 'ok' } },
    ]);
  }

  it('/api/health/ready is 200 on both', async () => {
    await expectReady('a');
    await expectReady('b');
  });

  it('six sign-ups from one address through nginx: the sixth gets 429, whichever replica answers', async () => {
    const answers: { status: number; requestId: string }[] = [];
    for (let i = 0; i < 6; i += 1) {
      const reply = await viaNginx('/api/auth/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `Replica Student ${i}`,
          email: `replica-${i}-${randomBytes(3).toString('hex')}@example.com`,
          password: `correct horse replica ${i}`,
        }),
      });
      answers.push({ status: reply.status, requestId: String(reply.headers.get('x-request-id')) });
    }
    // nginx's own ids ($request_id), believed from the trusted proxy and logged by the replica that answered.
    for (const { requestId } of answers) expect(requestId).toMatch(/^[0-9a-f]{32}$/);
    const by = await answeredByEach(answers.map(({ requestId }) => requestId));
    report(`sign-ups through nginx: ${answers.map(({ status }, i) => `${status}@${by[i]}`).join(' ')}`);
    expect(answers.map(({ status }) => status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(by.every((replica) => replica === 'a' || replica === 'b')).toBe(true);
    // Both replicas counted: neither saw five of them, so only the shared count could refuse the sixth.
    expect(new Set(by.slice(0, 5)).size).toBe(2);
  });

  it('an upload through one replica reads back byte-identical through the other and through nginx', async () => {
    const b = `http://127.0.0.1:${ports.b}`;
    // B keeps the recent-uploads reply for the current version; A's upload must replace it on B at once.
    const recentBefore = await (await fetch(`${b}/api/notes/recent`)).json();
    const file = await paddedPdf('uploaded through replica a', 2 * 1024 * 1024);
    expect(await upload(`http://127.0.0.1:${ports.a}`, token, 1, file)).toBe(201);
    const recentAfter = (await (await fetch(`${b}/api/notes/recent`)).json()) as { notes: unknown[] };
    expect(recentAfter).not.toEqual(recentBefore);
    expect(JSON.stringify(recentAfter)).toContain('CS-601');

    // B checks the download and names the stored file; the bytes there are the upload's.
    const stored = await fetch(`${b}/api/download/CSE/Third_Year/Semester_6/CS-601/1`, { headers: bearer() });
    const accel = String(stored.headers.get('x-accel-redirect'));
    expect([stored.status, accel.startsWith('/_files/'), (await stored.arrayBuffer()).byteLength]).toEqual([
      200,
      true,
      0,
    ]);
    expect(sha256(readFileSync(path.join(filesDir, accel.slice('/_files/'.length))))).toBe(sha256(file));

    // Through nginx: each replica checks in turn, nginx sends the bytes from FILES_DIR.
    const link = (await units(b, token)).find((entry) => entry.unit === 1)!.url;
    let compared = 0;
    const requestIds: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const reply = await viaNginx(link);
      const bytes = Buffer.from(await reply.arrayBuffer());
      expect([reply.status, sha256(bytes)]).toEqual([200, sha256(file)]);
      compared += bytes.length;
      requestIds.push(String(reply.headers.get('x-request-id')));
    }
    expect([...new Set(await answeredByEach(requestIds))].sort()).toEqual(['a', 'b']);
    report(
      `upload through a: ${file.length} B; read back through b's check and nginx 4×: ${compared} B compared`,
    );
  });

  it('nginx keeps the released hashed files of /mfe/ and asks again for the no-cache entries', async () => {
    const cache = path.join(nginx!.dir, 'cache');
    const cached = () => (existsSync(cache) ? readdirSync(cache, { recursive: true }).length : 0);
    const entry = await viaNginx(`/mfe/notes/${NOTES_VERSION}/remoteEntry.js`);
    expect([entry.status, entry.headers.get('cache-control')]).toEqual([200, 'no-cache']);
    await entry.arrayBuffer();
    expect(cached()).toBe(0);
    const chunk = await viaNginx(`/mfe/notes/${NOTES_VERSION}/${NOTES_AREA_CHUNK}`);
    expect([chunk.status, chunk.headers.get('cache-control')]).toEqual([
      200,
      'public, max-age=31536000, immutable',
    ]);
    await chunk.arrayBuffer();
    await waitFor('nginx to keep the file', () => (cached() > 0 ? true : undefined));
  });

  it(
    'SIGTERM to one replica under load through nginx: no failed request, the uploads complete',
    async () => {
      const a = replicas.a!;
      const link = (await units(nginx!.base, token)).find((entry) => entry.unit === 1)!.url;
      const targets = [
        '/api/notes/recent',
        '/api/health',
        '/remotes.json',
        '/api/syllabus',
        `/mfe/notes/${NOTES_VERSION}/${NOTES_AREA_CHUNK}`,
        link,
      ];
      const failures: string[] = [];
      let requests = 0;
      let duringStop = 0;
      let stopping = false;
      load.running = true;
      const worker = async (offset: number) => {
        for (let i = offset; load.running; i += 1) {
          const target = targets[i % targets.length]!;
          try {
            const reply = await viaNginx(target, { headers: bearer() });
            const body = Buffer.from(await reply.arrayBuffer());
            if (reply.status >= 400)
              failures.push(`${reply.status} ${target} ${body.toString().slice(0, 200)}`);
          } catch (error) {
            failures.push(`${String(error)} ${target}`);
          }
          requests += 1;
          if (stopping) duringStop += 1;
        }
      };
      const workers = Array.from({ length: 6 }, (_, i) => worker(i));
      await sleep(1_000);

      // An upload through nginx, its body trickling in while the replica stops.
      const throughNginx = await paddedPdf('uploaded through nginx during SIGTERM', 3 * 1024 * 1024);
      const form = pdfForm(throughNginx);
      const uploaded = new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          `${nginx!.base}${uploadPath(2)}`,
          {
            method: 'POST',
            headers: { ...bearer(), 'content-type': form.contentType, 'content-length': form.payload.length },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode!));
          },
        );
        req.on('error', reject);
        const pieces = 30;
        const size = Math.ceil(form.payload.length / pieces);
        let sent = 0;
        const next = () => {
          if (sent >= pieces) return void req.end();
          req.write(form.payload.subarray(sent * size, (sent + 1) * size));
          sent += 1;
          setTimeout(next, 100);
        };
        next();
      });
      // And one straight to the stopping replica, half sent before SIGTERM, the rest after it stopped listening.
      const direct = await paddedPdf('uploaded to replica a during SIGTERM', 400_000);
      const inFlight = rawUpload(a.port, token, 3, direct);
      const socket = openSocket(a.port);
      const directAnswer = responseOn(socket);
      socket.write(inFlight.head);
      socket.write(inFlight.body.subarray(0, inFlight.body.length / 2));

      await sleep(500);
      const signalledAt = Date.now();
      stopping = true;
      a.child.kill('SIGTERM');
      await sleep(300);
      const readyA = await fetch(`http://127.0.0.1:${ports.a}/api/health/ready`);
      expect([readyA.status, ((await readyA.json()) as { down: string[] }).down]).toEqual([
        503,
        ['shutting down'],
      ]);
      await expectReady('b');
      const deadline = Date.now() + 10_000;
      while (!(await refused(ports.a))) {
        if (Date.now() > deadline) throw new Error('a still listening 10 s after SIGTERM');
        await sleep(20);
      }
      const listenerClosedAfter = Date.now() - signalledAt;
      socket.write(inFlight.body.subarray(inFlight.body.length / 2));
      const directReply = await within(directAnswer, 10_000, 'the direct upload to be answered');
      const exit = await within(a.exited, 40_000, 'a to exit');
      const exitedAfter = Date.now() - signalledAt;
      const nginxUpload = await within(uploaded, 20_000, 'the upload through nginx');
      await sleep(1_000);
      stopping = false;
      load.running = false;
      await Promise.all(workers);
      const lines = a.output().split('\n');
      const servedWhileDraining = lines
        .slice(lines.findIndex((line) => line.includes('Stopping: not ready')))
        .filter((line) => line.includes('"msg":"request completed"')).length;

      report(
        `SIGTERM under load: ${requests} requests through nginx (${duringStop} from SIGTERM until 1 s after the ` +
          `exit), ${failures.length} failed; a answered ${servedWhileDraining} while draining, stopped listening ` +
          `after ${listenerClosedAfter} ms and exited ${exit.code} after ${exitedAfter} ms; upload through nginx ` +
          `${nginxUpload}, upload straight to a ${directReply.status} (${directReply.headers.connection})`,
      );
      expect(failures).toEqual([]);
      expect(exit).toEqual({ code: 0, signal: null });
      expect(nginxUpload).toBe(201);
      expect([directReply.status, directReply.headers.connection]).toEqual([201, 'close']);
      expect(duringStop).toBeGreaterThan(0);
      expect(await noteRows(2)).toBe(1);
      expect(await noteRows(3)).toBe(1);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'kill -9 during an upload: no row, no visible file, the temp file removed at the next start',
    async () => {
      const a = await serve('a');
      const filesBefore = storedFiles();
      const partial = rawUpload(a.port, token, 4, await paddedPdf('cut off by kill -9', 1024 * 1024));
      const socket = openSocket(a.port);
      socket.write(partial.head);
      socket.write(partial.body.subarray(0, partial.body.length / 2));
      const temp = await waitFor('the upload to reach the disk', () =>
        tempFiles().find((name) => name.endsWith(`-${a.child.pid}.part`)),
      );
      a.child.kill('SIGKILL');
      expect(await within(a.exited, 5_000, 'a to die')).toEqual({ code: null, signal: 'SIGKILL' });

      expect(await noteRows(4)).toBe(0);
      expect(storedFiles()).toEqual(filesBefore);
      expect(tempFiles()).toContain(temp);
      // Nothing of it is listed through nginx either (b answers while a is down).
      expect((await units(nginx!.base, token)).map((entry) => entry.unit)).not.toContain(4);

      await serve('a');
      expect(tempFiles()).not.toContain(temp);
      report(
        `kill -9 during an upload: 0 rows, 0 visible files, temp file ${temp} removed at the next start`,
      );
      await expectReady('a');
      await expectReady('b');
    },
    TEST_TIMEOUT_MS,
  );
});
