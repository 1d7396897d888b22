import type { AppContext } from '../context';

/** Per-IP limits on the routes SECURITY.md item 29 names: requests per minute. */
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
} as const;

export function rateLimit(context: AppContext, route: keyof typeof PER_MINUTE) {
  return { max: PER_MINUTE[route] * context.rateLimitFactor, timeWindow: 60_000 };
}
