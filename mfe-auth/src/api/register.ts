import { apiPost } from '@studyhub/shared';
import { registerReply, type RegisterBody, type RegisterReply } from '@studyhub/contract/schemas';

/**
 * POST /api/auth/register (product §7): the server emails a one-time code for this sign-up, which the reply names
 * (docs/security.md item 35); the code page sends it back with the code.
 */
export async function register(body: RegisterBody): Promise<RegisterReply> {
  return apiPost('/api/auth/register', body, __STUDYHUB_CHECK_REPLIES__ && registerReply);
}
