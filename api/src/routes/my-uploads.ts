/**
 * What an uploader sees of their own uploads (decisions 026, 034): "My uploads" with each upload's state, of
 * every kind, and a pending PDF (notes or a question paper) for the in-page reader, which only its uploader and
 * the admins may open.
 */
import {
  downloadQuery,
  idParams,
  myUploadsPage,
  pageQuery,
  uploadIdParams,
} from '@studyhub/contract/schemas';
import type { Config } from '../config';
import type { NoteStore } from '../services/note-store';
import type { DownloadLinks } from '../services/download-links';
import { HttpError } from '../http-errors';
import { API_MESSAGES } from '../messages';
import { signedInSession } from '../plugins/authenticate';
import { replies, type FastifyZod } from '../plugins/contract';
import { uploadFilePath, type UploadReviews } from '../services/upload-reviews';
import { noteFileName } from '../presenters/note-files';
import { paperFileName } from '../presenters/question-papers';
import { FILE_REPLIES, pdfFileReply, sendStoredPdf } from '../presenters/stored-pdfs';

const mine = {
  config: { access: 'teacher' as const },
  schema: {
    summary: "The teacher's own uploads and what became of each",
    querystring: pageQuery,
    response: replies({ 200: myUploadsPage }),
  },
};
const pendingFile = {
  // Public like the downloads: a new tab or a download carries a signed link instead of the session. PDFs are
  // compressed already (decision 013). The id is checked only after the link, whatever it says.
  config: { access: 'public' as const },
  compress: false as const,
  schema: {
    summary: "A teacher's pending PDF, for its uploader and the admins",
    params: idParams,
    querystring: downloadQuery,
    response: replies({ 200: pdfFileReply("The pending upload's PDF"), ...FILE_REPLIES }),
  },
};

/** What a teacher's upload routes use. */
export interface MyUploadsRoutesOptions {
  config: Pick<Config, 'downloadAccelPrefix'>;
  noteStore: NoteStore;
  uploadReviews: UploadReviews;
  downloadLinks: DownloadLinks;
}

export async function myUploadsRoutes(
  app: FastifyZod,
  { config, noteStore, uploadReviews, downloadLinks }: MyUploadsRoutesOptions,
): Promise<void> {
  app.get('/api/uploads/mine', mine, async (request) =>
    uploadReviews.uploaderPage(signedInSession(request), request.query),
  );

  app.get('/api/uploads/:id/file', pendingFile, async (request, reply) => {
    // Without a session, only a signed link gets further, whatever the id says (docs/security.md item 21), and
    // only while the session that asked for it lives (item 50).
    const viewer =
      request.user ?? (await downloadLinks.holder(uploadFilePath(request.params.id), request.query));
    const parsed = uploadIdParams.safeParse(request.params);
    if (!parsed.success)
      throw new HttpError(400, parsed.error.issues[0]?.message ?? API_MESSAGES.uploadNotFound);
    const { id } = parsed.data;
    // Anyone else's upload, a decided one, a question (no file) or an unknown id: the same 404, so ids tell
    // nobody anything.
    const upload = await uploadReviews.readablePending(id, viewer);
    if (!upload) throw new HttpError(404, API_MESSAGES.uploadNotFound);
    const fileName =
      upload.kind === 'note' ? noteFileName(upload.row, 'pending') : paperFileName(upload.row, 'pending');
    return sendStoredPdf(
      reply,
      upload.row,
      fileName,
      { config, noteStore },
      { download: request.query.download === '1' },
    );
  });
}
