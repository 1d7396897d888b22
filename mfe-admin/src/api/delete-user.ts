import { apiDelete } from '@studyhub/shared';
import { messageReply } from '@studyhub/contract/schemas';

/** DELETE /api/admin/users/{id} (admins): 409 for the last admin; uploads and history stay. */
export async function deleteUser(id: string): Promise<void> {
  await apiDelete(`/api/admin/users/${encodeURIComponent(id)}`, __STUDYHUB_CHECK_REPLIES__ && messageReply);
}
