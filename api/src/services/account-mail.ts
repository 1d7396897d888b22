/**
 * Which account mail an address gets, and whether it gets one at all (docs/security.md items 4, 5, 39, 41, 51).
 * Every address is counted alike, known or not, so neither the reply nor the work tells whether it has an account;
 * the texts are in mails.ts, the caps in mail-quota.ts, the codes in registrations.ts.
 */
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { MAILS } from '../mails';
import { insertPasswordReset } from '../repositories/password-resets';
import { findUserByEmail, type UserRow } from '../repositories/users';
import { isoAfter, type Clock } from '../lib/clock';
import type { MailDelivery } from './mailer';
import type { CodeMailVerdict, MailQuota } from './mail-quota';
import type { Registrations } from './registrations';
import { newResetToken, sha256 } from '../lib/secrets';

/** A reset link works for 30 minutes, once (item 12). */
export const RESET_TTL_MS = 30 * 60_000;

export function createAccountMail(deps: {
  db: Kysely<Database>;
  clock: Clock;
  config: Config;
  mail: MailDelivery;
  mailQuota: MailQuota;
  registrations: Registrations;
}) {
  const { db, clock, config, mail, mailQuota, registrations } = deps;

  return {
    /**
     * After a sign-up: registering again from the same client is a resend, under the same rules and caps for
     * every address (product §4). An address without an account gets the code; its owner hears of it instead
     * (item 4), at most once per half hour. `client` is the requesting address (mail-quota.ts).
     */
    async signUpCode(email: string, code: string, client: string): Promise<void> {
      const owner = await findUserByEmail(db, email);
      const mailAllowed = (await mailQuota.takeCode(email, client)).kind === 'send';
      if (mailAllowed && !owner) mail.send(MAILS.verificationCode(email, code));
      if (mailAllowed && owner && (await mailQuota.take('account-exists', owner.email))) {
        mail.send(MAILS.accountExists(owner.email, owner.name));
      }
    },

    /**
     * A resend, when the rules allow one now: a new code for the registration, mailed only to an address without
     * an account. The verdict is the same for pending, verified and unknown addresses (item 39).
     */
    async resendCode(registrationId: string, email: string, client: string): Promise<CodeMailVerdict> {
      const verdict = await mailQuota.takeCode(email, client);
      if (verdict.kind !== 'send') return verdict;
      const code = await registrations.renewCode(registrationId, email);
      const owner = await findUserByEmail(db, email);
      if (code && !owner) mail.send(MAILS.verificationCode(email, code));
      return verdict;
    },

    /**
     * Counted for every address alike; a link is made and mailed only for an account (items 5, 39, 41). Returns
     * the account it was mailed to, or null.
     */
    async resetLink(email: string, client: string): Promise<UserRow | null> {
      const allowed = await mailQuota.takeResetLink(email, client);
      const user = await findUserByEmail(db, email);
      if (!user || !allowed) return null;
      const token = newResetToken();
      await insertPasswordReset(db, {
        userId: user.id,
        tokenHash: sha256(token),
        expiresAt: isoAfter(clock, RESET_TTL_MS),
        nowIso: clock().toISOString(),
      });
      // Built from PUBLIC_URL, never from the request's Host header (item 14).
      mail.send(MAILS.resetLink(user.email, user.name, `${config.publicUrl}/reset-password/${token}`));
      return user;
    },
  };
}

export type AccountMail = ReturnType<typeof createAccountMail>;
