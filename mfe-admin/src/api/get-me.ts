import { apiGet } from '@studyhub/shared';
import { meReply, type User } from '@studyhub/contract/schemas';

/** GET /api/me (product §7): the session check of the admin pages; 401 when the token no longer works. */
export async function getMe(signal?: AbortSignal): Promise<User> {
  return (await apiGet('/api/me', __STUDYHUB_CHECK_REPLIES__ && meReply, { signal })).user;
}
