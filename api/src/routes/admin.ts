/**
 * Administration (product §6–§7, issue 6): every user with their role, role changes and deletion, and beyond the
 * SPEC the audit trail and the contact inbox. Admins only; the role is re-read from the database on every
 * request (plugins/authenticate), so a demotion or deletion takes effect on the target's next request.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import {
  pageQuery,
  roleChangeBody,
  type AuditEntry,
  type AuditPage,
  type ContactMessagePage,
  type MessageReply,
  type Person,
  type RoleChangeReply,
  type User,
} from '@studyhub/shared/schemas';
import type { AppContext } from '../context';
import { lockForTransaction } from '../db/database';
import type { Database } from '../db/schema';
import { HttpError, idParam, parse } from '../http-errors';
import { API_MESSAGES } from '../messages';
import { signedInUser } from '../plugins/authenticate';
import { toApiUser, type UserRow } from '../users';

const ADMIN_ONLY = { config: { access: 'admin' as const } };

/** Names for the ids an audit row or message refers to; an id with no account left is a deleted user. */
async function peopleById(db: Kysely<Database>, ids: (string | null)[]): Promise<Map<string, Person>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  const rows = wanted.length
    ? await db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', wanted).execute()
    : [];
  const people = new Map<string, Person>(wanted.map((id) => [id, { id, name: null, email: null }]));
  for (const row of rows) people.set(row.id, row);
  return people;
}

/** Rows in a whole table (what a paged list says it holds); PostgreSQL counts arrive as text. */
async function countAll(db: Kysely<Database>, table: 'audit_log' | 'contact_messages'): Promise<number> {
  const { total } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}

const offsetOf = ({ page, pageSize }: { page: number; pageSize: number }) => (page - 1) * pageSize;

export async function adminRoutes(app: FastifyInstance, { context }: { context: AppContext }): Promise<void> {
  const { db, dialect, clock, audit } = context;

  /** Role changes and deletions run one at a time, so two admins demoting each other cannot leave no admin. */
  function withAdminsLocked<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return db.transaction().execute(async (trx) => {
      await lockForTransaction(trx, dialect, 'users:admins');
      return work(trx);
    });
  }

  async function lockedTarget(trx: Transaction<Database>, id: string): Promise<UserRow> {
    const target = await trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    if (!target) throw new HttpError(404, API_MESSAGES.userNotFound);
    return target;
  }

  async function isLastAdmin(trx: Transaction<Database>, target: UserRow): Promise<boolean> {
    if (target.role !== 'admin') return false;
    const { count } = await trx
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    return Number(count) <= 1;
  }

  app.get('/api/admin/users', ADMIN_ONLY, async (): Promise<User[]> => {
    const rows = await db
      .selectFrom('users')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
    return rows.map(toApiUser);
  });

  app.put('/api/admin/users/:id/role', ADMIN_ONLY, async (request): Promise<RoleChangeReply> => {
    const admin = signedInUser(request);
    const { role } = parse(roleChangeBody, request.body);
    const id = idParam(request.params);
    const { before, after } = await withAdminsLocked(async (trx) => {
      const target = await lockedTarget(trx, id);
      if (role !== 'admin' && (await isLastAdmin(trx, target))) {
        throw new HttpError(409, API_MESSAGES.lastAdminDemote);
      }
      if (target.role === role) return { before: target, after: target };
      const updated = await trx
        .updateTable('users')
        .set({ role, updated_at: clock().toISOString() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
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

  app.delete('/api/admin/users/:id', ADMIN_ONLY, async (request): Promise<MessageReply> => {
    const admin = signedInUser(request);
    const id = idParam(request.params);
    const deleted = await withAdminsLocked(async (trx) => {
      const target = await lockedTarget(trx, id);
      if (await isLastAdmin(trx, target)) throw new HttpError(409, API_MESSAGES.lastAdminDelete);
      // Codes and reset links go with the account (foreign keys); uploads, messages and audit rows keep the id,
      // which now names a deleted user.
      await trx.deleteFrom('users').where('id', '=', id).execute();
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

  app.get('/api/admin/audit', ADMIN_ONLY, async (request): Promise<AuditPage> => {
    const paging = parse(pageQuery, request.query);
    const [rows, total] = await Promise.all([
      db
        .selectFrom('audit_log')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(paging.pageSize)
        .offset(offsetOf(paging))
        .execute(),
      countAll(db, 'audit_log'),
    ]);
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

  app.get('/api/admin/messages', ADMIN_ONLY, async (request): Promise<ContactMessagePage> => {
    const paging = parse(pageQuery, request.query);
    const [rows, total] = await Promise.all([
      db
        .selectFrom('contact_messages')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(paging.pageSize)
        .offset(offsetOf(paging))
        .execute(),
      countAll(db, 'contact_messages'),
    ]);
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
