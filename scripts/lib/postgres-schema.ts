/** A PostgreSQL schema of its own for one bench section, on BENCH_POSTGRES_URL (default the test database). */
import { randomBytes } from 'node:crypto';
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
