import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '@studyhub/contract';

/** A 6-digit code from the CSPRNG (docs/security.md item 7). */
export function newOtpCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/** Codes are few, so they are keyed with the server secret: a stolen table cannot be brute-forced offline. */
export function hashOtp(code: string, secret: string, userId: string): string {
  return createHmac('sha256', secret).update(`${userId}:${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** 256 random bits, base64url (43 characters; docs/security.md item 13). */
export function newResetToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Whether `given` is `secret`, in a time that depends on neither where they differ nor their lengths: both are
 * hashed to 32 bytes first, then compared in constant time.
 */
export function sameSecret(given: string, secret: string): boolean {
  return sameHash(sha256(given), sha256(secret));
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
