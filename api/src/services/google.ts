/**
 * Google sign-in: the ID token is verified here (signature against Google's keys, audience, issuer, expiry;
 * docs/security.md item 20) and only its verified claims are used. Tests pass a local key set.
 */
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { isPlainText } from '@studyhub/contract/schemas';

/** The text without the characters a free-text field refuses (one code point at a time). */
function plainTextOnly(text: string): string {
  return [...text].filter((char) => isPlainText(char)).join('');
}

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
      // The name becomes the account's: keep only what our own forms would take (docs/security.md item 43).
      const given = typeof payload.name === 'string' ? plainTextOnly(payload.name).trim() : '';
      const name = given || plainTextOnly(payload.email.split('@')[0]!);
      // Cut to the form's 30 characters without splitting a surrogate pair.
      const short = name.slice(0, 30);
      return {
        sub: payload.sub,
        email: payload.email.toLowerCase(),
        emailVerified: payload.email_verified === true || payload.email_verified === 'true',
        name: isPlainText(short) ? short : short.slice(0, -1),
      };
    } catch {
      return null;
    }
  };
}

export type GoogleVerifier = ReturnType<typeof createGoogleVerifier>;
