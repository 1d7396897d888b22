/**
 * Password reset (product §7; docs/security.md items 5, 12–15, 36, 51): forgot-password answers the same whatever
 * the address; a link works once, ends every session and lifts whatever locked the account.
 */
import { emailBody, messageReply, resetPasswordBody, resetTokenParams } from '@studyhub/contract/schemas';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Clock } from '../lib/clock';
import type { MailDelivery } from '../services/mailer';
import type { AccountMail } from '../services/account-mail';
import type { Audit } from '../services/audit';
import type { LoginThrottle } from '../services/login-throttle';
import { HttpError } from '../http-errors';
import { MAILS } from '../mails';
import { API_MESSAGES } from '../messages';
import { replies, type FastifyZod } from '../plugins/contract';
import { findUsablePasswordReset, usePasswordReset } from '../repositories/password-resets';
import { hashPassword } from '../lib/passwords';
import { sha256 } from '../lib/secrets';
import { anonymousRoute } from './route-limits';

/** What the password reset routes use. */
export interface PasswordResetRoutesOptions {
  db: Kysely<Database>;
  clock: Clock;
  mail: MailDelivery;
  accountMail: AccountMail;
  audit: Audit;
  throttle: LoginThrottle;
  /** Multiplies the per-IP rate limits (route-limits.ts). */
  rateLimitFactor: number;
}

export async function passwordResetRoutes(
  app: FastifyZod,
  { db, clock, mail, accountMail, audit, throttle, rateLimitFactor }: PasswordResetRoutesOptions,
): Promise<void> {
  const forgotRoute = {
    ...anonymousRoute(rateLimitFactor, 'forgotPassword'),
    schema: {
      summary: 'Mail a password reset link',
      body: emailBody,
      response: replies({ 200: messageReply }),
    },
  };
  app.post('/api/auth/forgot-password', forgotRoute, async (request) => {
    const user = await accountMail.resetLink(request.body.email, request.ip);
    if (user) await audit({ action: 'auth.password-reset.requested', actorId: user.id, ip: request.ip });
    return { message: API_MESSAGES.resetLinkSent };
  });

  const resetRoute = {
    ...anonymousRoute(rateLimitFactor, 'resetPassword'),
    schema: {
      summary: 'Set a new password with a reset link',
      params: resetTokenParams,
      body: resetPasswordBody,
      response: replies({ 200: messageReply }),
    },
  };
  app.post('/api/auth/reset-password/:token', resetRoute, async (request) => {
    const { params, body } = request;
    const nowIso = clock().toISOString();
    const reset = await findUsablePasswordReset(db, sha256(params.token), nowIso);
    if (!reset) throw new HttpError(400, API_MESSAGES.resetInvalid);
    const passwordHash = await hashPassword(body.password);
    // Null when a concurrent request used the link first.
    const user = await usePasswordReset(db, reset, passwordHash, nowIso);
    if (!user) throw new HttpError(400, API_MESSAGES.resetInvalid);
    // The owner proved the mailbox: whatever locked the account is lifted (item 36).
    await throttle.clearAccount(user.email);
    mail.send(MAILS.passwordChanged(user.email, user.name));
    await audit({ action: 'auth.password-reset.completed', actorId: user.id, ip: request.ip });
    return { message: API_MESSAGES.resetDone };
  });
}
