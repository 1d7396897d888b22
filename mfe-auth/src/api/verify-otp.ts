import { apiPost } from '@studyhub/shared';
import { messageReply, type MessageReply, type VerifyOtpBody } from '@studyhub/contract/schemas';

/** POST /api/auth/verify-otp (product §7). */
export async function verifyOtp(body: VerifyOtpBody): Promise<MessageReply> {
  return apiPost('/api/auth/verify-otp', body, __STUDYHUB_CHECK_REPLIES__ && messageReply);
}
