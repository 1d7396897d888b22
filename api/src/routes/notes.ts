/**
 * Note files (product §7): recent uploads, which units of every subject have a file (and how many papers and
 * questions each has, decision 034), and which units of one subject have a file with links to them. Uploads are in note-upload.ts, downloads in note-download.ts. Files are
 * found through the database, never by joining request text into a path (docs/security.md item 26).
 */
import { findSubject, NOTES_BRANCH } from '@studyhub/contract/catalog';
import { notesAvailabilityReply, recentNotesReply, unitsQuery, unitsReply } from '@studyhub/contract/schemas';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DownloadLinks } from '../services/download-links';
import { HttpError } from '../http-errors';
import { API_MESSAGES } from '../messages';
import { signedInSession } from '../plugins/authenticate';
import { NOT_MODIFIED, replies, type FastifyZod } from '../plugins/contract';
import {
  currentNoteFilesOfSubject,
  recentCurrentNoteFiles,
  unitsWithNotes,
} from '../repositories/note-files';
import { questionCountsBySubject } from '../repositories/important-questions';
import { paperCountsBySubject } from '../repositories/question-papers';
import { pathOf, toNotesAvailability, toRecentNote } from '../presenters/note-files';
import { sendCached, type ReadCache } from '../services/read-cache';

export const RECENT_NOTES_LIMIT = 8;

/** What the note list routes read. */
export interface NotesRoutesOptions {
  db: Kysely<Database>;
  downloadLinks: DownloadLinks;
  readCache: ReadCache;
}

export async function notesRoutes(
  app: FastifyZod,
  { db, downloadLinks, readCache }: NotesRoutesOptions,
): Promise<void> {
  // Every write to note_files bumps the `notes` version: the reply is kept per version (services/read-cache.ts).
  app.get(
    '/api/notes/recent',
    // sendCached compresses (once per version): the compression hook is not asked.
    {
      config: { access: 'public' },
      compress: false,
      schema: {
        summary: 'The notes uploaded last',
        response: replies({ 200: recentNotesReply, ...NOT_MODIFIED }),
      },
    },
    async (request, reply) => {
      const cached = await readCache.reply('notes', '', async () => {
        const rows = await recentCurrentNoteFiles(db, RECENT_NOTES_LIMIT);
        // The route's reply serialiser (plugins/contract.ts) makes the JSON text.
        return reply.serialize(rows.map(toRecentNote)) as string;
      });
      return sendCached(request, reply, cached);
    },
  );

  // The year pages, search hits and the subject pages count units with notes, papers and questions from this one
  // reply, kept like the recent list (every write to their tables bumps the `notes` version); no query is read,
  // so any query string gets the same reply.
  app.get(
    '/api/notes/availability',
    {
      config: { access: 'public' },
      compress: false,
      schema: {
        summary: 'Which units of each subject have notes, and how many papers and questions each has',
        response: replies({ 200: notesAvailabilityReply, ...NOT_MODIFIED }),
      },
    },
    async (request, reply) => {
      const cached = await readCache.reply('notes', 'availability', async () => {
        const [units, papers, questions] = await Promise.all([
          unitsWithNotes(db, NOTES_BRANCH),
          paperCountsBySubject(db),
          questionCountsBySubject(db),
        ]);
        return reply.serialize(toNotesAvailability(NOTES_BRANCH, { units, papers, questions })) as string;
      });
      return sendCached(request, reply, cached);
    },
  );

  const units = {
    summary: "A subject's units that have notes, with signed links to each file",
    querystring: unitsQuery,
    response: replies({ 200: unitsReply }),
  };
  app.get('/api/notes/units', { config: { access: 'signed-in' }, schema: units }, async (request) => {
    const { query } = request;
    const session = signedInSession(request);
    const subject = findSubject(query.subject);
    if (!subject) throw new HttpError(404, API_MESSAGES.unknownSubject);
    const branch = (query.branch ?? NOTES_BRANCH).trim().toUpperCase();
    const rows = await currentNoteFilesOfSubject(db, branch, subject.code);
    return {
      subject: subject.code,
      units: rows.map((row) => ({
        unit: row.unit,
        fileId: row.id,
        size: row.size,
        uploadedAt: row.uploaded_at,
        ...downloadLinks.linksTo(pathOf(row), session),
      })),
    };
  });
}
