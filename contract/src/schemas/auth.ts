/**
 * Request and reply shapes of the auth, me and contact calls (product §7). The API validates with these and the
 * areas infer their types from them: there is no hand-written copy of the API's types.
 */
import { z } from 'zod';
import { ROLES } from '../constants';
import {
  EMAIL_MAX_LENGTH,
  emailField,
  lengthLimit,
  MESSAGE_MAX_LENGTH,
  multiLineTextField,
  nameField,
  newPasswordField,
  otpField,
  PASSWORD_MAX_LENGTH,
  VALIDATION,
} from './fields';

export const registerBody = z.object({ name: nameField, email: emailField, password: newPasswordField });
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.object({
  email: z
    .string({ error: VALIDATION.emailRequired })
    .trim()
    .max(...lengthLimit(EMAIL_MAX_LENGTH, VALIDATION.email))
    .min(1, VALIDATION.emailRequired)
    .transform((e) => e.toLowerCase()),
  password: z
    .string({ error: VALIDATION.passwordRequired })
    .max(...lengthLimit(PASSWORD_MAX_LENGTH, VALIDATION.passwordTooLong))
    .min(1, VALIDATION.passwordRequired),
});
export type LoginBody = z.input<typeof loginBody>;

/**
 * The id of one sign-up, which the register reply hands to the browser that made it. Verifying and resending
 * name it, so a code only ever confirms the registration (and password) it was mailed for (docs/security.md
 * item 35).
 */
export const registrationField = z
  .string({ error: VALIDATION.registration })
  .max(...lengthLimit(64, VALIDATION.registration))
  .min(1, VALIDATION.registration);

export const registerReply = z.object({ message: z.string(), registration: z.string() });
export type RegisterReply = z.infer<typeof registerReply>;

export const verifyOtpBody = z.object({ email: emailField, otp: otpField, registration: registrationField });
export type VerifyOtpBody = z.input<typeof verifyOtpBody>;

export const resendOtpBody = z.object({ email: emailField, registration: registrationField });
export type ResendOtpBody = z.input<typeof resendOtpBody>;

export const emailBody = z.object({ email: emailField });
export type EmailBody = z.input<typeof emailBody>;

export const resetPasswordBody = z.object({ password: newPasswordField });
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

/** Reset tokens are 32 random bytes in base64url (43 characters). */
export const resetTokenParams = z.object({
  token: z
    .string()
    .max(...lengthLimit(43, 'Invalid or expired reset link.'))
    .regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid or expired reset link.'),
});

/**
 * product §7 sends name, email, googleId and avatar decoded on the client; the server ignores them and trusts only
 * the verified claims of `credential`, Google's ID token (docs/security.md item 20).
 */
export const googleBody = z.object({
  credential: z
    .string({ error: 'Google credential is missing.' })
    .min(1, 'Google credential is missing.')
    .max(...lengthLimit(8192, 'Google credential is too long.')),
  name: z.string().max(200).optional(),
  email: z.string().max(320).optional(),
  googleId: z.string().max(200).optional(),
  avatar: z.string().max(2048).optional(),
});
export type GoogleBody = z.input<typeof googleBody>;

export const contactBody = z.object({
  name: z.string().trim().max(200).optional(),
  email: z.string().trim().max(320).optional(),
  message: multiLineTextField(MESSAGE_MAX_LENGTH, {
    required: VALIDATION.message,
    tooLong: VALIDATION.messageTooLong,
    characters: VALIDATION.messageCharacters,
  }),
});
export type ContactBody = z.input<typeof contactBody>;

export const roleSchema = z.enum(ROLES);

/** product §3 "User" as the API sends it. */
export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  isGoogle: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const messageReply = z.object({ message: z.string() });
export type MessageReply = z.infer<typeof messageReply>;

/** Every 4xx and 5xx of the API: bad input, access, limits (product §8); a 5xx says no more than its status. */
export const errorReply = messageReply.describe('What went wrong, in words the UI shows as they are.');

export const sessionReply = z.object({ message: z.string(), user: userSchema, token: z.string() });
export type SessionReply = z.infer<typeof sessionReply>;

/** 403 from resend-otp once the resends are used up (product §4). */
export const blockedReply = z.object({ message: z.string(), unblockAt: z.string() });
export type BlockedReply = z.infer<typeof blockedReply>;

export const meReply = z.object({ user: userSchema });
export type MeReply = z.infer<typeof meReply>;

/** What the browser needs to know about this server before sign-in (GET /api/config). */
export const siteConfigReply = z.object({
  googleClientId: z.string().nullable(),
  /** How long the admin upload waits before giving up (product §9's 10 s unless UPLOAD_TIMEOUT_S says otherwise). */
  uploadTimeoutMs: z.number(),
});
export type SiteConfigReply = z.infer<typeof siteConfigReply>;
