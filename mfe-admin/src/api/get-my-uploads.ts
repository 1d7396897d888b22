import { apiGet } from '@studyhub/shared';
import { myUploadsPage, type MyUploadsPage } from '@studyhub/contract/schemas';

/** GET /api/uploads/mine?page (teachers and admins, decision 026): the caller's uploads, newest first. */
export async function getMyUploads(page: number, signal?: AbortSignal): Promise<MyUploadsPage> {
  return apiGet('/api/uploads/mine', __STUDYHUB_CHECK_REPLIES__ && myUploadsPage, {
    params: { page },
    signal,
  });
}
