/**
 * npm run bench [-- --only pages|api|downloads|accounts|reader|search|progress]: the speed and weight of what users wait on,
 * against a real server process on loopback (SQLite in a temp folder, NODE_ENV=production with its logging, the site
 * released into a temp deploy folder). Prints numbers with the command that reproduces each; asserts nothing
 * (targets live here and in docs/decisions/014, the byte budget in the browser suite).
 *   - pages: Home's and an area page's JavaScript, Lighthouse mobile and desktop, opening an area (pages.ts)
 *   - api: /api/notes/recent and /api/syllabus under load against an Express 5 baseline (api-reads.ts)
 *   - downloads: a 20 MB PDF 8 at a time from Node, from nginx, and behind nginx (downloads.ts)
 *   - accounts: login and register latency; upload throughput and the server's memory during it
 *   - reader: a 20 MB PDF's first page in the in-page reader on a phone, time and bytes fetched (reader.ts)
 *   - search: search latency over 100,000 pages on SQLite and PostgreSQL, extraction, approval to searchable (search.ts)
 *   - progress: reading-progress writes by 20 readers at once, latency and CPU per write, both databases (progress.ts)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '@studyhub/api/app';
import { loadConfig } from '@studyhub/api/config';
import { benchApiReads } from './bench/api-reads';
import { benchDownloads } from './bench/downloads';
import { benchPages } from './bench/pages';
import { benchReader } from './bench/reader';
import { benchProgress } from './bench/progress';
import { benchSearch } from './bench/search';
import { hasChromium } from './lib/chromium';
import { deployAll } from './lib/deploy-local';
import { startListening } from './lib/listening';

const SECTIONS = ['pages', 'api', 'downloads', 'accounts', 'reader', 'search', 'progress'] as const;
type Section = (typeof SECTIONS)[number];
const { values } = parseArgs({ options: { only: { type: 'string', multiple: true } } });
const chosen = (values.only ?? [...SECTIONS]) as Section[];
for (const section of chosen) {
  if (!SECTIONS.includes(section)) throw new Error(`--only takes ${SECTIONS.join(', ')}; not ${section}`);
}

const MB = 1024 * 1024;
/** BENCH_FILE_MB changes the file size (at most the server's 25 MB limit). */
const FILE_MB = Number(process.env.BENCH_FILE_MB ?? 20);
const RUNS = 20;

const dir = mkdtempSync(path.join(tmpdir(), 'studyhub-bench-'));
const serverEnv = {
  DATA_DIR: dir,
  DEPLOY_DIR: path.join(dir, 'deploy'),
  PORT: '0',
  NODE_ENV: 'production',
  JWT_SECRET: randomBytes(32).toString('hex'),
  MAIL_OUTBOX: '1',
  SEED_DEMO: '1',
};
const config = loadConfig(serverEnv);
if (chosen.includes('pages') || chosen.includes('reader')) {
  console.log('Releasing the site into the bench deploy folder (builds what is not built)…');
  await deployAll(config.deployDir);
}

// The server runs in its own process, so its memory is measured without the client's copy of the file.
const server = await startListening('api/src/server.ts', serverEnv, 'The StudyHub server');
const { base } = server;

/** Resident memory of the server process, from /proc (Linux). */
function serverRss(): number {
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
async function timed(run: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const response = await run();
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return performance.now() - started;
}
const postJson = (pathname: string, body: unknown, token?: string) =>
  fetch(`${base}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
async function logIn(credentials: { email: string; password: string }) {
  const reply = await postJson('/api/auth/login', credentials);
  if (!reply.ok) throw new Error(`login of ${credentials.email} answered ${reply.status}`);
  return (await reply.json()) as { token: string; user: unknown };
}

function section(title: string, lines: string[]): void {
  console.log(`\n${title}\n${lines.map((line) => `  ${line}`).join('\n')}`);
}

/**
 * Login and register through the app in this process (app.inject), with the rate limits lifted: the
 * per-minute limits would otherwise stop a benchmark of 20 requests.
 */
async function measureAccountLatency(admin: { email: string; password: string }): Promise<string[]> {
  const latencyDir = mkdtempSync(path.join(tmpdir(), 'studyhub-bench-latency-'));
  const app = await buildApp(
    loadConfig({ DATA_DIR: latencyDir, DEPLOY_DIR: latencyDir, LOG_LEVEL: 'warn' }),
    {
      mailer: { send: async () => undefined, close: () => undefined },
      rateLimitFactor: 1000,
    },
  );
  const inject = async (url: string, payload: unknown) => {
    const started = performance.now();
    const reply = await app.inject({ method: 'POST', url, payload: payload as Record<string, string> });
    if (reply.statusCode !== 200) throw new Error(`${url} answered ${reply.statusCode}`);
    return performance.now() - started;
  };
  const logins: number[] = [];
  const registers: number[] = [];
  for (let run = 0; run < RUNS + 2; run += 1) {
    const login = await inject('/api/auth/login', admin);
    const register = await inject('/api/auth/register', {
      name: 'Bench User',
      email: `bench-${run}@example.com`,
      password: 'bench password',
    });
    // The first two warm up the JIT and the argon2 pool.
    if (run >= 2) {
      logins.push(login);
      registers.push(register);
    }
  }
  await app.close();
  rmSync(latencyDir, { recursive: true, force: true });
  return [
    `login     median ${median(logins).toFixed(1)} ms over ${RUNS} (app.inject)`,
    `register  median ${median(registers).toFixed(1)} ms over ${RUNS} (app.inject)`,
  ];
}

async function measureUpload(token: string): Promise<string[]> {
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(FILE_MB * MB - 9)]);
  const form = new FormData();
  form.append('pdf', new Blob([pdf], { type: 'application/pdf' }), 'bench.pdf');
  const baseline = serverRss();
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, serverRss())), 5);
  const query = 'branch=CSE&year=Third%20Year&semester=5&subject=CS-501&unit=3';
  const uploadMs = await timed(() =>
    fetch(`${base}/api/upload/upload?${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    }),
  );
  clearInterval(sampler);
  return [
    `upload    ${FILE_MB} MB in ${uploadMs.toFixed(0)} ms = ${((FILE_MB * 1000) / uploadMs).toFixed(1)} MB/s`,
    `memory    server rss ${(baseline / MB).toFixed(0)} MB before, peak ${(peak / MB).toFixed(0)} MB during the ` +
      `upload (+${((peak - baseline) / MB).toFixed(1)} MB for a ${FILE_MB} MB file: it streams, it does not buffer)`,
  ];
}

try {
  const adminCredentials = { email: 'admin@studyhub.local', password: 'studyhub-admin' };
  const admin = await logIn(adminCredentials);
  const student = await logIn({ email: 'student@studyhub.local', password: 'studyhub-student' });
  if (chosen.includes('pages')) {
    if (hasChromium()) section('Pages (npm run bench -- --only pages)', await benchPages({ base, student }));
    else section('Pages', ['skipped: no Chromium at /usr/bin/chromium (apt-get install chromium)']);
  }
  if (chosen.includes('api')) {
    // A server process started for this section, as the baseline's is, on the same data: both have answered
    // nothing else, so what the other sections left in the first server's heap weighs on neither side.
    const reads = await startListening(
      'api/src/server.ts',
      serverEnv,
      'The StudyHub server for the API reads',
    );
    try {
      section(
        'API reads (npm run bench -- --only api)',
        await benchApiReads({
          base: reads.base,
          token: student.token,
          dbFile: path.join(dir, 'studyhub.db'),
          jwtSecret: serverEnv.JWT_SECRET,
          serverPid: reads.child.pid!,
        }),
      );
    } finally {
      await reads.stop();
    }
  }
  if (chosen.includes('downloads')) {
    section(
      'Downloads (npm run bench -- --only downloads)',
      await benchDownloads({
        base,
        token: admin.token,
        filesDir: config.filesDir,
        fileMb: FILE_MB,
        // The server behind nginx shares the first one's data and secret, so the same token is valid there.
        startServer: (env) =>
          startListening('api/src/server.ts', { ...serverEnv, ...env }, 'The server behind nginx'),
      }),
    );
  }
  if (chosen.includes('reader')) {
    if (hasChromium()) {
      section(
        'PDF reader (npm run bench -- --only reader)',
        await benchReader({ base, adminToken: admin.token, student, fileMb: FILE_MB }),
      );
    } else section('PDF reader', ['skipped: no Chromium at /usr/bin/chromium (apt-get install chromium)']);
  }
  if (chosen.includes('accounts')) {
    section('Accounts and uploads (npm run bench -- --only accounts)', [
      ...(await measureAccountLatency(adminCredentials)),
      ...(await measureUpload(admin.token)),
    ]);
  }
  if (chosen.includes('search')) {
    section(
      'Search inside the notes (npm run bench -- --only search)',
      await benchSearch({ base, adminToken: admin.token, studentToken: student.token }),
    );
  }
  if (chosen.includes('progress')) {
    section('Reading progress (npm run bench -- --only progress)', await benchProgress());
  }
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
