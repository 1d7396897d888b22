import { apiClient } from '@studyhub/shared';
import type { MessageReply, ResetPasswordBody } from '@studyhub/shared/schemas';

/** POST /api/auth/reset-password/{token} (product §7). */
export async function resetPassword(token: string, body: ResetPasswordBody): Promise<MessageReply> {
  const { data } = await apiClient.post<MessageReply>(
    `/api/auth/reset-password/${encodeURIComponent(token)}`,
    body,
  );
  return data;
}
