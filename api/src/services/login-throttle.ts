/**
 * Failed-login throttling, kept in the database so every replica shares it (docs/security.md items 6, 36),
 * after OWASP's authentication cheat sheet:
 *   - per account and client address: 5 failures in 15 minutes lock that pair for 15 minutes. Someone else's
 *     failures, from another address, never lock the owner out;
 *   - per client address: 50 failures in 15 minutes, whatever the accounts, lock the address for 15 minutes;
 *   - per account, from all addresses together: past 50 failures in 15 minutes (distributed guessing), every
 *     further failure makes the account wait before the next attempt, 1 s, 2 s, 4 s… up to 15 minutes.
 * A locked or waiting attempt is answered exactly like any other failed login and is not counted. A successful
 * login clears that address's and the account-wide counters; a password reset clears every counter of the account.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Clock } from '../lib/clock';
import type { LockoutScope, Metrics } from './metrics';
import { sha256 } from '../lib/secrets';

export const THROTTLE = {
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  maxFailuresPerPair: 5,
  maxFailuresPerIp: 50,
  accountCeiling: 50,
  firstDelayMs: 1_000,
  maxDelayMs: 15 * 60_000,
} as const;

type Counter = {
  key: string;
  account: string | null;
  scope: LockoutScope;
  lockAfter: (failures: number) => number | null;
};

/** Row keys stay short whatever the input: long values are stored hashed (a PostgreSQL index limit). */
function rowKey(kind: string, value: string): string {
  return value.length <= 200 ? `${kind}:${value}` : `${kind}:sha256:${sha256(value)}`;
}

/** How long the account waits after its nth failure in the window: nothing below the ceiling, then doubling. */
export function accountDelayMs(failures: number): number | null {
  const beyond = failures - THROTTLE.accountCeiling;
  if (beyond <= 0) return null;
  return Math.min(THROTTLE.firstDelayMs * 2 ** Math.min(beyond - 1, 30), THROTTLE.maxDelayMs);
}

export function createLoginThrottle(db: Kysely<Database>, clock: Clock, metrics: Pick<Metrics, 'lockedOut'>) {
  const counters = (email: string, ip: string): Counter[] => [
    {
      key: rowKey('pair', `${email}|${ip}`),
      account: email,
      scope: 'account-and-address',
      lockAfter: (failures) => (failures >= THROTTLE.maxFailuresPerPair ? THROTTLE.lockMs : null),
    },
    {
      key: rowKey('ip', ip),
      account: null,
      scope: 'address',
      lockAfter: (failures) => (failures >= THROTTLE.maxFailuresPerIp ? THROTTLE.lockMs : null),
    },
    { key: rowKey('account', email), account: email, scope: 'account', lockAfter: accountDelayMs },
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
          counters(email, ip).map((counter) => counter.key),
        )
        .execute();
      return rows.some((row) => row.locked_until !== null && row.locked_until > now);
    },

    async recordFailure(email: string, ip: string): Promise<void> {
      const now = clock();
      const nowIso = now.toISOString();
      const windowStart = new Date(now.getTime() - THROTTLE.windowMs).toISOString();
      for (const { key, account, scope, lockAfter } of counters(email, ip)) {
        await db
          .insertInto('login_throttle')
          .values({ key, account, failures: 0, window_started_at: nowIso, locked_until: null })
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
        const lockMs = row ? lockAfter(row.failures) : null;
        if (lockMs !== null) {
          await db
            .updateTable('login_throttle')
            .set({ locked_until: new Date(now.getTime() + lockMs).toISOString() })
            .where('key', '=', key)
            .execute();
          metrics.lockedOut(scope);
        }
      }
    },

    /**
     * A successful login clears its own address's count for the account and the account-wide count; other
     * addresses' counts for the account stay (a guesser elsewhere does not start over because the owner signed in).
     */
    async recordSuccess(email: string, ip: string): Promise<void> {
      const [pair, , account] = counters(email, ip);
      await db.deleteFrom('login_throttle').where('key', 'in', [pair!.key, account!.key]).execute();
    },

    /** A password reset proves the owner: every lock and counter of the account goes. */
    async clearAccount(email: string): Promise<void> {
      await db.deleteFrom('login_throttle').where('account', '=', email).execute();
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
