/**
 * The `users` table: every query on it (the session lookup, sign-up, Google linking, password reset, the admin
 * pages). Functions take the Kysely instance or a transaction, so a caller's transaction boundary stays its own.
 */
import { randomUUID } from 'node:crypto';
import { CompiledQuery, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Role } from '@studyhub/contract';
import type { Person, User } from '@studyhub/contract/schemas';
import { lockForTransaction, type Dialect } from '../db/database';
import type { Database, UsersTable } from '../db/schema';

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

export function findUserByGoogleSub(db: Kysely<Database>, googleSub: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('google_sub', '=', googleSub).executeTakeFirst();
}

/** Ties an existing account to a Google subject; returns the columns it set, for the caller's copy of the row. */
export async function linkGoogleAccount(
  db: Kysely<Database>,
  userId: string,
  googleSub: string,
  nowIso: string,
): Promise<{ google_sub: string; is_google: number }> {
  const linked = { google_sub: googleSub, is_google: 1 };
  await db
    .updateTable('users')
    .set({ ...linked, updated_at: nowIso })
    .where('id', '=', userId)
    .execute();
  return linked;
}

/** A new password, and every session token of the user dies with the old one (docs/security.md item 15). */
export async function replacePasswordEndingSessions(
  trx: Transaction<Database>,
  userId: string,
  passwordHash: string,
  nowIso: string,
): Promise<UserRow> {
  await trx
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      token_version: eb('token_version', '+', 1),
      updated_at: nowIso,
    }))
    .where('id', '=', userId)
    .execute();
  return trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
}

/** How many accounts there are; PostgreSQL counts arrive as text. */
export async function countUsers(db: Kysely<Database>): Promise<number> {
  const { count } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The accounts with these emails (any order; an email with no account is left out). */
export function findUsersByEmail(db: Kysely<Database>, emails: readonly string[]): Promise<UserRow[]> {
  return emails.length
    ? db.selectFrom('users').selectAll().where('email', 'in', emails).execute()
    : Promise.resolve([]);
}

/** create-admin on an existing account: it becomes an admin with a new password, and its sessions end. */
export function promoteToAdminEndingSessions(
  db: Kysely<Database>,
  userId: string,
  passwordHash: string,
  nowIso: string,
): Promise<UserRow> {
  return db.transaction().execute(async (trx) => {
    await replacePasswordEndingSessions(trx, userId, passwordHash, nowIso);
    return changeRoleEndingSessions(trx, userId, 'admin', nowIso);
  });
}

/** Every account, newest first (the admin users page). */
export function listUsersNewestFirst(db: Kysely<Database>): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
}

/** Names for the ids an audit row or message refers to; an id with no account left is a deleted user. */
export async function peopleById(db: Kysely<Database>, ids: (string | null)[]): Promise<Map<string, Person>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  const rows = wanted.length
    ? await db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', wanted).execute()
    : [];
  const people = new Map<string, Person>(wanted.map((id) => [id, { id, name: null, email: null }]));
  for (const row of rows) people.set(row.id, row);
  return people;
}

/** Role changes and deletions run one at a time, so two admins demoting each other cannot leave no admin. */
export function withAdminsLocked<T>(
  db: Kysely<Database>,
  dialect: Dialect,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, dialect, 'users:admins');
    return work(trx);
  });
}

/** How many admins there are; PostgreSQL counts arrive as text. */
export async function countAdmins(trx: Transaction<Database>): Promise<number> {
  const { count } = await trx
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * A new role, and every session of the user ends (docs/security.md item 17): they sign in again as what they now
 * are, and no page, signed link or upload in flight goes on with the old role's rights.
 */
export function changeRoleEndingSessions(
  trx: Transaction<Database>,
  id: string,
  role: Role,
  nowIso: string,
): Promise<UserRow> {
  return trx
    .updateTable('users')
    .set((eb) => ({ role, token_version: eb('token_version', '+', 1), updated_at: nowIso }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Codes, reset links and what the user kept to pick up where they left off (semester, progress, bookmarks, follows,
 * digest state) go with the account (foreign keys); uploads, messages and audit rows keep the id.
 */
export async function deleteUser(trx: Transaction<Database>, id: string): Promise<void> {
  await trx.deleteFrom('users').where('id', '=', id).execute();
}

/** What names a session (services/tokens.ts `SessionClaims`): its user, the token version it was issued under, its id. */
export interface SessionIdentity {
  sub: string;
  ver: number;
  jti: string;
}

function sessionUserQuery(db: Kysely<Database>, userId: string, sessionId: string) {
  return db
    .selectFrom('users')
    .leftJoin('revoked_sessions', (join) => join.on('revoked_sessions.jti', '=', sessionId))
    .selectAll('users')
    .select('revoked_sessions.jti as revoked')
    .where('users.id', '=', userId);
}

type SessionUserRow = UserRow & { revoked: string | null };

/** The row's user, if the session is still live: not logged out, and issued under the user's token version. */
function liveUser(row: SessionUserRow | undefined, session: SessionIdentity): UserRow | undefined {
  if (!row || row.revoked !== null || row.token_version !== session.ver) return undefined;
  const { revoked: _revoked, ...user } = row;
  return user;
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
 * The user of a live session (docs/security.md items 17, 38): the account exists, the session was not logged out
 * and its token version is the user's. One query on every signed-in request, so its SQL is built once (building
 * it took longer than running it on SQLite).
 */
export async function findSessionUser(
  db: Kysely<Database>,
  session: SessionIdentity,
): Promise<UserRow | undefined> {
  const { sql, parameters } = compiledSessionUserQuery(db);
  const values = parameters.map((name) => (name === 'user' ? session.sub : session.jti));
  const [row] = (await db.executeQuery<SessionUserRow>(CompiledQuery.raw(sql, values))).rows;
  return liveUser(row, session);
}

/**
 * findSessionUser inside the transaction that commits what the session asked for, the user's row held until it
 * commits (PostgreSQL `for share`; SQLite has one writer): a role change, deletion or token version bump either
 * commits first and is seen here, or waits for this transaction (docs/security.md item 48).
 */
export async function lockSessionUser(
  trx: Transaction<Database>,
  dialect: Dialect,
  session: SessionIdentity,
): Promise<UserRow | undefined> {
  const query = sessionUserQuery(trx, session.sub, session.jti);
  const row = await (dialect === 'postgres' ? query.forShare('users') : query).executeTakeFirst();
  return liveUser(row, session);
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
