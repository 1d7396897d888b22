import { jwtDecode } from 'jwt-decode';
import { apiPost } from '@studyhub/shared';
import { sessionReply, type GoogleBody, type SessionReply } from '@studyhub/contract/schemas';

interface GoogleClaims {
  sub?: unknown;
  name?: unknown;
  email?: unknown;
  picture?: unknown;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * product §7: the fields the client decodes from Google's credential. The server trusts only the credential
 * itself (it verifies it), so these are informative.
 */
export function googleBodyOf(credential: string): GoogleBody {
  const claims = jwtDecode<GoogleClaims>(credential);
  return {
    credential,
    name: text(claims.name),
    email: text(claims.email),
    googleId: text(claims.sub),
    avatar: text(claims.picture),
  };
}

/** POST /api/auth/google: signs in (or up) with a Google credential; answers user and token. */
export async function googleSignIn(credential: string): Promise<SessionReply> {
  return apiPost('/api/auth/google', googleBodyOf(credential), __STUDYHUB_CHECK_REPLIES__ && sessionReply);
}
