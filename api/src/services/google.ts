/**
 * Google sign-in: the ID token is verified here (signature against Google's keys, audience, issuer, expiry;
 * SECURITY.md item 20) and only its verified claims are used. Tests pass a local key set.
 */
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';

export const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];
export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';

export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

export function createGoogleVerifier(
  clientId: string,
  keys: JWTVerifyGetKey = createRemoteJWKSet(new URL(GOOGLE_JWKS_URL)),
  now: () => Date = () => new Date(),
) {
  return async function verifyGoogleCredential(credential: string): Promise<GoogleIdentity | null> {
    try {
      const { payload } = await jwtVerify(credential, keys, {
        audience: clientId,
        issuer: GOOGLE_ISSUERS,
        algorithms: ['RS256'],
        currentDate: now(),
      });
      if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
      const name =
        typeof payload.name === 'string' && payload.name.trim()
          ? payload.name.trim()
          : payload.email.split('@')[0]!;
      return {
        sub: payload.sub,
        email: payload.email.toLowerCase(),
        emailVerified: payload.email_verified === true || payload.email_verified === 'true',
        name: name.slice(0, 30),
      };
    } catch {
      return null;
    }
  };
}

export type GoogleVerifier = ReturnType<typeof createGoogleVerifier>;
