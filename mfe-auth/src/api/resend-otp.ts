import { apiErrorReply, apiPost } from '@studyhub/shared';
import {
  blockedReply,
  messageReply,
  type MessageReply,
  type ResendOtpBody,
} from '@studyhub/contract/schemas';

/** POST /api/auth/resend-otp (product §7): a new code for this sign-up by mail; 403 once the resends are used up. */
export async function resendOtp(body: ResendOtpBody): Promise<MessageReply> {
  return apiPost('/api/auth/resend-otp', body, __STUDYHUB_CHECK_REPLIES__ && messageReply);
}

/**
 * A failed resend that is the server's block (403, product §4): when it ends (ms since the epoch) if the reply
 * says so. Null for any other failure.
 */
export function serverBlock(error: unknown): { unblockAt: number | null } | null {
  const reply = apiErrorReply(error);
  if (reply?.status !== 403) return null;
  const parsed = blockedReply.safeParse(reply.data);
  const unblockAt = parsed.success ? Date.parse(parsed.data.unblockAt) : NaN;
  return { unblockAt: Number.isFinite(unblockAt) ? unblockAt : null };
}
