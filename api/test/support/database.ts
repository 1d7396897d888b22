/** Database: which engine this run uses, and one fresh database per app. */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';

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
export async function provisionDatabase(dataDir: string): Promise<ProvisionedDatabase> {
  if (TEST_DB === 'sqlite') {
    return { url: path.join(dataDir, 'studyhub.db'), drop: async () => {} };
  }
  return createPostgresSchema();
}
