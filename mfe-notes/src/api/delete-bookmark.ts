import { apiDelete } from '@studyhub/shared';
import { messageReply } from '@studyhub/contract/schemas';

/** DELETE /api/bookmarks/{id} (signed in, decision 041): removes one of the student's own bookmarks. */
export async function deleteBookmark(id: string) {
  return apiDelete(`/api/bookmarks/${encodeURIComponent(id)}`, __STUDYHUB_CHECK_REPLIES__ && messageReply);
}
