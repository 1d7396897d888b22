/**
 * npm run bench: speed and memory of the paths users wait on, measured against a real server on loopback
 * (SQLite in a temp folder). Prints numbers; asserts nothing (targets live here, not in unit tests).
 *   - login and register latency (median of 20)
 *   - upload and download throughput of a 20 MB PDF, and the server's peak memory during the upload
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../api/src/app';
import { loadConfig } from '../api/src/config';
import { ROOT } from './lib/apps';

const MB = 1024 * 1024;
/** BENCH_FILE_MB changes the file size (at most the server's 25 MB limit). */
const FILE_MB = Number(process.env.BENCH_FILE_MB ?? 20);
const RUNS = 20;

const dir = mkdtempSync(path.join(tmpdir(), 'studyhub-bench-'));
// The server runs in its own process, so its memory is measured without the client's copy of the file.
const server = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
  cwd: ROOT,
  env: { ...process.env, DATA_DIR: dir, DEPLOY_DIR: dir, PORT: '0', LOG_LEVEL: 'warn', SEED_DEMO: '1' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const base = await new Promise<string>((resolve, reject) => {
  let output = '';
  server.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    const match = /running at (http:\/\/\S+)/.exec(output);
    if (match) resolve(match[1]!);
  });
  server.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
});

/** Resident memory of the server process, from /proc (Linux). */
function serverRss(): number {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
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

/**
 * Login and register through the app in this process (app.inject), with the rate limits lifted: the
 * per-minute limits would otherwise stop a benchmark of 20 requests.
 */
async function measureAccountLatency(admin: { email: string; password: string }): Promise<void> {
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
  console.log(`login     median ${median(logins).toFixed(1)} ms over ${RUNS} (app.inject)`);
  console.log(`register  median ${median(registers).toFixed(1)} ms over ${RUNS} (app.inject)`);
  await app.close();
  rmSync(latencyDir, { recursive: true, force: true });
}

try {
  const admin = { email: 'admin@studyhub.local', password: 'studyhub-admin' };
  await measureAccountLatency(admin);

  const { token } = (await (await postJson('/api/auth/login', admin)).json()) as { token: string };
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
  console.log(
    `upload    ${FILE_MB} MB in ${uploadMs.toFixed(0)} ms = ${((FILE_MB * 1000) / uploadMs).toFixed(1)} MB/s`,
  );
  console.log(
    `memory    server rss ${(baseline / MB).toFixed(0)} MB before, peak ${(peak / MB).toFixed(0)} MB during the ` +
      `upload (+${((peak - baseline) / MB).toFixed(1)} MB for a ${FILE_MB} MB file: it streams, it does not buffer)`,
  );

  const downloads: number[] = [];
  for (let run = 0; run < 5; run += 1) {
    downloads.push(
      await timed(() =>
        fetch(`${base}/api/download/CSE/Third_Year/Semester_5/CS-501/3`, {
          headers: { authorization: `Bearer ${token}` },
        }),
      ),
    );
  }
  const downloadMs = median(downloads);
  console.log(
    `download  ${FILE_MB} MB median ${downloadMs.toFixed(0)} ms = ${((FILE_MB * 1000) / downloadMs).toFixed(1)} MB/s`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dir, { recursive: true, force: true });
}
