import { apiClient } from '@studyhub/shared';

/** DELETE /api/admin/users/{id} (admins): 409 for the last admin; uploads and history stay. */
export async function deleteUser(id: string): Promise<void> {
  await apiClient.delete(`/api/admin/users/${encodeURIComponent(id)}`);
}
