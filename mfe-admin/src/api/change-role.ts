import { apiPut } from '@studyhub/shared';
import { roleChangeReply, type RoleChangeBody, type User } from '@studyhub/contract/schemas';

/** PUT /api/admin/users/{id}/role (admins): 409 for the last admin. Answers the updated user. */
export async function changeRole(id: string, role: RoleChangeBody['role']): Promise<User> {
  const body: RoleChangeBody = { role };
  const url = `/api/admin/users/${encodeURIComponent(id)}/role`;
  return (await apiPut(url, body, __STUDYHUB_CHECK_REPLIES__ && roleChangeReply)).user;
}
