/**
 * Previous-year question papers (decision 034): a subject's current papers, newest session first, with signed
 * short-lived links to each PDF (decision 006), and the PDF itself. Uploads are in paper-upload.ts. Only a
 * session's current, approved paper is ever listed or served; files are found through the database, never by
 * joining request text into a path (docs/security.md item 26).
 */
import {
  downloadQuery,
  idParams,
  papersQuery,
  papersReply,
  uploadIdParams,
} from '@studyhub/contract/schemas';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { DownloadLinks } from '../services/download-links';
import type { NoteStore } from '../services/note-store';
import { HttpError } from '../http-errors';
import { API_MESSAGES } from '../messages';
import { signedInSession } from '../plugins/authenticate';
import { replies, type FastifyZod } from '../plugins/contract';
import { currentPapersOfSubject, findCurrentPaper } from '../repositories/question-papers';
import { paperFileName, paperFilePath, toPaper } from '../presenters/question-papers';
import { FILE_REPLIES, pdfFileReply, sendStoredPdf } from '../presenters/stored-pdfs';

const list = {
  config: { access: 'signed-in' as const },
  schema: {
    summary: "A subject's question papers, newest session first, with signed links to each",
    querystring: papersQuery,
    response: replies({ 200: papersReply }),
  },
};
const file = {
  // Public like the note downloads: a frame, a new tab or a download carries a signed link instead of the
  // session. PDFs are compressed already (decision 013).
  config: { access: 'public' as const },
  compress: false as const,
  schema: {
    summary: 'A question paper as a PDF',
    params: idParams,
    querystring: downloadQuery,
    response: replies({ 200: pdfFileReply('The question paper'), ...FILE_REPLIES }),
  },
};

/** What the paper routes read. */
export interface PapersRoutesOptions {
  config: Pick<Config, 'downloadAccelPrefix'>;
  db: Kysely<Database>;
  noteStore: NoteStore;
  downloadLinks: DownloadLinks;
}

export async function papersRoutes(
  app: FastifyZod,
  { config, db, noteStore, downloadLinks }: PapersRoutesOptions,
): Promise<void> {
  app.get('/api/papers', list, async (request) => {
    const session = signedInSession(request);
    const { subject } = request.query;
    const rows = await currentPapersOfSubject(db, subject.code);
    return {
      subject: subject.code,
      papers: rows.map((row) => toPaper(row, downloadLinks.linksTo(paperFilePath(row.id), session))),
    };
  });

  app.get('/api/papers/:id/file', file, async (request, reply) => {
    // Papers are for signed-in users: the bearer header, or a link the list handed out, while the session that
    // asked for it lives (docs/security.md item 50). Without either, the id is not even looked at (item 21).
    if (!request.user) await downloadLinks.holder(paperFilePath(request.params.id), request.query);
    const parsed = uploadIdParams.safeParse(request.params);
    // A pending, rejected, expired or replaced paper, or no paper: the same 404, so ids tell nobody anything.
    const row = parsed.success ? await findCurrentPaper(db, parsed.data.id) : undefined;
    if (!row) throw new HttpError(404, API_MESSAGES.paperNotFound);
    return sendStoredPdf(
      reply,
      row,
      paperFileName(row),
      { config, noteStore },
      { download: request.query.download === '1' },
    );
  });
}
