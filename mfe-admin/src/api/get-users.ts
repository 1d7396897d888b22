import { apiGet } from '@studyhub/shared';
import { usersReply, type User } from '@studyhub/contract/schemas';

/** GET /api/admin/users (admins): every user, newest first. */
export async function getUsers(signal?: AbortSignal): Promise<User[]> {
  return apiGet('/api/admin/users', __STUDYHUB_CHECK_REPLIES__ && usersReply, { signal });
}
