import { apiPost } from '@studyhub/shared';
import { sessionReply, type LoginBody, type SessionReply } from '@studyhub/contract/schemas';

/** POST /api/auth/login (product §7): email and password, with credentials; answers user and token. */
export async function login(body: LoginBody): Promise<SessionReply> {
  return apiPost('/api/auth/login', body, __STUDYHUB_CHECK_REPLIES__ && sessionReply, {
    withCredentials: true,
  });
}
