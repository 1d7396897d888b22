/**
 * The account a verified Google identity signs in to (docs/security.md item 20): the one linked to its subject;
 * else the account with its email, linked now; else a new account. Linking or creating needs Google to vouch for
 * the email, and an account linked to one Google user never moves to another.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import {
  findUserByEmail,
  findUserByGoogleSub,
  insertUser,
  linkGoogleAccount,
  type UserRow,
} from '../repositories/users';
import type { Clock } from '../lib/clock';
import type { GoogleIdentity } from './google';
import type { Registrations } from './registrations';

/** The account to sign in, or null when the identity may not link or create one. */
export async function accountForGoogleIdentity(
  deps: { db: Kysely<Database>; clock: Clock; registrations: Registrations },
  identity: GoogleIdentity,
): Promise<UserRow | null> {
  const { db, clock, registrations } = deps;
  const user = await findUserByGoogleSub(db, identity.sub);
  if (user) return user;
  if (!identity.emailVerified) return null;
  const sameEmail = await findUserByEmail(db, identity.email);
  if (sameEmail) {
    if (sameEmail.google_sub) return null;
    const linked = await linkGoogleAccount(db, sameEmail.id, identity.sub, clock().toISOString());
    return { ...sameEmail, ...linked };
  }
  const created = await insertUser(
    db,
    { name: identity.name, email: identity.email, passwordHash: null, googleSub: identity.sub },
    clock(),
  );
  // Sign-ups waiting for this address were typed by someone who never proved it; Google just did.
  await registrations.removeAll(identity.email);
  return created;
}
