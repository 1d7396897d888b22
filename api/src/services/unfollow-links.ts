/**
 * The digest mail's unfollow links (decision 039): a token that names one user and one subject, signed for the
 * purpose `unfollow` only (lib/signatures.ts), so neither a session, a download link nor a report token is one, and
 * it is none of them. It lives 90 days, since mails are read late, and needs no session: whoever holds the mail
 * may stop its mails about that subject, and nothing else.
 *
 * `<expiry in s>~<user id>~<subject code>~<signature>`: `~` appears in no id or code.
 */
import type { Clock } from '../lib/clock';
import { createSigner } from '../lib/signatures';

export const UNFOLLOW_LINK_TTL_MS = 90 * 86_400_000;

const USER_ID = /^[\w-]{1,64}$/;
const SUBJECT_CODE = /^[\w().-]{1,40}$/;

export interface UnfollowTarget {
  userId: string;
  subjectCode: string;
}

export interface UnfollowLinks {
  /** A token naming the user and subject, good for UNFOLLOW_LINK_TTL_MS. */
  token(target: UnfollowTarget): string;
  /** The page a mail's link opens (`/unfollow?token=`), where the site confirms it. */
  pageUrl(token: string): string;
  /** The address a mail client's one-click unsubscribe posts to (RFC 8058). */
  oneClickUrl(token: string): string;
  /** What a token names, if it is an unexpired unfollow token of this server; null otherwise. */
  read(token: string): UnfollowTarget | null;
}

export function createUnfollowLinks(secret: string, clock: Clock, publicUrl: string): UnfollowLinks {
  const signer = createSigner(secret);
  const signed = (expires: string, { userId, subjectCode }: UnfollowTarget) =>
    `${expires}:${userId}:${subjectCode}`;
  const withToken = (path: string, token: string) => `${publicUrl}${path}?${new URLSearchParams({ token })}`;

  return {
    token(target) {
      const expires = String(Math.floor((clock().getTime() + UNFOLLOW_LINK_TTL_MS) / 1000));
      return [
        expires,
        target.userId,
        target.subjectCode,
        signer.sign('unfollow', signed(expires, target)),
      ].join('~');
    },
    pageUrl: (token) => withToken('/unfollow', token),
    oneClickUrl: (token) => withToken('/api/follows/unfollow', token),
    read(token) {
      const [expires, userId, subjectCode, signature, ...rest] = token.split('~');
      if (
        expires === undefined ||
        userId === undefined ||
        subjectCode === undefined ||
        signature === undefined
      )
        return null;
      if (rest.length > 0 || !/^\d{1,12}$/.test(expires)) return null;
      if (!USER_ID.test(userId) || !SUBJECT_CODE.test(subjectCode)) return null;
      const target = { userId, subjectCode };
      if (!signer.verifies('unfollow', signed(expires, target), signature)) return null;
      return Number(expires) * 1000 < clock().getTime() ? null : target;
    },
  };
}
