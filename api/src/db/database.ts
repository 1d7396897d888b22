/**
 * One Kysely instance over SQLite (better-sqlite3, the embedded default) or PostgreSQL (pg), with migrations
 * run at start-up. The same query code serves both (architecture §8).
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  sql,
  SqliteDialect,
  type SqliteDatabase,
  type Transaction,
} from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import pg from 'pg';
import { LruMap } from '../lib/lru-map';
import { ensurePrivateDir, ensurePrivateFile } from '../lib/private-files';
import * as accounts from './migrations/0001-accounts';
import * as noteFiles from './migrations/0002-note-files';
import * as syllabus from './migrations/0003-syllabus';
import * as accountSecurity from './migrations/0004-account-security';
import * as contentVersions from './migrations/0005-content-versions';
import * as areaReports from './migrations/0006-area-reports';
import * as uploadReviews from './migrations/0007-upload-reviews';
import * as areaReportVotes from './migrations/0008-area-report-votes';
import * as papersAndQuestions from './migrations/0009-papers-and-questions';
import * as searchIndex from './migrations/0010-search-index';
import * as study from './migrations/0011-study';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL's connection pool, for the few hot queries that skip the query builder (read-cache.ts). */
  pool?: pg.Pool;
}

const MIGRATIONS: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-note-files': noteFiles,
  '0003-syllabus': syllabus,
  '0004-account-security': accountSecurity,
  '0005-content-versions': contentVersions,
  '0006-area-reports': areaReports,
  '0007-upload-reviews': uploadReviews,
  '0008-area-report-votes': areaReportVotes,
  '0009-papers-and-questions': papersAndQuestions,
  '0010-search-index': searchIndex,
  '0011-study': study,
};

/** Compiled SQLite statements kept per connection; Kysely's queries are far fewer than this. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 compiles a statement on every prepare, and Kysely prepares every query it runs: on a request
 * that reads one row, compiling took longer than the read. Statements are kept by their SQL text (the least
 * recently used dropped past STATEMENT_CACHE_SIZE) and run again with new parameters; each run completes
 * before the next begins (one connection, Kysely's queue), so a kept statement is never busy.
 */
function keepingStatements(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new LruMap<string, SQLite.Statement>(STATEMENT_CACHE_SIZE);
  return {
    prepare(text) {
      let statement = statements.get(text);
      if (!statement) {
        statement = sqlite.prepare(text);
        statements.set(text, statement);
      }
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

export function openDatabase(url: string): DatabaseHandle {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      dialect: 'postgres',
      pool,
    };
  }
  if (url !== ':memory:') {
    ensurePrivateDir(path.dirname(path.resolve(url)));
    ensurePrivateFile(url);
  }
  const sqlite = new SQLite(url);
  // WAL: readers never block the writer and a crash cannot leave a half-written page (docs/security.md item 32).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: keepingStatements(sqlite) }) }),
    dialect: 'sqlite',
  };
}

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  // Kysely looks for its migration tables in every schema unless told which one; a database whose other schema
  // already holds them (another app, another environment) would make it skip creating ours. Pin them to the
  // schema the connection works in (the first of its search_path).
  const migrationTableSchema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/** A unique index or constraint refused the write; SQLite and PostgreSQL both say "unique" in the message. */
export function isUniqueViolation(error: unknown): boolean {
  return /unique/i.test(String((error as { message?: unknown }).message ?? ''));
}

const UNIQUE_RETRIES = 3;

/**
 * Runs `work` in a transaction, again when a unique index refused one of its writes: two uploads that make the
 * same unit's notes or the same session's paper current at once meet at the partial unique index, and the later
 * one runs again and wins. The writers also queue on a lock per unit or session first (lockForTransaction):
 * without it, several at once on PostgreSQL each lost to the unique index round after round and ran out of
 * retries (a 500).
 */
export async function inTransactionRetryingUniqueViolations<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= UNIQUE_RETRIES || !isUniqueViolation(error)) throw error;
    }
  }
}

/**
 * Queues transactions that name the same key until the holder commits. PostgreSQL runs transactions side by
 * side, so it takes a transaction-scoped advisory lock; SQLite runs one write transaction at a time already.
 */
export async function lockForTransaction(
  trx: Transaction<Database>,
  dialect: Dialect,
  key: string,
): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}
