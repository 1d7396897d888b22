import { apiClient } from '@studyhub/shared';
import type { MessageReply, RegisterBody } from '@studyhub/shared/schemas';

/** POST /api/auth/register (SPEC §7): the server emails a one-time code. */
export async function register(body: RegisterBody): Promise<MessageReply> {
  const { data } = await apiClient.post<MessageReply>('/api/auth/register', body);
  return data;
}
