/** The `password_resets` table: reset links, stored as the SHA-256 of their token (docs/security.md items 12–15). */
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, PasswordResetsTable } from '../db/schema';
import { replacePasswordEndingSessions, type UserRow } from './users';

export type PasswordResetRow = Selectable<PasswordResetsTable>;

/** Thrown inside the transaction so it rolls back exactly as before; never leaves this module. */
class LinkAlreadyUsed extends Error {}

export async function insertPasswordReset(
  db: Kysely<Database>,
  reset: { userId: string; tokenHash: string; expiresAt: string; nowIso: string },
): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({
      id: randomUUID(),
      user_id: reset.userId,
      token_hash: reset.tokenHash,
      expires_at: reset.expiresAt,
      used_at: null,
      created_at: reset.nowIso,
    })
    .execute();
}

/** An unused, unexpired link with this token hash, or nothing. */
export function findUsablePasswordReset(
  db: Kysely<Database>,
  tokenHash: string,
  nowIso: string,
): Promise<PasswordResetRow | undefined> {
  return db
    .selectFrom('password_resets')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .executeTakeFirst();
}

/**
 * Uses the link and sets the new password, in one transaction. The claim succeeds for one request only (the
 * `used_at is null` condition): a concurrent use of the same link gets null, and the transaction rolls back.
 * Every other outstanding link of the user dies too, and every session token (item 15).
 */
export async function usePasswordReset(
  db: Kysely<Database>,
  reset: PasswordResetRow,
  passwordHash: string,
  nowIso: string,
): Promise<UserRow | null> {
  try {
    return await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('password_resets')
        .set({ used_at: nowIso })
        .where('id', '=', reset.id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw new LinkAlreadyUsed();
      await trx
        .updateTable('password_resets')
        .set({ used_at: nowIso })
        .where('user_id', '=', reset.user_id)
        .where('used_at', 'is', null)
        .execute();
      return replacePasswordEndingSessions(trx, reset.user_id, passwordHash, nowIso);
    });
  } catch (error) {
    if (error instanceof LinkAlreadyUsed) return null;
    throw error;
  }
}
