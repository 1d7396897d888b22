import { apiDelete } from '@studyhub/shared';
import { followReply } from '@studyhub/contract/schemas';

/** DELETE /api/follows/{subjectCode} (signed in, decision 041): stops following a subject. */
export async function deleteFollow(subjectCode: string) {
  return apiDelete(
    `/api/follows/${encodeURIComponent(subjectCode)}`,
    __STUDYHUB_CHECK_REPLIES__ && followReply,
  );
}
