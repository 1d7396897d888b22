/**
 * The digest mail's unfollow links (decision 039): a token that names one user and the subjects it stops, signed
 * for the purpose `unfollow` only (lib/signatures.ts), so neither a session, a download link nor a report token is
 * one, and it is none of them. It lives 90 days, since mails are read late, and needs no session: whoever holds
 * the mail may stop its mails about those subjects, and nothing else. Each subject's link in a mail names that
 * subject; the mail's one-click unsubscribe (RFC 8058) names every subject of the mail, since a mail client's
 * Unsubscribe means the whole mail.
 *
 * `<expiry in s>~<user id>~<subject code>[,<subject code>…]~<signature>`: `~` and `,` appear in no id or code.
 */
import { FOLLOWS_MAX } from '@studyhub/contract/schemas';
import type { Clock } from '../lib/clock';
import { createSigner } from '../lib/signatures';

export const UNFOLLOW_LINK_TTL_MS = 90 * 86_400_000;

const USER_ID = /^[\w-]{1,64}$/;
const SUBJECT_CODE = /^[\w().-]{1,40}$/;

export interface UnfollowTarget {
  userId: string;
  /** One or more codes, each once: at most as many as a user may follow, so a digest's link names them all. */
  subjectCodes: readonly string[];
}

export interface UnfollowLinks {
  /** A token naming the user and subjects, good for UNFOLLOW_LINK_TTL_MS. */
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
  const signed = (expires: string, userId: string, codes: string) => `${expires}:${userId}:${codes}`;
  const withToken = (path: string, token: string) => `${publicUrl}${path}?${new URLSearchParams({ token })}`;

  return {
    token({ userId, subjectCodes }) {
      const expires = String(Math.floor((clock().getTime() + UNFOLLOW_LINK_TTL_MS) / 1000));
      const codes = subjectCodes.join(',');
      return [expires, userId, codes, signer.sign('unfollow', signed(expires, userId, codes))].join('~');
    },
    pageUrl: (token) => withToken('/unfollow', token),
    oneClickUrl: (token) => withToken('/api/follows/unfollow', token),
    read(token) {
      const [expires, userId, codes, signature, ...rest] = token.split('~');
      if (expires === undefined || userId === undefined || codes === undefined || signature === undefined)
        return null;
      if (rest.length > 0 || !/^\d{1,12}$/.test(expires) || !USER_ID.test(userId)) return null;
      const subjectCodes = codes.split(',');
      if (subjectCodes.length > FOLLOWS_MAX || new Set(subjectCodes).size !== subjectCodes.length)
        return null;
      if (!subjectCodes.every((code) => SUBJECT_CODE.test(code))) return null;
      if (!signer.verifies('unfollow', signed(expires, userId, codes), signature)) return null;
      return Number(expires) * 1000 < clock().getTime() ? null : { userId, subjectCodes };
    },
  };
}
