import { messageReply } from '@studyhub/contract/schemas';
import { apiPost } from './client';

/**
 * POST /api/auth/logout: the server ends this session, so a copy of the token (a shared computer, a stolen
 * localStorage) stops working at once (docs/security.md item 38). Best effort: the browser forgets the session
 * whether or not the server could be reached, and a token that was already refused needs no ending.
 */
export async function endServerSession(token: string): Promise<void> {
  try {
    const headers = { Authorization: `Bearer ${token}` };
    await apiPost('/api/auth/logout', undefined, __STUDYHUB_CHECK_REPLIES__ && messageReply, { headers });
  } catch {
    // Offline or already ended: nothing more to do; the token expires by itself.
  }
}
