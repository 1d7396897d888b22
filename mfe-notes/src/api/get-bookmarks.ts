import { apiGet } from '@studyhub/shared';
import { bookmarksReply, type BookmarksReply } from '@studyhub/contract/schemas';

/** GET /api/bookmarks (signed in, decision 041): the student's bookmarks, newest first. */
export async function getBookmarks(signal?: AbortSignal): Promise<BookmarksReply> {
  return apiGet('/api/bookmarks', __STUDYHUB_CHECK_REPLIES__ && bookmarksReply, { signal });
}
