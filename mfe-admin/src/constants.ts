/** Constants only mfe-admin uses (product §9 values; the shared ones are @studyhub/contract's). */
export const REDIRECT_ON_ADMIN_SESSION_EXPIRY_MS = 1_800;
export const LOGOUT_AFTER_USERS_SESSION_EXPIRY_MS = 5_000;
export const UPLOAD_SUCCESS_TOAST_MS = 4_000;
export const UPLOAD_FAILURE_TOAST_MS = 3_000;
export const UPLOAD_PROGRESS_STEP = { percent: 10, everyMs: 300, upTo: 70 } as const;
export const UPLOAD_FORM_RESET_MS = 1_500;
export const USERS_DATE_LOCALE = 'en-IN';
