import { searchReply, type SearchReply } from '@studyhub/contract/schemas';
import { apiGet } from '@studyhub/shared';

/** GET /api/search?q&page (signed in; decision 038): the pages of notes and papers that hold the query's words. */
export async function searchNotes(query: string, page: number, signal?: AbortSignal): Promise<SearchReply> {
  return apiGet('/api/search', __STUDYHUB_CHECK_REPLIES__ && searchReply, {
    params: { q: query, page },
    signal,
  });
}
