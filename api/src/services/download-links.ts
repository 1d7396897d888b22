/**
 * Short-lived signed links to files that only signed-in users may read (notes, pending uploads): a frame or a new
 * tab cannot send the bearer header, so the units call and the upload lists hand out links that carry their own
 * proof, an HMAC over the path, the expiry and the session that asked for them. A link speaks for that session
 * only while it lives (docs/security.md item 50): logout, a token version bump (password reset, role change) or
 * the account's deletion ends its links too, and what the link may open is decided for that user as it is now.
 */
import type { UploadFileLinks } from '@studyhub/contract/schemas';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpError } from '../http-errors';
import { API_MESSAGES } from '../messages';
import { findSessionUser, type SessionIdentity, type UserRow } from '../repositories/users';
import type { Clock } from '../lib/clock';
import { createSigner } from '../lib/signatures';
import type { SessionClaims } from './tokens';

export const DOWNLOAD_LINK_TTL_MS = 15 * 60_000;

/**
 * A link's query: `expires` (seconds since the epoch), the minting session as `user`, `ver` and `session` (its
 * user id, token version and id: none of them a credential), and `sig`, the only secret part. `download=1`
 * (an attachment rather than inline: the same bytes) is not signed.
 */
export interface LinkQuery {
  expires?: string;
  user?: string;
  ver?: string;
  session?: string;
  sig?: string;
}

/** What a link's session parts may look like (our ids are UUIDs); anything else is not a link we made. */
const SESSION_PART = /^[\w-]{1,64}$/;

export function createDownloadLinks(secret: string, clock: Clock, db: Kysely<Database>) {
  const signer = createSigner(secret);
  const signed = (pathname: string, expires: number, session: SessionIdentity) =>
    `${pathname}:${expires}:${session.sub}:${session.ver}:${session.jti}`;

  /** The session a well-formed query names, if its signature covers `pathname`; 'invalid' otherwise. */
  function signedSession(pathname: string | null, query: LinkQuery): SessionIdentity | 'invalid' {
    const { expires, user, ver, session, sig } = query;
    if (pathname === null || typeof sig !== 'string') return 'invalid';
    if (!/^\d{1,12}$/.test(expires ?? '') || !/^\d{1,9}$/.test(ver ?? '')) return 'invalid';
    if (!SESSION_PART.test(user ?? '') || !SESSION_PART.test(session ?? '')) return 'invalid';
    const named = { sub: user!, ver: Number(ver), jti: session! };
    return signer.verifies('download', signed(pathname, Number(expires), named), sig) ? named : 'invalid';
  }

  return {
    /**
     * Links to `pathname` for this session, to read it inline and to download it (`download=1`): 15 minutes, or
     * less when the session ends sooner.
     */
    linksTo(pathname: string, session: SessionClaims): UploadFileLinks {
      const expires = Math.min(Math.floor((clock().getTime() + DOWNLOAD_LINK_TTL_MS) / 1000), session.exp);
      const query = new URLSearchParams({
        expires: String(expires),
        user: session.sub,
        ver: String(session.ver),
        session: session.jti,
        sig: signer.sign('download', signed(pathname, expires, session)),
      });
      return { url: `${pathname}?${query}`, downloadUrl: `${pathname}?${query}&download=1` };
    },

    /**
     * The user a request without a session speaks for through its link to `pathname` (null: nothing it could
     * sign): a valid signature, not expired, and a session still live. Otherwise a 401 saying what to do.
     */
    async holder(pathname: string | null, query: LinkQuery): Promise<UserRow> {
      if (query.expires === undefined && query.sig === undefined)
        throw new HttpError(401, API_MESSAGES.downloadLoginRequired);
      const session = signedSession(pathname, query);
      if (session === 'invalid') throw new HttpError(401, API_MESSAGES.downloadLinkInvalid);
      if (Number(query.expires) * 1000 < clock().getTime())
        throw new HttpError(401, API_MESSAGES.downloadLinkExpired);
      const user = await findSessionUser(db, session);
      if (!user) throw new HttpError(401, API_MESSAGES.downloadLinkEnded);
      return user;
    },
  };
}

export type DownloadLinks = ReturnType<typeof createDownloadLinks>;
