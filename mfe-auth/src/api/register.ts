import { apiClient } from '@studyhub/shared';
import type { RegisterBody, RegisterReply } from '@studyhub/shared/schemas';

/**
 * POST /api/auth/register (product §7): the server emails a one-time code for this sign-up, which the reply names
 * (docs/security.md item 35); the code page sends it back with the code.
 */
export async function register(body: RegisterBody): Promise<RegisterReply> {
  const { data } = await apiClient.post<RegisterReply>('/api/auth/register', body);
  return data;
}
