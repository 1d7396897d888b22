/** Accounts: sign-ups, verified users, users of a role with their session token, and counting rows. */
import { randomBytes } from 'node:crypto';
import { expect } from '@jest/globals';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';
import { type TestApp } from './apps';
import { codeFrom } from './mail';

export interface TestUser {
  name: string;
  email: string;
  password: string;
}

let userCounter = 0;

/** Unique, valid sign-up data. */
export function newUser(overrides: Partial<TestUser> = {}): TestUser {
  userCounter += 1;
  const id = `${process.pid}-${userCounter}-${randomBytes(3).toString('hex')}`;
  return {
    name: `Student ${userCounter}`,
    email: `student-${id}@example.com`,
    password: `correct horse ${id}`,
    ...overrides,
  };
}

/** A sign-up in progress: the registration id the register reply gave and the code mailed for it. */
export interface PendingSignUp {
  registration: string;
  code: string;
}

/** Registers through the API and returns the registration and its emailed code (not yet verified). */
export async function registerUser(t: TestApp, user: TestUser): Promise<PendingSignUp> {
  const reply = await t.post('/api/auth/register', user);
  expect(reply.status).toBe(200);
  return { registration: reply.body.registration, code: codeFrom(t.lastMailTo(user.email.toLowerCase())) };
}

/** POST /api/auth/verify-otp for a sign-up (the code may be overridden). */
export function verifySignUp(t: TestApp, user: TestUser, signUp: PendingSignUp, otp: unknown = signUp.code) {
  return t.post('/api/auth/verify-otp', { email: user.email, otp, registration: signUp.registration });
}

/** Registers and verifies through the API. */
export async function createVerifiedUser(t: TestApp, overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const user = newUser(overrides);
  const reply = await verifySignUp(t, user, await registerUser(t, user));
  expect(reply.status).toBe(200);
  return user;
}

/** A verified user and a session token for them. */
export async function loginUser(t: TestApp, user: TestUser): Promise<string> {
  const reply = await t.post('/api/auth/login', { email: user.email, password: user.password });
  expect(reply.status).toBe(200);
  return reply.body.token as string;
}

export async function countRows(
  db: Kysely<Database>,
  table:
    | 'users'
    | 'registrations'
    | 'password_resets'
    | 'contact_messages'
    | 'audit_log'
    | 'note_files'
    | 'question_papers'
    | 'important_questions'
    | 'syllabus_entries',
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A verified user with the given role (set in the database directly, as only the admin endpoint may) and a token. */
export async function createUserWithRole(
  t: TestApp,
  role: 'student' | 'teacher' | 'admin',
): Promise<{ user: TestUser; id: string; token: string }> {
  const user = await createVerifiedUser(t);
  const row = await t.db
    .updateTable('users')
    .set({ role })
    .where('email', '=', user.email.toLowerCase())
    .returning('id')
    .executeTakeFirstOrThrow();
  return { user, id: row.id, token: await loginUser(t, user) };
}
