import { apiGet } from '@studyhub/shared';
import { progressReply, type ProgressReply } from '@studyhub/contract/schemas';

/**
 * GET /api/progress[?subject] (signed in, decision 041): how far the student read each current file, most
 * recently read first; without a subject, "Continue reading".
 */
export async function getProgress(subject: string | null, signal?: AbortSignal): Promise<ProgressReply> {
  return apiGet('/api/progress', __STUDYHUB_CHECK_REPLIES__ && progressReply, {
    params: subject === null ? {} : { subject },
    signal,
  });
}
