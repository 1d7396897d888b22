/**
 * product §9 business constants and limits: the one place each value lives.
 * Durations are in milliseconds.
 */
export const NAME_LENGTH = { min: 3, max: 30 } as const;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_STRENGTH_THRESHOLDS = [8, 12, 16] as const;
export const OTP_LENGTH = 6;
export const OTP_RESEND_COOLDOWN_MS = 30_000;
export const OTP_MAX_RESENDS = 3;
export const OTP_BLOCK_DURATION_MS = 10 * 60_000;
export const OTP_BLOCK_CHECK_INTERVAL_MS = 1_000;

export const REDIRECT_AFTER_LOGIN_MS = 1_000;
export const REDIRECT_AFTER_OTP_MS = 2_000;
export const REDIRECT_AFTER_RESET_MS = 1_500;
export const REDIRECT_ON_ADMIN_SESSION_EXPIRY_MS = 1_800;
/** The users page logs the admin out this long after a 401 (product §8). */
export const LOGOUT_AFTER_USERS_SESSION_EXPIRY_MS = 5_000;
export const REDIRECT_ANONYMOUS_NOTE_CARD_MS = 1_500;
export const ERROR_BANNER_HIDE_MS = 4_000;

/** The frame's own toasts (product §2) close after 3 s; the container default is product §9's 5 s. */
export const FRAME_TOAST_AUTO_CLOSE_MS = 3_000;
export const UPLOAD_SUCCESS_TOAST_MS = 4_000;
export const UPLOAD_FAILURE_TOAST_MS = 3_000;
export const UPLOAD_TIMEOUT_MS = 10_000;
export const UPLOAD_PROGRESS_STEP = { percent: 10, everyMs: 300, upTo: 70 } as const;
export const UPLOAD_FORM_RESET_MS = 1_500;
export const CONTACT_SENT_STATE_MS = 3_000;
export const ROUTE_PROGRESS_MS = 100;

export const SYLLABUS_SEMESTER_SLOTS = 8;
/** The syllabus semesters, 1 … SYLLABUS_SEMESTER_SLOTS. */
export const SYLLABUS_SEMESTERS: readonly number[] = Array.from(
  { length: SYLLABUS_SEMESTER_SLOTS },
  (_, index) => index + 1,
);
export const UNITS_PER_SUBJECT = { min: 1, max: 7 } as const;
export const USERS_DATE_LOCALE = 'en-IN';
export const FOOTER_COPYRIGHT_YEAR = 2025;

/** react-toastify container defaults (product §9 "Notification defaults"). */
export const TOAST_DEFAULTS = {
  position: 'top-right',
  autoClose: 5_000,
  closeButton: true,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  draggable: 'touch',
  draggablePercent: 80,
  role: 'alert',
  theme: 'light',
  hotKey: 'Alt+T',
  stackSpacingPx: 12,
  widthPx: 320,
} as const;

/** localStorage keys (product §3), and the shell's release keys (issue 7, docs/operations.md). */
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
export const DOWNLOAD_COUNT_KEYS = {
  1: 'subjectDownloads',
  2: 'subjectDownloads2',
  3: 'subjectDownloads3',
  4: 'subjectDownloads4',
} as const;

export type Theme = 'dark' | 'light';
export const DEFAULT_THEME: Theme = 'dark';
/** Class set on <html> while the dark theme is on (product §4 "dark marker on the root element"). */
export const DARK_THEME_CLASS = 'dark';

export const ROLES = ['student', 'teacher', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const SUPPORT_EMAIL = 'support@studyhub.local';
