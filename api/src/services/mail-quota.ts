/**
 * How many mails one address may receive, per purpose, kept in the database so every replica shares the count
 * (docs/security.md item 41). Anyone can make the server mail an address (sign-up, reset, a resend), so without
 * a cap per recipient sixteen requests from sixteen addresses meant sixteen mails to one inbox.
 *
 * Verification codes follow product §4's resend rules for every address alike, known or not (item 39): a first
 * code, then resends 30 s apart, at most three, then ten minutes blocked, after which the count starts over.
 */
import { createHmac } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { OTP_BLOCK_DURATION_MS, OTP_MAX_RESENDS, OTP_RESEND_COOLDOWN_MS } from '@studyhub/contract';
import { lockForTransaction, type Dialect } from '../db/database';
import type { Database } from '../db/schema';
import type { Clock } from './clock';

/** At most `max` mails per `windowMs` for the purposes that are not codes. */
export const MAIL_CAPS = {
  'password-reset': { max: 3, windowMs: 30 * 60_000 },
  'account-exists': { max: 1, windowMs: 30 * 60_000 },
  /** Decisions on a teacher's uploads (decision 026); past this, My uploads still says what became of them. */
  'upload-review': { max: 10, windowMs: 60 * 60_000 },
} as const;

export type CappedPurpose = keyof typeof MAIL_CAPS;

export type CodeMailVerdict =
  { kind: 'send' } | { kind: 'cooldown'; waitSeconds: number } | { kind: 'blocked'; unblockAt: string };

type QuotaRow = Database['mail_quota'];

export function createMailQuota(db: Kysely<Database>, dialect: Dialect, clock: Clock, secret: string) {
  /** The address itself is not stored: most counted addresses belong to nobody. */
  const keyFor = (purpose: string, email: string) =>
    `${purpose}:${createHmac('sha256', secret).update(`mail-quota:${email}`).digest('hex')}`;

  /** Reads the row under a lock and writes back what `decide` returns, one request at a time per key. */
  function withRow<T>(
    key: string,
    decide: (row: QuotaRow | undefined, now: Date) => { result: T; row?: QuotaRow },
  ): Promise<T> {
    return db.transaction().execute(async (trx: Transaction<Database>) => {
      await lockForTransaction(trx, dialect, key);
      const row = await trx.selectFrom('mail_quota').selectAll().where('key', '=', key).executeTakeFirst();
      const { result, row: next } = decide(row, clock());
      if (next) {
        await trx
          .insertInto('mail_quota')
          .values(next)
          .onConflict((conflict) =>
            conflict.column('key').doUpdateSet({
              sends: next.sends,
              window_started_at: next.window_started_at,
              last_sent_at: next.last_sent_at,
              blocked_until: next.blocked_until,
            }),
          )
          .execute();
      }
      return result;
    });
  }

  return {
    /** Whether a verification code may go to `email` now; counts it when it may. */
    takeCode(email: string): Promise<CodeMailVerdict> {
      const key = keyFor('verification-code', email);
      return withRow<CodeMailVerdict>(key, (row, now) => {
        const nowIso = now.toISOString();
        if (row?.blocked_until && row.blocked_until > nowIso) {
          return { result: { kind: 'blocked', unblockAt: row.blocked_until } };
        }
        // A lifted block, or codes that have all expired, start the count over.
        const fresh =
          !row ||
          row.blocked_until !== null ||
          now.getTime() - Date.parse(row.window_started_at) >= OTP_BLOCK_DURATION_MS;
        if (fresh) {
          return {
            result: { kind: 'send' },
            row: { key, sends: 1, window_started_at: nowIso, last_sent_at: nowIso, blocked_until: null },
          };
        }
        const sinceLast = now.getTime() - Date.parse(row.last_sent_at ?? row.window_started_at);
        if (sinceLast < OTP_RESEND_COOLDOWN_MS) {
          return {
            result: {
              kind: 'cooldown',
              waitSeconds: Math.ceil((OTP_RESEND_COOLDOWN_MS - sinceLast) / 1000),
            },
          };
        }
        if (row.sends > OTP_MAX_RESENDS) {
          const unblockAt = new Date(now.getTime() + OTP_BLOCK_DURATION_MS).toISOString();
          return { result: { kind: 'blocked', unblockAt }, row: { ...row, blocked_until: unblockAt } };
        }
        return { result: { kind: 'send' }, row: { ...row, sends: row.sends + 1, last_sent_at: nowIso } };
      });
    },

    /** Whether a mail of a capped purpose may go to `email` now; counts it when it may. */
    take(purpose: CappedPurpose, email: string): Promise<boolean> {
      const { max, windowMs } = MAIL_CAPS[purpose];
      const key = keyFor(purpose, email);
      return withRow<boolean>(key, (row, now) => {
        const nowIso = now.toISOString();
        if (!row || now.getTime() - Date.parse(row.window_started_at) >= windowMs) {
          return {
            result: true,
            row: { key, sends: 1, window_started_at: nowIso, last_sent_at: nowIso, blocked_until: null },
          };
        }
        if (row.sends >= max) return { result: false };
        return { result: true, row: { ...row, sends: row.sends + 1, last_sent_at: nowIso } };
      });
    },
  };
}

export type MailQuota = ReturnType<typeof createMailQuota>;
