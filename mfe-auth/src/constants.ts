/** Constants only mfe-auth uses (product §9 values; the shared ones are @studyhub/contract's). */
export const PASSWORD_STRENGTH_THRESHOLDS = [8, 12, 16] as const;
export const OTP_BLOCK_CHECK_INTERVAL_MS = 1_000;
export const REDIRECT_AFTER_LOGIN_MS = 1_000;
export const REDIRECT_AFTER_OTP_MS = 2_000;
export const REDIRECT_AFTER_RESET_MS = 1_500;
export const ERROR_BANNER_HIDE_MS = 4_000;
