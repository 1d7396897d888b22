import { jwtVerify, SignJWT } from 'jose';

/** Short-lived sessions; revocation before expiry is by token version (SECURITY.md item 17). */
export const SESSION_TTL_SECONDS = 12 * 3600;

export interface SessionClaims {
  sub: string;
  /** The user's token_version when the token was issued. */
  ver: number;
}

export function createTokenService(secret: string, now: () => Date) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(userId: string, tokenVersion: number): Promise<string> {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ ver: tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + SESSION_TTL_SECONDS)
        .sign(key);
    },
    /** HS256 only: `alg: none`, other algorithms, wrong keys, tampering, expiry and no expiry all give null. */
    async verify(token: string): Promise<SessionClaims | null> {
      try {
        // exp is required: a token without one would never expire (SECURITY.md item 16).
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          requiredClaims: ['exp'],
          currentDate: now(),
        });
        if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
        return { sub: payload.sub, ver: payload.ver };
      } catch {
        return null;
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
