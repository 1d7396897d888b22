/**
 * Sign-ups waiting for their code (docs/security.md item 35). A registration holds the name and password it was
 * made with and a code of its own; verifying that code creates the account with exactly that password. So a
 * stranger who registers someone's address first gains nothing: the owner's own registration, verified with the
 * code mailed to the owner, creates the account with the owner's password. A registration is known to its
 * browser by its id, which the register reply returns and the code page sends back with the code.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, RegistrationsTable } from '../db/schema';
import { isoAfter, type Clock } from '../lib/clock';
import { hashOtp, newOtpCode, sameHash } from '../lib/secrets';

/** A code is valid for 10 minutes (item 8) and takes 5 wrong tries (item 10). */
export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_TRIES = 5;
/** Unverified sign-ups are removed after a day. */
export const REGISTRATION_TTL_MS = 24 * 3600_000;

export type Registration = Selectable<RegistrationsTable>;

export type CodeCheck =
  { kind: 'verified'; registration: Registration } | { kind: 'invalid' } | { kind: 'too-many-tries' };

export function createRegistrations(db: Kysely<Database>, clock: Clock, secret: string) {
  const codeHash = (id: string, code: string) => hashOtp(code, secret, id);

  /** A live registration of `email` with this id, or nothing. */
  function findLive(id: string, email: string): Promise<Registration | undefined> {
    return db
      .selectFrom('registrations')
      .selectAll()
      .where('id', '=', id)
      .where('email', '=', email)
      .where('expires_at', '>', clock().toISOString())
      .executeTakeFirst();
  }

  return {
    /** Stores a sign-up and returns it with its first code (to mail, never to store). */
    async create(entry: {
      email: string;
      name: string;
      passwordHash: string;
    }): Promise<{ registration: Registration; code: string }> {
      const now = clock();
      // Old sign-ups go as new ones arrive: no timer needed, and the table stays small.
      await db.deleteFrom('registrations').where('expires_at', '<=', now.toISOString()).execute();
      const id = randomUUID();
      const code = newOtpCode();
      const registration: Registration = {
        id,
        email: entry.email,
        name: entry.name,
        password_hash: entry.passwordHash,
        code_hash: codeHash(id, code),
        code_expires_at: isoAfter(clock, OTP_TTL_MS),
        attempts: 0,
        created_at: now.toISOString(),
        expires_at: isoAfter(clock, REGISTRATION_TTL_MS),
      };
      await db.insertInto('registrations').values(registration).execute();
      return { registration, code };
    },

    /** A new code for a live registration; the old one stops working at once (item 11). Null if none. */
    async renewCode(id: string, email: string): Promise<string | null> {
      const code = newOtpCode();
      const renewed = await db
        .updateTable('registrations')
        .set({ code_hash: codeHash(id, code), code_expires_at: isoAfter(clock, OTP_TTL_MS), attempts: 0 })
        .where('id', '=', id)
        .where('email', '=', email)
        .where('expires_at', '>', clock().toISOString())
        .executeTakeFirst();
      return Number(renewed.numUpdatedRows) === 1 ? code : null;
    },

    /**
     * Checks a code and, when it is right, takes the registration out of the table: only one of several
     * concurrent checks can (item 9). The try counter rises before the comparison, so parallel guesses cannot
     * exceed the cap (item 10).
     */
    async checkCode(id: string, email: string, code: string): Promise<CodeCheck> {
      const registration = await findLive(id, email);
      if (!registration || registration.code_expires_at <= clock().toISOString()) return { kind: 'invalid' };
      const counted = await db
        .updateTable('registrations')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .where('attempts', '<', OTP_MAX_TRIES)
        .returning(['attempts'])
        .executeTakeFirst();
      // No row counted: the tries are used up, or a concurrent check just took the registration.
      if (!counted) return (await findLive(id, email)) ? { kind: 'too-many-tries' } : { kind: 'invalid' };
      if (!sameHash(codeHash(id, code), registration.code_hash)) {
        return counted.attempts >= OTP_MAX_TRIES ? { kind: 'too-many-tries' } : { kind: 'invalid' };
      }
      const taken = await db
        .deleteFrom('registrations')
        .where('id', '=', id)
        .where('code_hash', '=', registration.code_hash)
        .executeTakeFirst();
      return Number(taken.numDeletedRows) === 1 ? { kind: 'verified', registration } : { kind: 'invalid' };
    },

    /** Every waiting sign-up of an address ends once it has an account. */
    async removeAll(email: string): Promise<void> {
      await db.deleteFrom('registrations').where('email', '=', email).execute();
    },
  };
}

export type Registrations = ReturnType<typeof createRegistrations>;
