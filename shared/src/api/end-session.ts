import { apiClient } from './client';

/**
 * POST /api/auth/logout: the server ends this session, so a copy of the token (a shared computer, a stolen
 * localStorage) stops working at once (docs/security.md item 38). Best effort: the browser forgets the session
 * whether or not the server could be reached, and a token that was already refused needs no ending.
 */
export async function endServerSession(token: string): Promise<void> {
  try {
    await apiClient.post('/api/auth/logout', undefined, { headers: { Authorization: `Bearer ${token}` } });
  } catch {
    // Offline or already ended: nothing more to do; the token expires by itself.
  }
}
