/**
 * Admins' note uploads (product §7, decision 006): one PDF streamed into the note store, then made its unit's
 * current file.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { UPLOAD_MESSAGES, uploadQuery } from '@studyhub/shared/schemas';
import type { AppContext } from '../context';
import { HttpError, parse } from '../http-errors';
import { API_MESSAGES } from '../messages';
import { signedInUser } from '../plugins/authenticate';
import { insertCurrentNoteFile, type NoteRow } from '../repositories/note-files';
import { toRecentNote } from './notes';
import { rateLimit } from './route-limits';

/** Keeps what a reader might want to see of the uploader's file name, and nothing that could act as a path. */
function sanitiseName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return base.replace(/[^\w.() -]+/g, '_').slice(0, 120) || 'upload.pdf';
}

export async function noteUploadRoutes(
  app: FastifyInstance,
  { context }: { context: AppContext },
): Promise<void> {
  const { db, dialect, clock, audit, noteStore } = context;

  app.post(
    '/api/upload/upload',
    { config: { access: 'admin', rateLimit: rateLimit(context, 'upload') } },
    async (request, reply) => {
      const admin = signedInUser(request);
      const target = parse(uploadQuery, request.query);
      if (!request.isMultipart()) throw new HttpError(400, UPLOAD_MESSAGES.file);
      // Whatever the multipart parser refuses here (no boundary, a body that ends early, a text field) is the
      // client's malformed form, not a server error (docs/security.md items 28, 31).
      const parts = request.parts({ limits: { fileSize: context.config.uploadMaxBytes } });
      const first = await parts.next().catch(() => {
        throw new HttpError(400, UPLOAD_MESSAGES.file);
      });
      const file = first.done ? undefined : first.value;
      if (file?.type !== 'file') throw new HttpError(400, UPLOAD_MESSAGES.file);
      if (file.fieldname !== 'pdf') {
        file.file.resume();
        throw new HttpError(400, UPLOAD_MESSAGES.file);
      }
      const stored = await noteStore.save(file.file);
      // The form holds that one file and nothing else (docs/security.md item 42). Parts arrive in order, so a
      // second one (refused by the parser's one-part limit) shows only now that the first is stored.
      const rest = await parts.next().catch(() => ({ done: false }));
      if (!rest.done) {
        await noteStore.remove(stored.storageName);
        throw new HttpError(400, API_MESSAGES.oneFileOnly);
      }
      const row: NoteRow = {
        id: randomUUID(),
        branch: target.branch,
        year: target.year,
        semester: target.semester,
        subject_code: target.subject.code,
        unit: target.unit,
        storage_name: stored.storageName,
        original_name: sanitiseName(file.filename),
        size: stored.size,
        sha256: stored.sha256,
        uploaded_by: admin.id,
        uploaded_at: clock().toISOString(),
        current: 1,
      };
      // The previous file of the unit stays as history; only the newest is current (decision 006).
      try {
        await insertCurrentNoteFile(db, dialect, row);
      } catch (error) {
        await noteStore.remove(stored.storageName);
        throw error;
      }
      await audit({
        action: 'notes.upload',
        actorId: admin.id,
        target: `${row.branch} ${row.subject_code} unit ${row.unit}`,
        ip: request.ip,
        details: { size: row.size, sha256: row.sha256, file: row.original_name },
      });
      return reply.code(201).send({ message: API_MESSAGES.uploaded, note: toRecentNote(row) });
    },
  );
}
