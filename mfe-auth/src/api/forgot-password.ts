import { apiClient } from '@studyhub/shared';
import type { EmailBody, MessageReply } from '@studyhub/shared/schemas';

/** POST /api/auth/forgot-password (product §7): the server mails a reset link. */
export async function forgotPassword(body: EmailBody): Promise<MessageReply> {
  const { data } = await apiClient.post<MessageReply>('/api/auth/forgot-password', body);
  return data;
}
