/**
 * When an email's OTP block ends (ms since the epoch), kept in localStorage so a reload keeps the block
 * (product §4 "OTP resend and block").
 */
const PREFIX = 'studyhub.otpBlockedUntil:';

const keyOf = (email: string) => `${PREFIX}${email.trim().toLowerCase()}`;

/** The end of a block still running, or null; a block that has ended is forgotten. */
export function readOtpBlock(email: string, now: number = Date.now(), storage: Storage = localStorage) {
  const until = Number(storage.getItem(keyOf(email)));
  if (Number.isFinite(until) && until > now) return until;
  storage.removeItem(keyOf(email));
  return null;
}

export function writeOtpBlock(email: string, until: number, storage: Storage = localStorage): void {
  storage.setItem(keyOf(email), String(until));
}

export function clearOtpBlock(email: string, storage: Storage = localStorage): void {
  storage.removeItem(keyOf(email));
}
