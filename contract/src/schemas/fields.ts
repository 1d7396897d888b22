import { z } from 'zod';
import { NAME_LENGTH, OTP_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';

/** Long enough for any passphrase (docs/security.md item 2), short enough that hashing stays cheap. */
export const PASSWORD_MAX_LENGTH = 256;
export const EMAIL_MAX_LENGTH = 254;
export const MESSAGE_MAX_LENGTH = 5000;

export const VALIDATION = {
  name: 'Name must be at least 3 characters.',
  nameTooLong: `Name must be at most ${NAME_LENGTH.max} characters.`,
  nameCharacters: 'Name contains characters that are not allowed.',
  email: 'Enter a valid email address.',
  password: 'Password must be at least 8 characters long.',
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  passwordCharacters: 'Password contains characters that are not allowed.',
  passwordMismatch: 'Passwords do not match.',
  passwordRequired: 'Password is required.',
  emailRequired: 'Email is required.',
  otp: 'Please enter all 6 digits of the OTP.',
  registration: 'Sign-up not found. Please register again.',
  message: 'Please write a message.',
  messageTooLong: `Message must be at most ${MESSAGE_MAX_LENGTH} characters.`,
  messageCharacters: 'Message contains characters that are not allowed.',
} as const;

/**
 * A length check that stops validation when it fails, so no later check ever sees an oversized value: every
 * check after it is linear anyway, but a limit that runs first keeps it so (docs/security.md item 34).
 */
export function lengthLimit(max: number, message: string) {
  return [max, { error: message, abort: true }] as const;
}

/**
 * Characters no free-text field takes (docs/security.md item 43): control characters (multi-line text keeps tab
 * and line feed), line and paragraph separators, and format characters such as the bidi override U+202E, but not
 * the joiners U+200C/U+200D that Indic scripts and emoji need. Each pattern looks at one character at a time.
 */
const NOT_SINGLE_LINE_TEXT = /[\p{Cc}\p{Zl}\p{Zp}]|(?![\u200c\u200d])\p{Cf}/u;
const NOT_MULTI_LINE_TEXT = /(?![\t\n])\p{Cc}|[\p{Zl}\p{Zp}]|(?![\u200c\u200d])\p{Cf}/u;

/**
 * No lone surrogate, which would be stored as U+FFFD. String.prototype.isWellFormed does this, but older phone
 * browsers (before Chrome 111, Safari 16.4) lack it and this package runs there too.
 */
export function isWellFormed(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const unit = value.charCodeAt(index);
    if (unit < 0xd800 || unit > 0xdfff) continue;
    const next = value.charCodeAt(index + 1);
    if (unit > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return false;
    index += 1;
  }
  return true;
}

/** Well-formed text without the characters above. */
export function isPlainText(value: string, options: { multiLine?: boolean } = {}): boolean {
  const forbidden = options.multiLine ? NOT_MULTI_LINE_TEXT : NOT_SINGLE_LINE_TEXT;
  return isWellFormed(value) && !forbidden.test(value);
}

/**
 * product §5: text, at sign, text, dot, text, no spaces; checked in one pass. The pattern it replaces,
 * /^[^\s@]+@[^\s@]+\.[^\s@]+$/, backtracks: a 60 KB address kept the server busy for seconds (item 34).
 */
export function isEmailAddress(value: string): boolean {
  const at = value.indexOf('@');
  if (at < 1 || at !== value.lastIndexOf('@') || /\s/.test(value)) return false;
  const domain = value.slice(at + 1);
  // Some dot with text on both sides: the first dot after the domain's first character decides.
  const dot = domain.indexOf('.', 1);
  return dot > 0 && dot < domain.length - 1;
}

/** Emails are compared and stored in lower case, so case variants are one account (docs/security.md item 6). */
export const emailField = z
  .string({ error: VALIDATION.email })
  .trim()
  .max(...lengthLimit(EMAIL_MAX_LENGTH, VALIDATION.email))
  .refine((email) => isEmailAddress(email) && isPlainText(email), VALIDATION.email)
  .transform((email) => email.toLowerCase());

export const nameField = z
  .string({ error: VALIDATION.name })
  .trim()
  .max(...lengthLimit(NAME_LENGTH.max, VALIDATION.nameTooLong))
  .min(NAME_LENGTH.min, VALIDATION.name)
  .refine((name) => isPlainText(name), VALIDATION.nameCharacters);

/**
 * Any characters, no composition rules, never trimmed or truncated (docs/security.md item 2); only ill-formed
 * text is refused, because a lone surrogate would be hashed as U+FFFD and match other passwords.
 */
export const newPasswordField = z
  .string({ error: VALIDATION.password })
  .max(...lengthLimit(PASSWORD_MAX_LENGTH, VALIDATION.passwordTooLong))
  .min(PASSWORD_MIN_LENGTH, VALIDATION.password)
  .refine(isWellFormed, VALIDATION.passwordCharacters);

/**
 * Free text of several lines (a contact message, a rejection's reason): line breaks stored as \n whatever the
 * sender's system wrote, trimmed, required, at most `max` characters (a raw length four times that is refused
 * before any other check), plain text only (docs/security.md items 34, 43).
 */
export function multiLineTextField(
  max: number,
  messages: { required: string; tooLong: string; characters: string },
) {
  return z
    .string({ error: messages.required })
    .max(...lengthLimit(4 * max, messages.tooLong))
    .overwrite((text) => text.replace(/\r\n?/g, '\n'))
    .trim()
    .max(...lengthLimit(max, messages.tooLong))
    .min(1, messages.required)
    .refine((text) => isPlainText(text, { multiLine: true }), messages.characters);
}

export const otpField = z
  .string({ error: VALIDATION.otp })
  .max(...lengthLimit(OTP_LENGTH, VALIDATION.otp))
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), VALIDATION.otp);

/** The `{id}` of a user or a syllabus entry. Ids are UUIDs: a longer one finds nothing, so it is cut to a sane length. */
export const idParams = z.object({ id: z.string().transform((id) => id.slice(0, 64)) });
