/**
 * Failed-login throttling per account and per client IP, kept in the database so every replica shares it
 * (DESIGN §5, SECURITY.md item 6). A locked attempt is answered exactly like any other failed login.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Clock } from './clock';
import { sha256 } from './secrets';

export const THROTTLE = {
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  maxFailuresPerAccount: 5,
  maxFailuresPerIp: 50,
} as const;

/**
 * The row key for an account or address. Login emails and forwarded addresses are not length-checked, and an
 * over-long primary key makes PostgreSQL fail (a 500, SECURITY.md item 28), so long values are stored hashed.
 */
function throttleKey(kind: 'account' | 'ip', value: string): string {
  return value.length <= 254 ? `${kind}:${value}` : `${kind}:sha256:${sha256(value)}`;
}

export function createLoginThrottle(db: Kysely<Database>, clock: Clock) {
  const keys = (email: string, ip: string) => [
    { key: throttleKey('account', email), max: THROTTLE.maxFailuresPerAccount },
    { key: throttleKey('ip', ip), max: THROTTLE.maxFailuresPerIp },
  ];

  return {
    async isLocked(email: string, ip: string): Promise<boolean> {
      const now = clock().toISOString();
      const rows = await db
        .selectFrom('login_throttle')
        .select(['locked_until'])
        .where(
          'key',
          'in',
          keys(email, ip).map((entry) => entry.key),
        )
        .execute();
      return rows.some((row) => row.locked_until !== null && row.locked_until > now);
    },

    async recordFailure(email: string, ip: string): Promise<void> {
      const now = clock();
      const nowIso = now.toISOString();
      const windowStart = new Date(now.getTime() - THROTTLE.windowMs).toISOString();
      const lockUntil = new Date(now.getTime() + THROTTLE.lockMs).toISOString();
      for (const { key, max } of keys(email, ip)) {
        await db
          .insertInto('login_throttle')
          .values({ key, failures: 0, window_started_at: nowIso, locked_until: null })
          .onConflict((conflict) => conflict.column('key').doNothing())
          .execute();
        // One statement, so concurrent failures are all counted; a stale window starts over at 1.
        const stale = sql<boolean>`window_started_at < ${windowStart}`;
        const row = await db
          .updateTable('login_throttle')
          .set({
            failures: sql`case when ${stale} then 1 else failures + 1 end`,
            window_started_at: sql`case when ${stale} then ${nowIso} else window_started_at end`,
          })
          .where('key', '=', key)
          .returning(['failures'])
          .executeTakeFirst();
        if (row && row.failures >= max) {
          await db
            .updateTable('login_throttle')
            .set({ locked_until: lockUntil })
            .where('key', '=', key)
            .execute();
        }
      }
    },

    /** A successful login clears the account's counter (the IP's keeps counting other accounts). */
    async recordSuccess(email: string): Promise<void> {
      await db.deleteFrom('login_throttle').where('key', '=', throttleKey('account', email)).execute();
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
