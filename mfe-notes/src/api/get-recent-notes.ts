import { apiClient } from '@studyhub/shared';
import type { RecentNote } from '@studyhub/shared/schemas';

/** GET /api/notes/recent (public, product §7): the latest uploads, newest first. */
export async function getRecentNotes(signal?: AbortSignal): Promise<RecentNote[]> {
  const { data } = await apiClient.get<RecentNote[]>('/api/notes/recent', { signal });
  return Array.isArray(data) ? data : [];
}
