/**
 * Admins' syllabus writes (product §7): add, update, delete and clean up duplicates. A second entry for the same
 * code, program, system, grading and upload type is refused with a message containing "Duplicate", which the
 * admin form answers by merging (product §4; decision 007).
 */
import {
  idParams,
  messageReply,
  syllabusCleanupReply,
  syllabusEntryBody,
  syllabusSaveReply,
} from '@studyhub/contract/schemas';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Clock } from '../lib/clock';
import type { Audit } from '../services/audit';
import { isUniqueViolation } from '../db/database';
import { HttpError } from '../http-errors';
import { API_MESSAGES } from '../messages';
import { signedInUser } from '../plugins/authenticate';
import { replies, type FastifyZod } from '../plugins/contract';
import {
  deleteSyllabusEntry,
  addSyllabusEntry,
  removeDuplicateSyllabusEntries,
  updateSyllabusEntry,
  type SyllabusRow,
} from '../repositories/syllabus-entries';
import { columnsOf, toEntry } from '../presenters/syllabus-entries';

const ADMIN_ONLY = { access: 'admin' as const };

/** What a deleted entry was, for the Activity page once the row is gone: its key and the semesters it had PDFs for. */
function deletedEntryDetails(row: SyllabusRow) {
  const { name, code, program, system, grading, uploadType, pdfs } = toEntry(row);
  return {
    name,
    code,
    program,
    system,
    grading,
    uploadType,
    semesters: Object.keys(pdfs)
      .filter((semester) => pdfs[semester])
      .map(Number)
      .sort((a, b) => a - b),
  };
}

/** What the admins' syllabus routes use. */
export interface SyllabusAdminRoutesOptions {
  db: Kysely<Database>;
  clock: Clock;
  audit: Audit;
}

export async function syllabusAdminRoutes(
  app: FastifyZod,
  { db, clock, audit }: SyllabusAdminRoutesOptions,
): Promise<void> {
  const add = {
    summary: 'Add an entry',
    body: syllabusEntryBody,
    response: replies({ 201: syllabusSaveReply }),
  };
  app.post('/api/syllabus', { config: ADMIN_ONLY, schema: add }, async (request, reply) => {
    const admin = signedInUser(request);
    const { body } = request;
    const row = await addSyllabusEntry(db, columnsOf(body), clock()).catch((error: unknown) => {
      throw isUniqueViolation(error) ? new HttpError(400, API_MESSAGES.syllabusDuplicate) : error;
    });
    await audit({
      action: 'syllabus.add',
      actorId: admin.id,
      target: row.id,
      ip: request.ip,
      details: { code: row.code },
    });
    return reply.code(201).send({ message: API_MESSAGES.syllabusAdded, entry: toEntry(row) });
  });

  const update = {
    summary: 'Change an entry',
    params: idParams,
    body: syllabusEntryBody,
    response: replies({ 200: syllabusSaveReply }),
  };
  app.put('/api/syllabus/:id', { config: ADMIN_ONLY, schema: update }, async (request) => {
    const admin = signedInUser(request);
    const { params, body } = request;
    const { id } = params;
    let updated: SyllabusRow | undefined;
    try {
      updated = await updateSyllabusEntry(db, id, columnsOf(body), clock().toISOString());
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(400, API_MESSAGES.syllabusDuplicate);
      throw error;
    }
    if (!updated) throw new HttpError(404, API_MESSAGES.syllabusNotFound);
    await audit({ action: 'syllabus.update', actorId: admin.id, target: id, ip: request.ip });
    return { message: API_MESSAGES.syllabusUpdated, entry: toEntry(updated) };
  });

  // Registered before /:id would not matter (static segments win), but it reads better first.
  const cleanup = { summary: 'Delete duplicate entries', response: replies({ 200: syllabusCleanupReply }) };
  app.delete('/api/syllabus/cleanup/duplicates', { config: ADMIN_ONLY, schema: cleanup }, async (request) => {
    const admin = signedInUser(request);
    const removed = await removeDuplicateSyllabusEntries(db, clock);
    await audit({ action: 'syllabus.cleanup', actorId: admin.id, ip: request.ip, details: { removed } });
    const message = `Removed ${removed} duplicate ${removed === 1 ? 'entry' : 'entries'}.`;
    return { message, removed };
  });

  const deletion = { summary: 'Delete an entry', params: idParams, response: replies({ 200: messageReply }) };
  app.delete('/api/syllabus/:id', { config: ADMIN_ONLY, schema: deletion }, async (request) => {
    const admin = signedInUser(request);
    const { id } = request.params;
    // Taken in the delete statement itself, so the audit row names exactly what was removed.
    const deleted = await deleteSyllabusEntry(db, id);
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
