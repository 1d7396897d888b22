import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Clock } from './clock';

/** Short-lived sessions; revocation before expiry is by logout (one session) or token version (all; item 17). */
export const SESSION_TTL_SECONDS = 12 * 3600;

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
  const key = new TextEncoder().encode(secret);
  return {
    async sign(userId: string, tokenVersion: number): Promise<string> {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ ver: tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setJti(randomUUID())
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + SESSION_TTL_SECONDS)
        .sign(key);
    },

    /**
     * HS256 only: `alg: none`, other algorithms, wrong keys, tampering, expiry and no expiry all give null, and
     * so does a token without a session id (issued before logout could revoke one).
     */
    async verify(token: string): Promise<SessionClaims | null> {
      try {
        // exp is required: a token without one would never expire (item 16).
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'jti'],
          currentDate: now(),
        });
        const { sub, ver, jti, exp } = payload;
        if (typeof sub !== 'string' || typeof ver !== 'number' || typeof jti !== 'string') return null;
        return { sub, ver, jti, exp: exp! };
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
