import { apiPost } from '@studyhub/shared';
import { uploadReply, type UploadQuery, type UploadReply } from '@studyhub/contract/schemas';
import { pdfUpload, type SendPdfOptions } from './send-pdf';

/**
 * POST /api/upload/upload (product §7; teachers and admins, decision 026): the query names branch, year,
 * semester, subject and unit; the body is multipart with one file field, `pdf`. Answers 201 `{ message, state,
 * note }`: `approved` for an admin's upload, `pending` for a teacher's.
 */
export async function uploadNote(
  file: File,
  query: UploadQuery,
  options?: SendPdfOptions,
): Promise<UploadReply> {
  const { body, config } = pdfUpload(file, { ...query }, options);
  return apiPost('/api/upload/upload', body, __STUDYHUB_CHECK_REPLIES__ && uploadReply, config);
}
