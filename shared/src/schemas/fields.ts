import { z } from 'zod';
import { NAME_LENGTH, OTP_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';

/** SPEC §5: text, at sign, text, dot, text, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Long enough for any passphrase (SECURITY.md item 2), short enough that hashing stays cheap. */
export const PASSWORD_MAX_LENGTH = 256;
export const EMAIL_MAX_LENGTH = 254;
export const MESSAGE_MAX_LENGTH = 5000;

export const VALIDATION = {
  name: 'Name must be at least 3 characters.',
  nameTooLong: `Name must be at most ${NAME_LENGTH.max} characters.`,
  email: 'Enter a valid email address.',
  password: 'Password must be at least 8 characters long.',
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  passwordMismatch: 'Passwords do not match.',
  passwordRequired: 'Password is required.',
  emailRequired: 'Email is required.',
  otp: 'Please enter all 6 digits of the OTP.',
  message: 'Please write a message.',
  messageTooLong: `Message must be at most ${MESSAGE_MAX_LENGTH} characters.`,
} as const;

/** Emails are compared and stored in lower case, so case variants are one account (SECURITY.md item 6). */
export const emailField = z
  .string({ error: VALIDATION.email })
  .trim()
  .max(EMAIL_MAX_LENGTH, VALIDATION.email)
  .regex(EMAIL_PATTERN, VALIDATION.email)
  .transform((email) => email.toLowerCase());

export const nameField = z
  .string({ error: VALIDATION.name })
  .trim()
  .min(NAME_LENGTH.min, VALIDATION.name)
  .max(NAME_LENGTH.max, VALIDATION.nameTooLong);

/** Any characters, no composition rules, never trimmed or truncated (SECURITY.md item 2). */
export const newPasswordField = z
  .string({ error: VALIDATION.password })
  .min(PASSWORD_MIN_LENGTH, VALIDATION.password)
  .max(PASSWORD_MAX_LENGTH, VALIDATION.passwordTooLong);

export const otpField = z
  .string({ error: VALIDATION.otp })
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), VALIDATION.otp);
