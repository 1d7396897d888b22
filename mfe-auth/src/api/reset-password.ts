import { apiPost } from '@studyhub/shared';
import { messageReply, type MessageReply, type ResetPasswordBody } from '@studyhub/contract/schemas';

/** POST /api/auth/reset-password/{token} (product §7). */
export async function resetPassword(token: string, body: ResetPasswordBody): Promise<MessageReply> {
  return apiPost(
    `/api/auth/reset-password/${encodeURIComponent(token)}`,
    body,
    __STUDYHUB_CHECK_REPLIES__ && messageReply,
  );
}
