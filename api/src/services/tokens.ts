import { randomUUID, webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Clock } from '../lib/clock';
import { LruMap } from '../lib/lru-map';

/** Short-lived sessions; revocation before expiry is by logout (one session) or token version (all; item 17). */
export const SESSION_TTL_SECONDS = 12 * 3600;

/** Tokens whose signature was checked, remembered so a session's next requests skip the HMAC (see verify). */
const VERIFIED_TOKENS_KEPT = 10_000;

export interface SessionClaims {
  sub: string;
  /** The user's token_version when the token was issued. */
  ver: number;
  /** This session's id: logout revokes exactly this token (docs/security.md item 38). */
  jti: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

export function createTokenService(secret: string, now: Clock, db: Kysely<Database>) {
  // Imported once: handed the raw bytes, jose imports a key on every call.
  let imported: Promise<webcrypto.CryptoKey> | undefined;
  const key = () =>
    (imported ??= webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    ));
  /** Exact token text → its claims, for tokens that passed every check below; the least recently used go first. */
  const verified = new LruMap<string, SessionClaims>(VERIFIED_TOKENS_KEPT);
  return {
    async sign(userId: string, tokenVersion: number): Promise<string> {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ ver: tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setJti(randomUUID())
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + SESSION_TTL_SECONDS)
        .sign(await key());
    },

    /**
     * HS256 only: `alg: none`, other algorithms, wrong keys, tampering, expiry and no expiry all give null, and
     * so does a token without a session id (issued before logout could revoke one). A token already verified
     * (the very same text, so the same signature over the same claims) is not checked again, except for what
     * time changes: its expiry, compared as jose compares it. Revocation is the caller's, on every request.
     */
    async verify(token: string): Promise<SessionClaims | null> {
      const known = verified.get(token);
      if (known) return known.exp <= Math.floor(now().getTime() / 1000) ? null : known;
      try {
        // exp is required: a token without one would never expire (item 16).
        const { payload } = await jwtVerify(token, await key(), {
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'jti'],
          currentDate: now(),
        });
        const { sub, ver, jti, exp, nbf } = payload;
        if (typeof sub !== 'string' || typeof ver !== 'number' || typeof jti !== 'string') return null;
        const claims = Object.freeze({ sub, ver, jti, exp: exp! });
        // We never issue nbf; a token that has one is checked in full every time.
        if (nbf === undefined) verified.set(token, claims);
        return claims;
      } catch {
        return null;
      }
    },

    /** Ends one session until its expiry, on every replica; expired revocations are dropped on the way. */
    async revoke(session: SessionClaims): Promise<void> {
      await db.deleteFrom('revoked_sessions').where('expires_at', '<=', now().toISOString()).execute();
      await db
        .insertInto('revoked_sessions')
        .values({
          jti: session.jti,
          user_id: session.sub,
          expires_at: new Date(session.exp * 1000).toISOString(),
        })
        .onConflict((conflict) => conflict.column('jti').doNothing())
        .execute();
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
