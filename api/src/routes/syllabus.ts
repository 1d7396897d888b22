/**
 * Syllabus entries (product §7): signed-in users list them with filters; admins add, update, delete and clean up
 * duplicates. A second entry for the same code, program, system, grading and upload type is refused with a
 * message containing "Duplicate", which the admin form answers by merging (product §4).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import {
  syllabusEntry,
  syllabusEntryBody,
  syllabusQuery,
  type SyllabusCleanupReply,
  type SyllabusEntry,
  type SyllabusSaveReply,
} from '@studyhub/shared/schemas';
import { z } from 'zod';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../db/database';
import type { SyllabusEntriesTable } from '../db/schema';
import { HttpError, idParam, parse } from '../http-errors';
import { API_MESSAGES } from '../messages';
import { signedInUser } from '../plugins/authenticate';
import { sendCached } from '../services/read-cache';

type SyllabusRow = Selectable<SyllabusEntriesTable>;
type SyllabusEntryInput = z.output<typeof syllabusEntryBody>;

/** GET /api/syllabus's reply, serialised from this schema (fast-json-stringify): every field of SyllabusEntry. */
export const SYLLABUS_LIST_REPLY = z.toJSONSchema(z.array(syllabusEntry), { target: 'draft-07' });

export function toEntry(row: SyllabusRow): SyllabusEntry {
  return {
    _id: row.id,
    name: row.name,
    code: row.code,
    program: row.program,
    system: row.system,
    grading: row.grading,
    uploadType: row.upload_type,
    pdfs: JSON.parse(row.pdfs) as Record<string, string>,
    createdAt: row.created_at,
  };
}

/** The stored columns of a validated entry body. */
function columnsOf(body: SyllabusEntryInput) {
  return {
    name: body.name,
    code: body.code,
    program: body.program,
    system: body.system,
    grading: body.grading,
    upload_type: body.uploadType,
    pdfs: JSON.stringify(body.pdfs),
  };
}

/** Case and spacing do not make two entries different (the unique index only sees exact text). */
function normalisedKey(row: SyllabusRow): string {
  return [row.name, row.code, row.program, row.system, row.grading, row.upload_type]
    .map((part) => part.trim().replace(/\s+/g, ' ').toLowerCase())
    .join('|');
}

/** What a deleted entry was, for the Activity page once the row is gone: its key and the semesters it had PDFs for. */
function deletedEntryDetails(row: SyllabusRow) {
  const pdfs = JSON.parse(row.pdfs) as Record<string, string>;
  return {
    name: row.name,
    code: row.code,
    program: row.program,
    system: row.system,
    grading: row.grading,
    uploadType: row.upload_type,
    semesters: Object.keys(pdfs)
      .filter((semester) => pdfs[semester])
      .map(Number)
      .sort((a, b) => a - b),
  };
}

export async function syllabusRoutes(
  app: FastifyInstance,
  { context }: { context: AppContext },
): Promise<void> {
  const { db, clock, audit, readCache } = context;

  // Every write to syllabus_entries bumps the `syllabus` version: each filter's reply is kept per version
  // (services/read-cache.ts). The list is the same for every signed-in user; who may see it is decided before
  // (authenticate.ts).
  app.get(
    '/api/syllabus',
    // sendCached compresses (once per version): the compression hook is not asked.
    { config: { access: 'signed-in' }, compress: false, schema: { response: { 200: SYLLABUS_LIST_REPLY } } },
    async (request, reply) => {
      const query = parse(syllabusQuery, request.query);
      // Empty filters filter nothing; `system=All` (any case) means both systems.
      const filters = [
        ['program', query.program || undefined],
        ['system', query.system && query.system.toLowerCase() !== 'all' ? query.system : undefined],
        ['grading', query.grading || undefined],
        ['code', query.code || undefined],
        ['upload_type', query.uploadType || undefined],
      ] as const;
      const key = JSON.stringify(filters.map(([, value]) => value ?? null));
      const cached = await readCache.reply('syllabus', key, async () => {
        let select = db.selectFrom('syllabus_entries').selectAll();
        for (const [column, value] of filters) {
          if (value !== undefined) select = select.where(column, '=', value);
        }
        const rows = await select.orderBy('name').orderBy('created_at').execute();
        // The route's schema serialiser (fast-json-stringify) makes JSON text.
        return reply.serialize(rows.map(toEntry)) as string;
      });
      return sendCached(request, reply, cached);
    },
  );

  app.post('/api/syllabus', { config: { access: 'admin' } }, async (request, reply) => {
    const admin = signedInUser(request);
    const body = parse(syllabusEntryBody, request.body);
    const now = clock().toISOString();
    const row: SyllabusRow = { id: randomUUID(), ...columnsOf(body), created_at: now, updated_at: now };
    try {
      await db.insertInto('syllabus_entries').values(row).execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(400, API_MESSAGES.syllabusDuplicate);
      throw error;
    }
    await audit({
      action: 'syllabus.add',
      actorId: admin.id,
      target: row.id,
      ip: request.ip,
      details: { code: row.code },
    });
    return reply
      .code(201)
      .send({ message: API_MESSAGES.syllabusAdded, entry: toEntry(row) } satisfies SyllabusSaveReply);
  });

  app.put('/api/syllabus/:id', { config: { access: 'admin' } }, async (request) => {
    const admin = signedInUser(request);
    const id = idParam(request.params);
    const body = parse(syllabusEntryBody, request.body);
    let updated: SyllabusRow | undefined;
    try {
      updated = await db
        .updateTable('syllabus_entries')
        .set({ ...columnsOf(body), updated_at: clock().toISOString() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(400, API_MESSAGES.syllabusDuplicate);
      throw error;
    }
    if (!updated) throw new HttpError(404, API_MESSAGES.syllabusNotFound);
    await audit({ action: 'syllabus.update', actorId: admin.id, target: id, ip: request.ip });
    return { message: API_MESSAGES.syllabusUpdated, entry: toEntry(updated) } satisfies SyllabusSaveReply;
  });

  // Registered before /:id would not matter (static segments win), but it reads better first.
  app.delete('/api/syllabus/cleanup/duplicates', { config: { access: 'admin' } }, async (request) => {
    const admin = signedInUser(request);
    const removed = await db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('syllabus_entries')
        .selectAll()
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      const keep = new Map<string, { row: SyllabusRow; pdfs: Record<string, string>; changed: boolean }>();
      const doomed: string[] = [];
      for (const row of rows) {
        const key = normalisedKey(row);
        const kept = keep.get(key);
        if (!kept) {
          keep.set(key, { row, pdfs: JSON.parse(row.pdfs) as Record<string, string>, changed: false });
          continue;
        }
        // The oldest entry survives; semesters it lacks are filled from the duplicates.
        for (const [semester, link] of Object.entries(JSON.parse(row.pdfs) as Record<string, string>)) {
          if (!kept.pdfs[semester]) {
            kept.pdfs[semester] = link;
            kept.changed = true;
          }
        }
        doomed.push(row.id);
      }
      for (const { row, pdfs, changed } of keep.values()) {
        if (changed) {
          await trx
            .updateTable('syllabus_entries')
            .set({ pdfs: JSON.stringify(pdfs), updated_at: clock().toISOString() })
            .where('id', '=', row.id)
            .execute();
        }
      }
      if (doomed.length > 0) await trx.deleteFrom('syllabus_entries').where('id', 'in', doomed).execute();
      return doomed.length;
    });
    await audit({ action: 'syllabus.cleanup', actorId: admin.id, ip: request.ip, details: { removed } });
    const message = `Removed ${removed} duplicate ${removed === 1 ? 'entry' : 'entries'}.`;
    return { message, removed } satisfies SyllabusCleanupReply;
  });

  app.delete('/api/syllabus/:id', { config: { access: 'admin' } }, async (request) => {
    const admin = signedInUser(request);
    const id = idParam(request.params);
    // RETURNING takes the row in the same statement, so the audit row names exactly what was removed.
    const deleted = await db
      .deleteFrom('syllabus_entries')
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!deleted) throw new HttpError(404, API_MESSAGES.syllabusNotFound);
    await audit({
      action: 'syllabus.delete',
      actorId: admin.id,
      target: id,
      ip: request.ip,
      details: deletedEntryDetails(deleted),
    });
    return { message: API_MESSAGES.syllabusDeleted };
  });
}
