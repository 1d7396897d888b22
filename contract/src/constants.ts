/**
 * product §9 business constants and limits: the one place each value lives.
 * Durations are in milliseconds.
 */
export const NAME_LENGTH = { min: 3, max: 30 } as const;
export const PASSWORD_MIN_LENGTH = 8;

export const OTP_LENGTH = 6;
export const OTP_RESEND_COOLDOWN_MS = 30_000;
export const OTP_MAX_RESENDS = 3;
export const OTP_BLOCK_DURATION_MS = 10 * 60_000;

/** The users page logs the admin out this long after a 401 (product §8). */

/** The frame's own toasts (product §2) close after 3 s; the container default is product §9's 5 s. */
export const FRAME_TOAST_AUTO_CLOSE_MS = 3_000;

export const UPLOAD_TIMEOUT_MS = 10_000;

export const SYLLABUS_SEMESTER_SLOTS = 8;
/** The syllabus semesters, 1 … SYLLABUS_SEMESTER_SLOTS. */
export const SYLLABUS_SEMESTERS: readonly number[] = Array.from(
  { length: SYLLABUS_SEMESTER_SLOTS },
  (_, index) => index + 1,
);

/** localStorage keys (product §3), and the shell's release keys (decision 008, docs/operations.md). */
export const STORAGE_KEYS = {
  user: 'user',
  token: 'token',
  theme: 'theme',
  /** This browser's stable random id, which decides whether it is in an area's canary when signed out. */
  canaryId: 'canaryId',
  /** The released area versions an admin is trying in this browser: {"notes": "1.0.0-…"}. */
  areaVersions: 'areaVersions',
} as const;

/** Per-year subject card lists with their local download counts (product §3), indexed by year number. */

/** Class set on <html> while the dark theme is on (product §4 "dark marker on the root element"). */
export const DARK_THEME_CLASS = 'dark';

/** Attribute the page boot script sets on <html> when a session is stored, before any of our JavaScript runs. */
export const SIGNED_IN_ATTRIBUTE = 'data-signed-in';

export const ROLES = ['student', 'teacher', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const SUPPORT_EMAIL = 'support@studyhub.local';
