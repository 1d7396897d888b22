/**
 * GET /api/health/ready (decision 024): whether this process should get traffic. Ready when the database answers
 * a read, the files folder takes a write, Redis (when configured) answers PING, and the process is not stopping.
 * Each check has a time limit, so the answer comes within CHECK_TIMEOUT_MS whatever is down; a result is shared
 * for REUSE_MS, so polling load balancers (or anyone else) cost at most one round of checks a second.
 */
import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { PRIVATE_FILE_MODE } from '../lib/private-files';
import type { SharedRedis } from '../lib/redis';

const CHECK_TIMEOUT_MS = 2000;
const REUSE_MS = 1000;

export type Component = 'database' | 'files' | 'redis';
export type ComponentState = 'ok' | 'down' | 'not configured';

export interface ReadinessReport {
  ready: boolean;
  /** What is down, in words an operator reads: components, or `shutting down`. */
  down: string[];
  checks: Record<Component, ComponentState>;
}

/** Set when SIGTERM or SIGINT arrives (server.ts); readiness fails from then on. */
export interface Lifecycle {
  stopping: boolean;
}

async function passes(
  component: Component,
  check: () => Promise<unknown>,
  log: FastifyBaseLogger,
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return true;
  } catch (error) {
    // The reason goes to the log only: the reply names the component, never an address or an error text.
    log.warn({ err: error, component }, `readiness: ${component} is down`);
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export function createReadiness(options: {
  db: Kysely<Database>;
  /** Where uploads are written first (note-store's temp folder, inside FILES_DIR). */
  incomingDir: string;
  redis: SharedRedis | null;
  lifecycle: Lifecycle;
  log: FastifyBaseLogger;
}) {
  const { db, incomingDir, redis, lifecycle, log } = options;

  async function checkComponents(): Promise<Record<Component, ComponentState>> {
    const state = (ok: boolean): ComponentState => (ok ? 'ok' : 'down');
    const [database, files, redisAnswers] = await Promise.all([
      passes('database', () => db.selectFrom('content_versions').select('version').limit(1).execute(), log),
      passes(
        'files',
        async () => {
          // A real write where uploads land: a missing, read-only or full volume fails it.
          const probe = path.join(incomingDir, `.ready-${randomUUID()}`);
          await writeFile(probe, 'ready', { mode: PRIVATE_FILE_MODE, flag: 'wx' });
          await rm(probe, { force: true });
        },
        log,
      ),
      redis
        ? passes(
            'redis',
            async () => {
              if (!(await redis.answers())) throw new Error('no PONG');
            },
            log,
          )
        : Promise.resolve(null),
    ]);
    return {
      database: state(database),
      files: state(files),
      redis: redisAnswers === null ? 'not configured' : state(redisAnswers),
    };
  }

  let latest: { at: number; checks: Promise<Record<Component, ComponentState>> } | undefined;

  return async function readiness(): Promise<ReadinessReport> {
    if (!latest || Date.now() - latest.at >= REUSE_MS) latest = { at: Date.now(), checks: checkComponents() };
    const checks = await latest.checks;
    const down: string[] = Object.entries(checks)
      .filter(([, state]) => state === 'down')
      .map(([component]) => component);
    // Not cached: a stopping process fails readiness from the very next check.
    if (lifecycle.stopping) down.unshift('shutting down');
    return { ready: down.length === 0, down, checks };
  };
}

export type Readiness = ReturnType<typeof createReadiness>;
