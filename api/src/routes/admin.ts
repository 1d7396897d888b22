/**
 * Administration (product §6–§7, decision 010): every user with their role, role changes and deletion (the audit
 * trail and the contact inbox: admin-records.ts). Admins only; the role is re-read from the database on every
 * request (plugins/authenticate). A role change or deletion ends the target's sessions: their next request gets
 * 401 and they sign in again as what they now are (docs/security.md item 17).
 */
import type { Kysely, Transaction } from 'kysely';
import {
  idParams,
  messageReply,
  roleChangeBody,
  roleChangeReply,
  usersReply,
} from '@studyhub/contract/schemas';
import type { Dialect } from '../db/database';
import type { Database } from '../db/schema';
import type { Clock } from '../lib/clock';
import type { Audit } from '../services/audit';
import { HttpError } from '../http-errors';
import { API_MESSAGES } from '../messages';
import { signedInUser } from '../plugins/authenticate';
import { replies, type FastifyZod } from '../plugins/contract';
import {
  changeRoleEndingSessions,
  countAdmins,
  deleteUser,
  findUserById,
  listUsersNewestFirst,
  toApiUser,
  withAdminsLocked,
  type UserRow,
} from '../repositories/users';

const ADMIN_ONLY = { access: 'admin' as const };

/** What the user administration routes use. */
export interface AdminRoutesOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  audit: Audit;
}

export async function adminRoutes(
  app: FastifyZod,
  { db, dialect, clock, audit }: AdminRoutesOptions,
): Promise<void> {
  async function lockedTarget(trx: Transaction<Database>, id: string): Promise<UserRow> {
    const target = await findUserById(trx, id);
    if (!target) throw new HttpError(404, API_MESSAGES.userNotFound);
    return target;
  }

  async function isLastAdmin(trx: Transaction<Database>, target: UserRow): Promise<boolean> {
    if (target.role !== 'admin') return false;
    return (await countAdmins(trx)) <= 1;
  }

  app.get(
    '/api/admin/users',
    {
      config: ADMIN_ONLY,
      schema: { summary: 'Every user, newest first', response: replies({ 200: usersReply }) },
    },
    async () => (await listUsersNewestFirst(db)).map(toApiUser),
  );

  const roleChange = {
    summary: "Change a user's role",
    params: idParams,
    body: roleChangeBody,
    response: replies({ 200: roleChangeReply }),
  };
  app.put('/api/admin/users/:id/role', { config: ADMIN_ONLY, schema: roleChange }, async (request) => {
    const admin = signedInUser(request);
    const { role } = request.body;
    const { id } = request.params;
    const { before, after } = await withAdminsLocked(db, dialect, async (trx) => {
      const target = await lockedTarget(trx, id);
      if (role !== 'admin' && (await isLastAdmin(trx, target))) {
        throw new HttpError(409, API_MESSAGES.lastAdminDemote);
      }
      if (target.role === role) return { before: target, after: target };
      const updated = await changeRoleEndingSessions(trx, id, role, clock().toISOString());
      return { before: target, after: updated };
    });
    if (before.role !== after.role) {
      await audit({
        action: 'admin.user.role',
        actorId: admin.id,
        target: id,
        ip: request.ip,
        details: { email: after.email, from: before.role, to: after.role },
      });
    }
    return { message: API_MESSAGES.roleUpdated, user: toApiUser(after) };
  });

  const deletion = { summary: 'Delete a user', params: idParams, response: replies({ 200: messageReply }) };
  app.delete('/api/admin/users/:id', { config: ADMIN_ONLY, schema: deletion }, async (request) => {
    const admin = signedInUser(request);
    const { id } = request.params;
    const deleted = await withAdminsLocked(db, dialect, async (trx) => {
      const target = await lockedTarget(trx, id);
      if (await isLastAdmin(trx, target)) throw new HttpError(409, API_MESSAGES.lastAdminDelete);
      // Uploads, messages and audit rows keep the id, which now names a deleted user.
      await deleteUser(trx, id);
      return target;
    });
    await audit({
      action: 'admin.user.delete',
      actorId: admin.id,
      target: id,
      ip: request.ip,
      details: { email: deleted.email, role: deleted.role },
    });
    return { message: API_MESSAGES.userDeleted };
  });
}
