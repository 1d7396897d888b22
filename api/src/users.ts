import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Role } from '@studyhub/shared/constants';
import type { User } from '@studyhub/shared/schemas';
import type { Database, UsersTable } from './db/schema';

export type UserRow = Selectable<UsersTable>;

/** SPEC §3 "User" as sent to the browser: never the hash, the Google subject or the token version. */
export function toApiUser(row: UserRow): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    isGoogle: row.is_google === 1,
    createdAt: row.created_at,
  };
}

export function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export function findUserById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user a session belongs to, unless that session was logged out: one query on every request. */
export async function findSessionUser(
  db: Kysely<Database>,
  userId: string,
  sessionId: string,
): Promise<UserRow | undefined> {
  const row = await db
    .selectFrom('users')
    .leftJoin('revoked_sessions', (join) => join.on('revoked_sessions.jti', '=', sessionId))
    .selectAll('users')
    .select('revoked_sessions.jti as revoked')
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row || row.revoked !== null) return undefined;
  const { revoked: _revoked, ...user } = row;
  return user;
}

export interface NewUser {
  name: string;
  email: string;
  passwordHash: string | null;
  role?: Role;
  googleSub?: string | null;
}

export async function insertUser(db: Kysely<Database>, user: NewUser, now: Date): Promise<UserRow> {
  const row: UserRow = {
    id: randomUUID(),
    name: user.name,
    email: user.email.toLowerCase(),
    password_hash: user.passwordHash,
    google_sub: user.googleSub ?? null,
    role: user.role ?? 'student',
    is_google: user.googleSub ? 1 : 0,
    token_version: 0,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  await db.insertInto('users').values(row).execute();
  return row;
}
