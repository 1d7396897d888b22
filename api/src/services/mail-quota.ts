/**
 * How many mails one address may receive, kept in the database so every replica shares the count (docs/security.md
 * items 41, 51). Anyone can make the server mail an address (sign-up, reset, a resend), so without a cap per
 * recipient sixteen requests from sixteen addresses meant sixteen mails to one inbox.
 *
 * What a client asks for is counted per client address and recipient, and per recipient from all clients together
 * under a higher ceiling, the shape of the login lockout (item 36): a stranger's requests spend the stranger's own
 * allowance, never the owner's, while the ceiling still bounds what many addresses together can send one inbox.
 * Verification codes follow product §4's resend rules per client, for every address alike, known or not (item
 * 39): a first code, then resends 30 s apart, at most three, then ten minutes blocked, after which the count
 * starts over.
 */
import { createHmac } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { OTP_BLOCK_DURATION_MS, OTP_MAX_RESENDS, OTP_RESEND_COOLDOWN_MS } from '@studyhub/contract';
import { lockForTransaction, type Dialect } from '../db/database';
import type { Database } from '../db/schema';
import type { Clock } from '../lib/clock';

/** At most `max` mails per `windowMs` to one recipient, for mails no client asks for directly. */
export const MAIL_CAPS = {
  'account-exists': { max: 1, windowMs: 30 * 60_000 },
  /** Decisions on a teacher's uploads (decision 026); past this, My uploads still says what became of them. */
  'upload-review': { max: 10, windowMs: 60 * 60_000 },
  /**
   * The followed subjects' digest (decision 039): one a day per address, whatever became of the account that
   * followed (deleted and registered again, it still gets one a day).
   */
  digest: { max: 1, windowMs: 24 * 60 * 60_000 },
} as const;

/** Reset links one client address may have sent to one recipient. */
export const RESET_LINKS_PER_CLIENT = { max: 3, windowMs: 30 * 60_000 } as const;

/**
 * What all clients together may have sent to one recipient. One client address gets at most 7 codes into any
 * 10 minutes (the last three of one round and the four of the next, which may start when the first round's ten
 * minutes end) and at most 6 reset links into any half hour, so a stranger's address always leaves the owner a
 * full round: a first code and three resends, or three links.
 */
export const RECIPIENT_CEILINGS = {
  'verification-code': { max: 15, windowMs: OTP_BLOCK_DURATION_MS },
  'password-reset': { max: 3 * RESET_LINKS_PER_CLIENT.max, windowMs: RESET_LINKS_PER_CLIENT.windowMs },
} as const;

type AskedPurpose = keyof typeof RECIPIENT_CEILINGS;
export type CappedPurpose = keyof typeof MAIL_CAPS;

export type CodeMailVerdict =
  { kind: 'send' } | { kind: 'cooldown'; waitSeconds: number } | { kind: 'blocked'; unblockAt: string };

type QuotaRow = Database['mail_quota'];

/** What a counter says: allowed (with its row counted), or not until `until`. */
type Count = { allowed: true; row: QuotaRow } | { allowed: false; until: string };

const firstRow = (key: string, nowIso: string): QuotaRow => ({
  key,
  sends: 1,
  window_started_at: nowIso,
  last_sent_at: nowIso,
  blocked_until: null,
});

/** At most `max` in a window that starts with the first mail. */
function countIn(
  key: string,
  row: QuotaRow | undefined,
  now: Date,
  { max, windowMs }: { max: number; windowMs: number },
): Count {
  const nowIso = now.toISOString();
  const windowEnds = row ? Date.parse(row.window_started_at) + windowMs : 0;
  if (!row || now.getTime() >= windowEnds) return { allowed: true, row: firstRow(key, nowIso) };
  if (row.sends >= max) return { allowed: false, until: new Date(windowEnds).toISOString() };
  return { allowed: true, row: { ...row, sends: row.sends + 1, last_sent_at: nowIso } };
}

/** Product §4's resend rules for one client and recipient; a verdict, and the row to write when it changed. */
function codeRules(
  key: string,
  row: QuotaRow | undefined,
  now: Date,
): { verdict: CodeMailVerdict; row?: QuotaRow } {
  const nowIso = now.toISOString();
  if (row?.blocked_until && row.blocked_until > nowIso) {
    return { verdict: { kind: 'blocked', unblockAt: row.blocked_until } };
  }
  // A lifted block, or codes that have all expired, start the count over.
  const fresh =
    !row ||
    row.blocked_until !== null ||
    now.getTime() - Date.parse(row.window_started_at) >= OTP_BLOCK_DURATION_MS;
  if (fresh) return { verdict: { kind: 'send' }, row: firstRow(key, nowIso) };
  const sinceLast = now.getTime() - Date.parse(row.last_sent_at ?? row.window_started_at);
  if (sinceLast < OTP_RESEND_COOLDOWN_MS) {
    return {
      verdict: { kind: 'cooldown', waitSeconds: Math.ceil((OTP_RESEND_COOLDOWN_MS - sinceLast) / 1000) },
    };
  }
  if (row.sends > OTP_MAX_RESENDS) {
    const unblockAt = new Date(now.getTime() + OTP_BLOCK_DURATION_MS).toISOString();
    return { verdict: { kind: 'blocked', unblockAt }, row: { ...row, blocked_until: unblockAt } };
  }
  return { verdict: { kind: 'send' }, row: { ...row, sends: row.sends + 1, last_sent_at: nowIso } };
}

export function createMailQuota(db: Kysely<Database>, dialect: Dialect, clock: Clock, secret: string) {
  /** Addresses are not stored: most counted addresses belong to nobody. */
  const hmac = (text: string) => createHmac('sha256', secret).update(text).digest('hex');
  const recipientKey = (purpose: string, email: string) => `${purpose}:${hmac(`mail-quota:${email}`)}`;
  const clientKey = (purpose: AskedPurpose, email: string, client: string) =>
    `${purpose}:client:${hmac(`mail-quota-client:${client}:${email}`)}`;

  /**
   * Reads the rows under locks (taken in one order, so two requests never wait on each other) and writes back
   * the rows `decide` returns, one request at a time per key.
   */
  function withRows<T>(
    keys: string[],
    decide: (rows: (QuotaRow | undefined)[], now: Date) => { result: T; rows?: QuotaRow[] },
  ): Promise<T> {
    return db.transaction().execute(async (trx: Transaction<Database>) => {
      for (const key of [...keys].sort()) await lockForTransaction(trx, dialect, key);
      const found = await trx.selectFrom('mail_quota').selectAll().where('key', 'in', keys).execute();
      const { result, rows = [] } = decide(
        keys.map((key) => found.find((row) => row.key === key)),
        clock(),
      );
      for (const next of rows) {
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
    /** Whether a verification code `client` asked for may go to `email` now; counts it when it may. */
    takeCode(email: string, client: string): Promise<CodeMailVerdict> {
      const keys = [clientKey('verification-code', email, client), recipientKey('verification-code', email)];
      return withRows<CodeMailVerdict>(keys, ([clientRow, recipientRow], now) => {
        const rules = codeRules(keys[0]!, clientRow, now);
        if (rules.verdict.kind !== 'send')
          return { result: rules.verdict, rows: rules.row ? [rules.row] : [] };
        const ceiling = countIn(keys[1]!, recipientRow, now, RECIPIENT_CEILINGS['verification-code']);
        if (!ceiling.allowed) return { result: { kind: 'blocked', unblockAt: ceiling.until } };
        return { result: rules.verdict, rows: [rules.row!, ceiling.row] };
      });
    },

    /** Whether a reset link `client` asked for may go to `email` now; counts it when it may. */
    takeResetLink(email: string, client: string): Promise<boolean> {
      const keys = [clientKey('password-reset', email, client), recipientKey('password-reset', email)];
      return withRows<boolean>(keys, ([clientRow, recipientRow], now) => {
        const counts = [
          countIn(keys[0]!, clientRow, now, RESET_LINKS_PER_CLIENT),
          countIn(keys[1]!, recipientRow, now, RECIPIENT_CEILINGS['password-reset']),
        ];
        const rows = counts.flatMap((count) => (count.allowed ? [count.row] : []));
        return rows.length === counts.length ? { result: true, rows } : { result: false };
      });
    },

    /** Whether a mail of a capped purpose may go to `email` now; counts it when it may. */
    take(purpose: CappedPurpose, email: string): Promise<boolean> {
      const key = recipientKey(purpose, email);
      return withRows<boolean>([key], ([row], now) => {
        const count = countIn(key, row, now, MAIL_CAPS[purpose]);
        return count.allowed ? { result: true, rows: [count.row] } : { result: false };
      });
    },
  };
}

export type MailQuota = ReturnType<typeof createMailQuota>;
