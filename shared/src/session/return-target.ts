/**
 * "Come back here after signing in" (decision 017). Whoever sends a visitor to the login page puts the page to
 * return to in the login entry's navigation state (`loginStateReturningTo`); the sign-in flows read it back
 * with `returnTargetFrom` and go there instead of product §4's Home. The URL stays product §2's
 * /login?reason=unauthorized&t=…, and the target is re-checked on reading, as if an attacker had written it:
 * only a path of this site, never another origin, a script URL or a sign-in page; anything else means Home.
 */
import { PATHS } from '@studyhub/contract';

export interface ReturnTarget {
  /** A path of this site, with its query and hash. */
  path: string;
  /** The navigation state that page needs (the subject page's branch, year and semester). */
  state?: unknown;
}

/** No page of the site has a path near this long; a longer value is not a page we sent anyone from. */
export const MAX_RETURN_PATH_LENGTH = 2048;

/** Returning to these would loop through sign-in again, or replay a one-time link. */
const SIGN_IN_PAGES = [PATHS.login, PATHS.register, PATHS.verifyOtp, PATHS.forgotPassword, '/reset-password'];

// Browsers drop tabs and newlines inside URLs ("/\t/evil.com" is "//evil.com") and read "\" as "/".
const UNSAFE_CHARACTER = /[\s\p{Cc}\p{Cf}\\]/u;
const BASE = 'https://studyhub.invalid';

function looksLikeSitePath(text: string): boolean {
  return text.startsWith('/') && !text.startsWith('//') && !text.startsWith('/\\');
}

/** `value` as a same-site path (normalised: "/a/../b" is "/b"), or null. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_RETURN_PATH_LENGTH) return null;
  if (!looksLikeSitePath(value) || UNSAFE_CHARACTER.test(value)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return null;
  }
  // "/%2F%2Fevil.com" is harmless to the router, but nothing of ours links there; whoever wrote it meant harm.
  if (!looksLikeSitePath(decoded) || /[\p{Cc}\\]/u.test(decoded)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const page = url.pathname.toLowerCase().replace(/\/+$/, '');
  if (SIGN_IN_PAGES.some((signIn) => page === signIn.toLowerCase() || page.startsWith(`${signIn}/`))) {
    return null;
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The navigation state of a login entry that brings the visitor back to `path` (with `state`) afterwards. */
export function loginStateReturningTo(path: string, state?: unknown): { returnTo: ReturnTarget } {
  return { returnTo: state === undefined || state === null ? { path } : { path, state } };
}

/** Where a sign-in read from its page's navigation state goes: the safe target it carries, or Home. */
export function returnTargetFrom(locationState: unknown): ReturnTarget {
  const carried =
    typeof locationState === 'object' && locationState !== null
      ? (locationState as { returnTo?: unknown }).returnTo
      : undefined;
  if (typeof carried !== 'object' || carried === null) return { path: PATHS.home };
  const { path, state } = carried as { path?: unknown; state?: unknown };
  const safe = safeReturnPath(path);
  if (safe === null) return { path: PATHS.home };
  return state === undefined || state === null ? { path: safe } : { path: safe, state };
}

/** The part of a sign-in page's state to hand on to the next sign-in page (login ↔ register ↔ code). */
export function carriedReturnState(locationState: unknown): { returnTo: ReturnTarget } | undefined {
  const target = returnTargetFrom(locationState);
  return target.path === PATHS.home && target.state === undefined ? undefined : { returnTo: target };
}
