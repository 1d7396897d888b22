/**
 * Note downloads (decision 006): the path names branch, year, semester, subject and unit, resolved through the
 * database; access is the bearer header or a link the units call signed (docs/security.md item 26).
 */
import { downloadParams, downloadQuery } from '@studyhub/contract/schemas';
import { findSubject } from '@studyhub/contract/catalog';
import { normaliseSemester, normaliseYear } from '@studyhub/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { NoteStore } from '../services/note-store';
import type { DownloadLinks } from '../services/download-links';
import { HttpError } from '../http-errors';
import { API_MESSAGES } from '../messages';
import { replies, type FastifyZod } from '../plugins/contract';
import { findCurrentNoteFile } from '../repositories/note-files';
import { noteFileName, pathOf } from '../presenters/note-files';
import { FILE_REPLIES, pdfFileReply, sendStoredPdf } from '../presenters/stored-pdfs';

const DOWNLOAD_SCHEMA = {
  summary: "A unit's notes PDF",
  params: downloadParams,
  querystring: downloadQuery,
  response: replies({ 200: pdfFileReply('The PDF'), ...FILE_REPLIES }),
};

/** What the download route reads. */
export interface NoteDownloadRoutesOptions {
  config: Pick<Config, 'downloadAccelPrefix'>;
  db: Kysely<Database>;
  noteStore: NoteStore;
  downloadLinks: DownloadLinks;
}

export async function noteDownloadRoutes(
  app: FastifyZod,
  { config, db, noteStore, downloadLinks }: NoteDownloadRoutesOptions,
): Promise<void> {
  app.get(
    '/api/download/:branch/:year/:semester/:subjectCode/:unitNumber',
    // PDFs are compressed already: the compression hook is not even asked (decision 013).
    { config: { access: 'public' }, compress: false, schema: DOWNLOAD_SCHEMA },
    async (request, reply) => {
      const { branch, year, semester, subjectCode, unitNumber } = request.params;
      const yearNumber = normaliseYear(year);
      const semesterNumber = normaliseSemester(semester);
      const subject = findSubject(subjectCode);
      const unit = /^\d{1,2}$/.test(unitNumber) ? Number(unitNumber) : null;
      const row =
        yearNumber && semesterNumber && subject && unit
          ? await findCurrentNoteFile(db, {
              branch: branch.replace(/_/g, ' ').trim().toUpperCase(),
              year: yearNumber,
              semester: semesterNumber,
              subjectCode: subject.code,
              unit,
            })
          : undefined;
      // Notes are for signed-in users: the bearer header, or a link the units call handed out, while the session
      // that asked for it lives (docs/security.md item 50).
      if (!request.user) await downloadLinks.holder(row ? pathOf(row) : null, request.query);
      if (!row) throw new HttpError(404, API_MESSAGES.noteNotFound);
      return sendStoredPdf(
        reply,
        row,
        noteFileName(row),
        { config, noteStore },
        { download: request.query.download === '1' },
      );
    },
  );
}
