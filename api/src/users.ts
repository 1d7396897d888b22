import { randomUUID } from 'node:crypto';
import { CompiledQuery, type Kysely, type Selectable } from 'kysely';
import type { Role } from '@studyhub/shared/constants';
import type { User } from '@studyhub/shared/schemas';
import type { Database, UsersTable } from './db/schema';

export type UserRow = Selectable<UsersTable>;

/** product §3 "User" as sent to the browser: never the hash, the Google subject or the token version. */
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

function sessionUserQuery(db: Kysely<Database>, userId: string, sessionId: string) {
  return db
    .selectFrom('users')
    .leftJoin('revoked_sessions', (join) => join.on('revoked_sessions.jti', '=', sessionId))
    .selectAll('users')
    .select('revoked_sessions.jti as revoked')
    .where('users.id', '=', userId);
}

/** findSessionUser's SQL, built once per database, and which of its parameters is the user and which the session. */
const sessionUserSql = new WeakMap<Kysely<Database>, { sql: string; parameters: ('user' | 'session')[] }>();

/** Stand-ins for the two values while the query is built, to find where each goes among its parameters. */
const USER_MARK = '\u0000user';
const SESSION_MARK = '\u0000session';

function compiledSessionUserQuery(db: Kysely<Database>) {
  let compiled = sessionUserSql.get(db);
  if (!compiled) {
    const { sql, parameters } = sessionUserQuery(db, USER_MARK, SESSION_MARK).compile();
    compiled = {
      sql,
      parameters: parameters.map((value) => {
        if (value === USER_MARK) return 'user';
        if (value === SESSION_MARK) return 'session';
        throw new Error(`findSessionUser: unexpected query parameter ${String(value)}`);
      }),
    };
    sessionUserSql.set(db, compiled);
  }
  return compiled;
}

/**
 * The user a session belongs to, unless that session was logged out: one query on every signed-in request, so its
 * SQL is built once (building it took longer than running it on SQLite).
 */
export async function findSessionUser(
  db: Kysely<Database>,
  userId: string,
  sessionId: string,
): Promise<UserRow | undefined> {
  const { sql, parameters } = compiledSessionUserQuery(db);
  const values = parameters.map((name) => (name === 'user' ? userId : sessionId));
  type Row = UserRow & { revoked: string | null };
  const [row] = (await db.executeQuery<Row>(CompiledQuery.raw(sql, values))).rows;
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
