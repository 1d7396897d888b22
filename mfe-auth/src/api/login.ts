import { apiClient } from '@studyhub/shared';
import type { LoginBody, SessionReply } from '@studyhub/shared/schemas';

/** POST /api/auth/login (product §7): email and password, with credentials; answers user and token. */
export async function login(body: LoginBody): Promise<SessionReply> {
  const { data } = await apiClient.post<SessionReply>('/api/auth/login', body, { withCredentials: true });
  return data;
}
