/** A PostgreSQL schema of its own for one bench section, on BENCH_POSTGRES_URL (default the test database). */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';

export const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The URL whose connections work in a fresh schema named after `prefix`, and its drop; null when unreachable. */
export async function postgresSchema(prefix: string): Promise<{ url: string; drop(): Promise<void> } | null> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch {
    return null;
  }
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  await client.query(`create schema "${schema}"`);
  await client.end();
  const separator = POSTGRES_URL.includes('?') ? '&' : '?';
  return {
    url: `${POSTGRES_URL}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    drop: async () => {
      const dropper = new pg.Client({ connectionString: POSTGRES_URL });
      await dropper.connect();
      await dropper.query(`drop schema "${schema}" cascade`);
      await dropper.end();
    },
  };
}

/**
 * A bench section's lines on SQLite (a file in `dir`) and then on PostgreSQL in a schema of its own, dropped
 * after; PostgreSQL's are one line saying so when it is unreachable.
 */
export async function onBothDatabases(
  prefix: string,
  dir: string,
  bench: (label: string, databaseUrl: string) => Promise<string[]>,
): Promise<string[]> {
  const lines = await bench('SQLite', path.join(dir, `${prefix}.db`));
  const schema = await postgresSchema(prefix);
  if (!schema)
    return [...lines, `PostgreSQL: skipped, ${POSTGRES_URL.replace(/\/\/[^@/]*@/, '//…@')} unreachable`];
  try {
    return [...lines, ...(await bench('PostgreSQL', schema.url))];
  } finally {
    await schema.drop();
  }
}
