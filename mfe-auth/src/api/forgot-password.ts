import { apiPost } from '@studyhub/shared';
import { messageReply, type EmailBody, type MessageReply } from '@studyhub/contract/schemas';

/** POST /api/auth/forgot-password (product §7): the server mails a reset link. */
export async function forgotPassword(body: EmailBody): Promise<MessageReply> {
  return apiPost('/api/auth/forgot-password', body, __STUDYHUB_CHECK_REPLIES__ && messageReply);
}
