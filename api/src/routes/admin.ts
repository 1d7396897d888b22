/**
 * Administration (product §6–§7, issue 6): every user with their role, role changes and deletion, and beyond the
 * SPEC the audit trail and the contact inbox. Admins only; the role is re-read from the database on every
 * request (plugins/authenticate). A role change or deletion ends the target's sessions: their next request gets
 * 401 and they sign in again as what they now are (docs/security.md item 17).
 */
import type { Transaction } from 'kysely';
import {
  auditPage,
  contactMessagePage,
  idParams,
  messageReply,
  pageQuery,
  roleChangeBody,
  roleChangeReply,
  usersReply,
  type AuditEntry,
} from '@studyhub/contract/schemas';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { HttpError } from '../http-errors';
import { API_MESSAGES } from '../messages';
import { signedInUser } from '../plugins/authenticate';
import { replies, type FastifyZod } from '../plugins/contract';
import { auditLogPage } from '../repositories/audit-log';
import { contactMessagesPage } from '../repositories/contact-messages';
import {
  changeRoleEndingSessions,
  countAdmins,
  deleteUser,
  findUserById,
  listUsersNewestFirst,
  peopleById,
  toApiUser,
  withAdminsLocked,
  type UserRow,
} from '../repositories/users';

const ADMIN_ONLY = { access: 'admin' as const };

export async function adminRoutes(app: FastifyZod, { context }: { context: AppContext }): Promise<void> {
  const { db, dialect, clock, audit } = context;

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
    { config: ADMIN_ONLY, schema: { response: replies({ 200: usersReply }) } },
    async () => (await listUsersNewestFirst(db)).map(toApiUser),
  );

  const roleChange = { params: idParams, body: roleChangeBody, response: replies({ 200: roleChangeReply }) };
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

  const deletion = { params: idParams, response: replies({ 200: messageReply }) };
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

  const audits = { querystring: pageQuery, response: replies({ 200: auditPage }) };
  app.get('/api/admin/audit', { config: ADMIN_ONLY, schema: audits }, async (request) => {
    const paging = request.query;
    const { rows, total } = await auditLogPage(db, paging);
    const people = await peopleById(
      db,
      rows.map((row) => row.actor_id),
    );
    const items = rows.map((row): AuditEntry => ({
      id: Number(row.id),
      at: row.at,
      action: row.action,
      actor: row.actor_id ? (people.get(row.actor_id) ?? null) : null,
      target: row.target,
      ip: row.ip,
      details: row.details ? (JSON.parse(row.details) as Record<string, unknown>) : null,
    }));
    return { items, ...paging, total };
  });

  const messages = { querystring: pageQuery, response: replies({ 200: contactMessagePage }) };
  app.get('/api/admin/messages', { config: ADMIN_ONLY, schema: messages }, async (request) => {
    const paging = request.query;
    const { rows, total } = await contactMessagesPage(db, paging);
    const people = await peopleById(
      db,
      rows.map((row) => row.user_id),
    );
    const items = rows.map((row) => ({
      _id: row.id,
      name: row.name,
      email: row.email,
      message: row.message,
      createdAt: row.created_at,
      accountDeleted: row.user_id !== null && people.get(row.user_id)?.email === null,
    }));
    return { items, ...paging, total };
  });
}
