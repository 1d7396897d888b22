import { apiClient } from '@studyhub/shared';
import type { User } from '@studyhub/shared/schemas';

/** GET /api/admin/users (admins): every user, newest first. */
export async function getUsers(): Promise<User[]> {
  const { data } = await apiClient.get<User[]>('/api/admin/users');
  return Array.isArray(data) ? data : [];
}
