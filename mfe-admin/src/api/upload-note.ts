import { apiPost } from '@studyhub/shared';
import { UPLOAD_TIMEOUT_MS } from '@studyhub/contract';
import { uploadReply, type UploadQuery, type UploadReply } from '@studyhub/contract/schemas';

export interface UploadNoteOptions {
  /** Gives up after this long (product §9: 10 s); a page for slow links or big files may pass more. */
  timeoutMs?: number;
  /** Percent of the file sent so far, from the request's upload progress events. */
  onProgress?(percent: number): void;
}

/** Percent sent, or null when the browser does not know the total. */
export function progressPercent(event: { loaded: number; total?: number; progress?: number }): number | null {
  const fraction = event.progress ?? (event.total ? event.loaded / event.total : undefined);
  if (fraction === undefined || !Number.isFinite(fraction)) return null;
  return Math.max(0, Math.min(100, Math.round(fraction * 100)));
}

/**
 * POST /api/upload/upload (product §7; teachers and admins, decision 026): the query names branch, year,
 * semester, subject and unit; the body is multipart with one file field, `pdf`. Answers 201 `{ message, state,
 * note }`: `approved` for an admin's upload, `pending` for a teacher's.
 */
export async function uploadNote(
  file: File,
  query: UploadQuery,
  { timeoutMs = UPLOAD_TIMEOUT_MS, onProgress }: UploadNoteOptions = {},
): Promise<UploadReply> {
  const formData = new FormData();
  formData.append('pdf', file);
  return apiPost('/api/upload/upload', formData, __STUDYHUB_CHECK_REPLIES__ && uploadReply, {
    params: query,
    timeout: timeoutMs,
    onUploadProgress: (event) => {
      const percent = progressPercent(event);
      if (percent !== null) onProgress?.(percent);
    },
  });
}
