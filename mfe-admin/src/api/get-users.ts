import { apiClient } from '@studyhub/shared';
import type { User } from '@studyhub/shared/schemas';

/** GET /api/admin/users (admins): every user, newest first. */
export async function getUsers(signal?: AbortSignal): Promise<User[]> {
  const { data } = await apiClient.get<User[]>('/api/admin/users', { signal });
  return Array.isArray(data) ? data : [];
}
