import { apiGet } from '@studyhub/shared';
import { recentNotesReply, type RecentNote } from '@studyhub/contract/schemas';

/** GET /api/notes/recent (public, product §7): the latest uploads, newest first. */
export async function getRecentNotes(signal?: AbortSignal): Promise<RecentNote[]> {
  return apiGet('/api/notes/recent', __STUDYHUB_CHECK_REPLIES__ && recentNotesReply, { signal });
}
