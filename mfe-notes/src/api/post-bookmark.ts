import { apiPost } from '@studyhub/shared';
import { bookmarkReply, type BookmarkBody } from '@studyhub/contract/schemas';

/** POST /api/bookmarks (signed in, decision 041): stars a subject, a unit or a page; a second star replaces its note. */
export async function postBookmark(body: BookmarkBody) {
  return apiPost('/api/bookmarks', body, __STUDYHUB_CHECK_REPLIES__ && bookmarkReply);
}
