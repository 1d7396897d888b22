import { apiClient } from '@studyhub/shared';
import type { RoleChangeBody, RoleChangeReply, User } from '@studyhub/shared/schemas';

/** PUT /api/admin/users/{id}/role (admins): 409 for the last admin. Answers the updated user. */
export async function changeRole(id: string, role: RoleChangeBody['role']): Promise<User> {
  const body: RoleChangeBody = { role };
  const { data } = await apiClient.put<RoleChangeReply>(
    `/api/admin/users/${encodeURIComponent(id)}/role`,
    body,
  );
  return data.user;
}
