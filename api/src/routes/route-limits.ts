/** Per-IP limits on the routes docs/security.md item 29 names: requests per minute. */
const PER_MINUTE = {
  login: 10,
  register: 5,
  verifyOtp: 10,
  resendOtp: 5,
  forgotPassword: 5,
  resetPassword: 10,
  google: 10,
  contact: 5,
  upload: 30,
  /** A page load reports at most an open and a failure per area; a campus behind one address sends many. */
  areaReport: 60,
  /** A scraper asks every 15 s or so; a wrong token is not guessed at this pace. */
  metrics: 120,
  /** A student types, pauses, pages: the UI asks once a pause, well under one a second. */
  search: 120,
  /** A reader writes at most once every 15 s while pages turn (decision 039): a campus behind one address reads. */
  progress: 600,
  /** Bookmarks, follows and the semester: a tap each. */
  study: 120,
  /** The digest's unfollow link: mail providers' one-click requests come from few addresses. */
  unfollow: 60,
} as const;

/** A route's per-IP limit; `factor` multiplies it (tests raise it, except where limits themselves are tested). */
export function rateLimit(factor: number, route: keyof typeof PER_MINUTE) {
  return { max: PER_MINUTE[route] * factor, timeWindow: 60_000 };
}

/**
 * Largest JSON bodies, in bytes (docs/security.md item 34); bigger ones get 413 before they are read. The
 * anonymous routes take a few short fields: 4 KB holds a 256-character password even written as \uXXXX escapes.
 * A Google credential is a JWT of 1–2 KB plus the profile fields product §7 sends; a contact message is at most
 * 5,000 characters, up to 6 bytes each when escaped. Everything else keeps the server-wide 1 MB.
 */
export const BODY_LIMIT = {
  auth: 4 * 1024,
  google: 16 * 1024,
  contact: 32 * 1024,
  /** An area report is three short fields and a report token of at most REPORT_TOKEN_MAX_LENGTH (1 KB). */
  areaReport: 2 * 1024,
  /** An important question: at most 1,000 characters, 6 bytes each when escaped, and a dozen short sessions. */
  question: 16 * 1024,
  /** PROGRESS_BATCH_MAX pages read of about 150 bytes each, escaped at worst. */
  progress: 16 * 1024,
  /** A bookmark's note is at most 200 characters, 6 bytes each when escaped; the semester, a follow: a few bytes. */
  study: 4 * 1024,
  server: 1024 * 1024,
} as const;

/** Options of a route anyone may call: its per-IP rate limit and a small body limit. */
export function anonymousRoute(
  rateLimitFactor: number,
  route: keyof typeof PER_MINUTE,
  bodyLimit: number = BODY_LIMIT.auth,
) {
  return { bodyLimit, config: { access: 'public' as const, rateLimit: rateLimit(rateLimitFactor, route) } };
}
