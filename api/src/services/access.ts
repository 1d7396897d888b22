/**
 * Who may do what (docs/security.md items 21, 22, 48): the access levels routes declare, the roles that pass each,
 * and the caller's authority at the moment a long request's effect is committed. plugins/authenticate.ts checks a
 * route's level when its request starts; callerAuthority checks it again where the effect is recorded.
 */
import type { Transaction } from 'kysely';
import type { Role } from '@studyhub/contract';
import type { Dialect } from '../db/database';
import type { Database } from '../db/schema';
import { HttpError } from '../http-errors';
import { API_MESSAGES } from '../messages';
import { lockSessionUser, type SessionIdentity, type UserRow } from '../repositories/users';

/**
 * `public`: anyone (a valid token is still read, so the route may know who asks); `signed-in`: any user;
 * `teacher`: teachers and admins (decision 026); `admin`: admins. The role is read from the database on this
 * request.
 */
export type Access = 'public' | 'signed-in' | 'teacher' | 'admin';
export const ACCESS_LEVELS: readonly Access[] = ['public', 'signed-in', 'teacher', 'admin'];

/** Roles that pass each access level. */
const ALLOWED_ROLES: Record<Exclude<Access, 'public'>, readonly Role[]> = {
  'signed-in': ['student', 'teacher', 'admin'],
  teacher: ['teacher', 'admin'],
  admin: ['admin'],
};

export function roleMayCall(access: Access, role: Role | null): boolean {
  if (access === 'public') return true;
  return role !== null && ALLOWED_ROLES[access].includes(role);
}

/** The 403 of a role that may not call a route of this access level (every role passes `signed-in`). */
export function accessRefused(access: Access): HttpError {
  return new HttpError(403, access === 'teacher' ? API_MESSAGES.teachersOnly : API_MESSAGES.adminsOnly);
}

/**
 * The caller as they are now, read inside the transaction that records their request's effect and held until it
 * commits. An upload streams for up to 830 s (item 40): long enough for its sender to be demoted, deleted or
 * logged out, so whatever depends on who sent it (may it be stored, published at once or held for review) is
 * decided from this, never from the user the request started with. Every long request whose effect depends on
 * its caller does the same (note, paper and question uploads, services/upload-reviews.ts). A session that ended
 * meanwhile gets the 401 any request of it would get now; a role that no longer passes `access` gets its 403.
 */
export async function callerAuthority(
  trx: Transaction<Database>,
  dialect: Dialect,
  session: SessionIdentity,
  access: Exclude<Access, 'public'>,
): Promise<UserRow> {
  const caller = await lockSessionUser(trx, dialect, session);
  if (!caller) throw new HttpError(401, API_MESSAGES.sessionExpired);
  if (!roleMayCall(access, caller.role)) throw accessRefused(access);
  return caller;
}
