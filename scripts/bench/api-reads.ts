/**
 * `npm run bench -- --only api`: the hot public reads (decision 015) under load, StudyHub against an Express 5 +
 * better-sqlite3 baseline (express-baseline.ts) reading the same database file and answering the same JSON.
 * Both run in processes of their own, started for this section (bench.ts), loaded in turn (A B A B A B, after a
 * warm-up of each), so drift on the machine hits both alike; autocannon runs in this process. Latency percentiles
 * come from every response's own timing (autocannon's histogram has whole milliseconds only). Each server's CPU
 * time per request (from /proc) says whether the server or the load generator, on the same 2 cores, was the limit.
 * Prints numbers; asserts nothing.
 *
 * BENCH_API_SECONDS (default 10) and BENCH_API_ROUNDS (default 3) change the length and number of rounds;
 * BENCH_API_CONNECTIONS (default 50) the load.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startListening } from '../lib/listening';

export interface BenchApiReadsOptions {
  /** Where StudyHub listens (http://localhost:… is loaded as 127.0.0.1). */
  base: string;
  /** A session token of a signed-in user, for /api/syllabus. */
  token: string;
  /** StudyHub's SQLite file (the baseline opens it read-only). */
  dbFile: string;
  /** The StudyHub server's process id, whose CPU time each round reads from /proc. */
  serverPid: number;
  /**
   * The server's JWT_SECRET, so the baseline verifies tokens as StudyHub does. Default: JWT_SECRET of this
   * process, else the secret the embedded default keeps beside the database; without one it does not verify.
   */
  jwtSecret?: string;
}

/** The few parts of autocannon@8's API used here (it ships no types). */
interface AutocannonResult {
  requests: { average: number; total: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
}
interface AutocannonInstance {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
}
type Autocannon = (
  options: {
    url: string;
    connections: number;
    duration: number;
    headers?: Record<string, string>;
    timeout?: number;
  },
  done: (error: Error | null, result: AutocannonResult) => void,
) => AutocannonInstance;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_API_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_API_CONNECTIONS ?? 50);
const WARMUP_SECONDS = 3;
const REPRODUCE = '(reproduce: npm run bench -- --only api)';
/** What the syllabus page asks for first (mfe-syllabus's default filters). */
const SYLLABUS_PATH = '/api/syllabus?program=B.Tech&system=Semester&grading=Grading&uploadType=Syllabus';

interface Round {
  reqPerSec: number;
  p50: number;
  p99: number;
  /** Connection errors, timeouts and non-2xx replies. */
  failures: number;
  /** The server process's CPU time (user + system) per answered request, in microseconds. */
  cpuPerRequestUs: number;
}

/** Per-response times of one run, as ms floats. */
class Latencies {
  private values = new Float64Array(1 << 16);
  private count = 0;
  push(ms: number): void {
    if (this.count === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.count++] = ms;
  }
  percentiles(...quantiles: number[]): number[] {
    const sorted = this.values.subarray(0, this.count).sort();
    return quantiles.map((q) => sorted[Math.max(0, Math.ceil(q * this.count) - 1)] ?? NaN);
  }
}

let clockTicksPerSecond: number | undefined;

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  // Asked once, when the API bench runs (not when `--only pages` merely imports this file).
  clockTicksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): state is the first, utime the 12th, stime the 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / clockTicksPerSecond;
}

function load(url: string, seconds: number, headers: Record<string, string>, pid: number): Promise<Round> {
  const cpuBefore = cpuSeconds(pid);
  return new Promise((resolve, reject) => {
    const latencies = new Latencies();
    const instance = autocannon(
      { url, connections: CONNECTIONS, duration: seconds, headers, timeout: 10 },
      (error, result) => {
        if (error) return reject(error);
        const [p50, p99] = latencies.percentiles(0.5, 0.99);
        resolve({
          cpuPerRequestUs: ((cpuSeconds(pid) - cpuBefore) * 1e6) / Math.max(1, result.requests.total),
          reqPerSec: result.requests.average,
          p50: p50!,
          p99: p99!,
          failures: result.errors + result.timeouts + result.non2xx,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const rate = (value: number) => `${Math.round(value).toLocaleString('en-US')} req/s`;
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;

/** The JWT secret the server signs with: JWT_SECRET, or the one the embedded default keeps beside the database. */
function jwtSecret(dbFile: string): string | null {
  if (process.env.JWT_SECRET) return process.env.JWT_SECRET;
  const file = path.join(path.dirname(dbFile), 'jwt-secret');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
}

/** The Express baseline in a process of its own, on the same database file. */
function startBaseline(dbFile: string, secret: string | null) {
  return startListening(
    path.join(HERE, 'express-baseline.ts'),
    { NODE_ENV: 'production', BENCH_DB_FILE: dbFile, ...(secret ? { BENCH_JWT_SECRET: secret } : {}) },
    'The Express baseline',
  );
}

async function body(url: string, headers: Record<string, string>): Promise<string> {
  const response = await fetch(url, { headers });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text.slice(0, 200)}`);
  return text;
}

export async function benchApiReads(options: BenchApiReadsOptions): Promise<string[]> {
  const studyhub = new URL(options.base);
  if (studyhub.hostname === 'localhost') studyhub.hostname = '127.0.0.1';
  const studyhubBase = studyhub.origin;
  const secret = options.jwtSecret ?? jwtSecret(options.dbFile);
  const baseline = await startBaseline(options.dbFile, secret);
  const lines: string[] = [];
  const print = (line: string) => lines.push(line);
  try {
    print(
      `api reads: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per server (each a process started ` +
        `for this section), alternating, ` +
        `after ${WARMUP_SECONDS} s warm-up; medians over rounds; ratio = median of per-round req/s ratios`,
    );
    print(
      '  Express 5 baseline: better-sqlite3 read-only, prepared statements, res.json, no request log, no ' +
        'security headers; ' +
        (secret
          ? '/api/syllabus verifies the same JWT with jose and reads the user row, as StudyHub does'
          : '/api/syllabus does NOT verify the token (JWT secret unknown)'),
    );
    const routes: { label: string; path: string; headers: Record<string, string> }[] = [
      { label: 'GET /api/notes/recent', path: '/api/notes/recent', headers: {} },
      {
        label: 'GET /api/syllabus',
        path: SYLLABUS_PATH,
        headers: { authorization: `Bearer ${options.token}` },
      },
    ];
    for (const route of routes) {
      const targets = [
        { name: 'StudyHub', url: `${studyhubBase}${route.path}`, pid: options.serverPid },
        { name: 'Express', url: `${baseline.base}${route.path}`, pid: baseline.child.pid! },
      ];
      const [ours = '', theirs] = await Promise.all(targets.map((target) => body(target.url, route.headers)));
      const sameJson = ours === theirs;
      for (const target of targets) await load(target.url, WARMUP_SECONDS, route.headers, target.pid);
      const rounds: Round[][] = [[], []];
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const [index, target] of targets.entries()) {
          rounds[index]!.push(await load(target.url, SECONDS, route.headers, target.pid));
        }
      }
      const [a, b] = rounds as [Round[], Round[]];
      const summary = (runs: Round[]) =>
        `${rate(median(runs.map((run) => run.reqPerSec)))} p50 ${ms(median(runs.map((run) => run.p50)))} ` +
        `p99 ${ms(median(runs.map((run) => run.p99)))}`;
      const ratios = a.map((run, index) => run.reqPerSec / b[index]!.reqPerSec);
      const failed = (runs: Round[]) => runs.reduce((total, run) => total + run.failures, 0);
      const failures = [
        ...(failed(a) > 0 ? [`StudyHub ${failed(a)}`] : []),
        ...(failed(b) > 0 ? [`Express ${failed(b)}`] : []),
      ];
      print(
        `${route.label.padEnd(22)} StudyHub ${summary(a)} | Express ${summary(b)} | ` +
          `ratio ${median(ratios).toFixed(2)}× ${REPRODUCE}`,
      );
      const cpu = (runs: Round[]) => median(runs.map((run) => run.cpuPerRequestUs));
      print(
        `  server CPU per request: StudyHub ${cpu(a).toFixed(1)} µs | Express ${cpu(b).toFixed(1)} µs | ` +
          `requests per CPU-second ${(cpu(b) / cpu(a)).toFixed(2)}× (what one core of each serves when the load ` +
          `generator, on the same machine, is not the limit)`,
      );
      print(
        `  per-round ratios ${ratios.map((ratio) => `${ratio.toFixed(2)}×`).join(' ')}; ` +
          `${route.path} (${Buffer.byteLength(ours)} bytes), ` +
          `${sameJson ? 'same JSON byte for byte' : 'JSON DIFFERS between the two servers'}` +
          (failures.length > 0 ? `; errors, timeouts or non-2xx replies: ${failures.join(', ')}` : ''),
      );
    }
  } finally {
    await baseline.stop();
  }
  return lines;
}
