/**
 * `npm run bench -- --only progress`: what reading progress costs the server (decision 039). READERS readers
 * at once each send WRITES writes through PUT /api/progress (app.inject, the API in this process), every write a
 * batch of one file's page (what the reader sends while pages turn) or of BATCH files (an offline phone's queue);
 * p50 and p95 latency and the process's CPU per write (process.cpuUsage, the injected client's share included), on
 * SQLite and on PostgreSQL (BENCH_POSTGRES_URL, default the test database; skipped when unreachable). Then the
 * requests per page turn of the reader's policy. Prints numbers; asserts nothing.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '@studyhub/api/app';
import { loadConfig } from '@studyhub/api/config';
import { benchNoteFile } from '../lib/bench-rows';
import { onBothDatabases } from '../lib/postgres-schema';

type App = Awaited<ReturnType<typeof buildApp>>;

const READERS = 20;
const WRITES = 60;
const FILES = 20;
const BATCH = 20;
/** The reader's policy (decision 039): at most one write every 15 s while pages turn, and one when hidden. */
const WRITE_EVERY_S = 15;
const TURN_EVERY_S = 5;

const percentile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))]!;

/** FILES current, approved note files and READERS students with their session headers. */
async function seed(app: App): Promise<{ fileIds: string[]; authorizations: string[] }> {
  const { db, tokens } = app.context;
  const now = new Date().toISOString();
  const fileIds = Array.from({ length: FILES }, () => randomUUID());
  await db
    .insertInto('note_files')
    .values(fileIds.map((id, index) => benchNoteFile(id, `BENCH-${index}`, 5, now)))
    .execute();
  const authorizations: string[] = [];
  for (let reader = 0; reader < READERS; reader += 1) {
    const id = randomUUID();
    await db
      .insertInto('users')
      .values({
        id,
        name: `Reader ${reader}`,
        email: `reader-${reader}-${id}@example.com`,
        password_hash: null,
        google_sub: null,
        role: 'student',
        is_google: 0,
        token_version: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    authorizations.push(`Bearer ${await tokens.sign(id, 0)}`);
  }
  return { fileIds, authorizations };
}

/** READERS readers writing at once, each WRITES batches of `perWrite` files; latency and CPU per write. */
async function load(app: App, seeded: Awaited<ReturnType<typeof seed>>, perWrite: number): Promise<string> {
  const times: number[] = [];
  let clock = Date.now() - READERS * WRITES * 1000;
  const reader = async (authorization: string) => {
    for (let write = 0; write < WRITES; write += 1) {
      clock += 1000;
      const entries = Array.from({ length: perWrite }, (_unused, index) => ({
        kind: 'note',
        fileId: seeded.fileIds[(write + index) % FILES]!,
        page: 1 + (write % 40),
        pages: 40,
        readAt: new Date(clock).toISOString(),
      }));
      const begun = performance.now();
      const reply = await app.inject({
        method: 'PUT',
        url: '/api/progress',
        headers: { authorization },
        payload: { entries },
      });
      if (reply.statusCode !== 200)
        throw new Error(`PUT /api/progress answered ${reply.statusCode}: ${reply.body}`);
      times.push(performance.now() - begun);
    }
  };
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(seeded.authorizations.map(reader));
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const writes = times.length;
  const cpuMs = (used.user + used.system) / 1000 / writes;
  return (
    `${String(perWrite).padStart(2)} file${perWrite === 1 ? ' ' : 's'} a write: p50 ${percentile(times, 0.5).toFixed(1)} ms  ` +
    `p95 ${percentile(times, 0.95).toFixed(1)} ms  CPU ${cpuMs.toFixed(2)} ms a write  ` +
    `(${writes} writes, ${(writes / seconds).toFixed(0)} a second)`
  );
}

async function benchDatabase(label: string, databaseUrl: string, dataDir: string): Promise<string[]> {
  const app = await buildApp(
    loadConfig({
      DATA_DIR: dataDir,
      DEPLOY_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
    }),
    { mailer: { send: async () => undefined, close: () => undefined }, rateLimitFactor: 1000 },
  );
  try {
    const seeded = await seed(app);
    // A warm-up round: the JIT, the statement cache, the pool.
    await load(app, seeded, 1);
    return [
      `${label}, ${READERS} readers at once:`,
      `  ${await load(app, seeded, 1)}`,
      `  ${await load(app, seeded, BATCH)}`,
    ];
  } finally {
    await app.close();
  }
}

/** Requests per page turn for a session of `minutes` with a turn every TURN_EVERY_S, under the reader's policy. */
function requestsPerTurn(minutes: number): string {
  const turns = (minutes * 60) / TURN_EVERY_S;
  const writes = Math.ceil((minutes * 60) / WRITE_EVERY_S) + 1;
  return `${minutes} min: ${turns} turns, ${writes} writes = ${(writes / turns).toFixed(2)} a turn`;
}

export async function benchProgress(): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'studyhub-bench-progress-'));
  const lines = [
    `load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')} (1, 5, 15 min) before`,
  ];
  try {
    lines.push(
      ...(await onBothDatabases('bench_progress', dir, (label, url) => benchDatabase(label, url, dir))),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  lines.push(
    `load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')} after`,
    `the reader's policy, a page turn every ${TURN_EVERY_S} s, a write at most every ${WRITE_EVERY_S} s and one on hide:`,
    `  ${requestsPerTurn(1)}; ${requestsPerTurn(10)}; ${requestsPerTurn(30)} (at most 1/3 + one a session)`,
  );
  return lines;
}
