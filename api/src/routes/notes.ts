/**
 * Note files (product §7): recent uploads and which units of a subject have a file. Uploads are in
 * note-upload.ts, downloads in note-download.ts. Files are found through the database, never by joining request
 * text into a path (docs/security.md item 26).
 */
import type { FastifyInstance } from 'fastify';
import { findSubject, NOTES_BRANCH } from '@studyhub/shared/catalog';
import { downloadPath } from '@studyhub/shared/paths';
import { describeUpload, recentNote, unitsQuery, type RecentNote } from '@studyhub/shared/schemas';
import { z } from 'zod';
import type { AppContext } from '../context';
import { HttpError, parse } from '../http-errors';
import { API_MESSAGES } from '../messages';
import { currentNoteFilesOfSubject, recentCurrentNoteFiles, type NoteRow } from '../repositories/note-files';
import { sendCached } from '../services/read-cache';

export const RECENT_NOTES_LIMIT = 8;

/** GET /api/notes/recent's reply, serialised from this schema (fast-json-stringify): every field of RecentNote. */
export const RECENT_NOTES_REPLY = z.toJSONSchema(z.array(recentNote), { target: 'draft-07' });

export function toRecentNote(row: NoteRow): RecentNote {
  return {
    _id: row.id,
    subject: findSubject(row.subject_code)?.name ?? row.subject_code,
    subjectCode: row.subject_code,
    ...describeUpload(row),
    createdAt: row.uploaded_at,
  };
}

/** The download path of a stored file, which signed links cover. */
export function pathOf(row: NoteRow): string {
  return downloadPath({
    branch: row.branch,
    year: row.year,
    semester: row.semester,
    subjectCode: row.subject_code,
    unitNumber: row.unit,
  });
}

export async function notesRoutes(app: FastifyInstance, { context }: { context: AppContext }): Promise<void> {
  const { db, downloadLinks, readCache } = context;

  // Every write to note_files bumps the `notes` version: the reply is kept per version (services/read-cache.ts).
  app.get(
    '/api/notes/recent',
    // sendCached compresses (once per version): the compression hook is not asked.
    { config: { access: 'public' }, compress: false, schema: { response: { 200: RECENT_NOTES_REPLY } } },
    async (request, reply) => {
      const cached = await readCache.reply('notes', '', async () => {
        const rows = await recentCurrentNoteFiles(db, RECENT_NOTES_LIMIT);
        // The route's schema serialiser (fast-json-stringify) makes JSON text.
        return reply.serialize(rows.map(toRecentNote)) as string;
      });
      return sendCached(request, reply, cached);
    },
  );

  app.get('/api/notes/units', { config: { access: 'signed-in' } }, async (request) => {
    const query = parse(unitsQuery, request.query);
    const subject = findSubject(query.subject);
    if (!subject) throw new HttpError(404, API_MESSAGES.unknownSubject);
    const branch = (query.branch ?? NOTES_BRANCH).trim().toUpperCase();
    const rows = await currentNoteFilesOfSubject(db, branch, subject.code);
    return {
      subject: subject.code,
      units: rows.map((row) => ({
        unit: row.unit,
        size: row.size,
        uploadedAt: row.uploaded_at,
        url: downloadLinks.sign(pathOf(row)),
        downloadUrl: downloadLinks.sign(pathOf(row), { download: true }),
      })),
    };
  });
}
