import { apiClient } from '@studyhub/shared';
import type { MessageReply, VerifyOtpBody } from '@studyhub/shared/schemas';

/** POST /api/auth/verify-otp (product §7). */
export async function verifyOtp(body: VerifyOtpBody): Promise<MessageReply> {
  const { data } = await apiClient.post<MessageReply>('/api/auth/verify-otp', body);
  return data;
}
