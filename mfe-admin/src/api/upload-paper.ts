import { apiPost } from '@studyhub/shared';
import { paperUploadReply, type PaperUploadReply } from '@studyhub/contract/schemas';
import { pdfUpload, type SendPdfOptions } from './send-pdf';

/** What names a paper: a catalog subject's code, its exam session ("May 2024") and, optionally, its scheme. */
export interface PaperChoices {
  subject: string;
  session: string;
  scheme?: string;
}

/**
 * POST /api/papers/upload?subject&session&scheme (teachers and admins, decision 034): one subject's exam PDF of
 * one session, in the multipart field `pdf`. Answers 201 `{ message, state, paper }`, `pending` for a teacher's.
 */
export async function uploadPaper(
  file: File,
  { subject, session, scheme }: PaperChoices,
  options?: SendPdfOptions,
): Promise<PaperUploadReply> {
  const query = { subject, session, ...(scheme ? { scheme } : {}) };
  const { body, config } = pdfUpload(file, query, options);
  return apiPost('/api/papers/upload', body, __STUDYHUB_CHECK_REPLIES__ && paperUploadReply, config);
}
