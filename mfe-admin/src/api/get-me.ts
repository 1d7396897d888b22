import { apiClient } from '@studyhub/shared';
import type { MeReply, User } from '@studyhub/shared/schemas';

/** GET /api/me (product §7): the session check of the admin pages; 401 when the token no longer works. */
export async function getMe(signal?: AbortSignal): Promise<User> {
  const { data } = await apiClient.get<MeReply>('/api/me', { signal });
  return data.user;
}
