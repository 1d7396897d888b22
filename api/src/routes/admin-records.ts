/**
 * The audit trail and the contact inbox (beyond the SPEC; product §6): admins only, newest first, a page at a
 * time, each entry with the people it names as they are now.
 */
import { auditPage, contactMessagePage, pageQuery, type AuditEntry } from '@studyhub/contract/schemas';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { replies, type FastifyZod } from '../plugins/contract';
import { auditLogPage } from '../repositories/audit-log';
import { contactMessagesPage } from '../repositories/contact-messages';
import { peopleById } from '../repositories/users';

const ADMIN_ONLY = { access: 'admin' as const };

/** What the audit and inbox routes read. */
export interface AdminRecordRoutesOptions {
  db: Kysely<Database>;
}

export async function adminRecordRoutes(app: FastifyZod, { db }: AdminRecordRoutesOptions): Promise<void> {
  const audits = {
    summary: 'The audit log, newest first',
    querystring: pageQuery,
    response: replies({ 200: auditPage }),
  };
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

  const messages = {
    summary: 'Contact messages, newest first',
    querystring: pageQuery,
    response: replies({ 200: contactMessagePage }),
  };
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
