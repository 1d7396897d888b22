/**
 * Sign-up with an emailed code, sign-in, Google, password reset and logout (product §7; architecture §6; docs/security.md
 * items 1–20 and 35–39, 41).
 *
 * Replies never say whether an address has an account (items 4, 5, 39): register, resend and forgot-password do
 * the same work and answer the same whatever the account's state, and every mail leaves off the request path.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  emailBody,
  googleBody,
  loginBody,
  registerBody,
  resendOtpBody,
  resetPasswordBody,
  resetTokenParams,
  verifyOtpBody,
  type RegisterReply,
} from '@studyhub/shared/schemas';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../db/database';
import { HttpError, parse } from '../http-errors';
import { MAILS } from '../mails';
import { API_MESSAGES } from '../messages';
import { signedInUser } from '../plugins/authenticate';
import { isoAfter } from '../services/clock';
import { hashPassword, verifyPassword } from '../services/passwords';
import { newResetToken, sha256 } from '../services/secrets';
import { findUserByEmail, insertUser, toApiUser, type UserRow } from '../repositories/users';
import { BODY_LIMIT, rateLimit } from './route-limits';

export const RESET_TTL_MS = 30 * 60_000;

export async function authRoutes(app: FastifyInstance, { context }: { context: AppContext }): Promise<void> {
  const { db, clock, mail, mailQuota, registrations, config, audit, tokens, throttle } = context;

  const anonymous = (route: Parameters<typeof rateLimit>[1], bodyLimit: number = BODY_LIMIT.auth) => ({
    bodyLimit,
    config: { access: 'public' as const, rateLimit: rateLimit(context, route) },
  });

  async function issueSession(user: UserRow, message: string) {
    return { message, user: toApiUser(user), token: await tokens.sign(user.id, user.token_version) };
  }

  app.post('/api/auth/register', anonymous('register'), async (request): Promise<RegisterReply> => {
    const body = parse(registerBody, request.body);
    // Hashed and stored whether or not the address has an account: the same work either way (item 39).
    const passwordHash = await hashPassword(body.password);
    const { registration, code } = await registrations.create({
      email: body.email,
      name: body.name,
      passwordHash,
    });
    const owner = await findUserByEmail(db, body.email);
    // Registering again is a resend: the same rules and caps for every address (product §4; item 41). An owner
    // hears of it instead of getting a code (item 4), at most once per half hour.
    const mailAllowed = (await mailQuota.takeCode(body.email)).kind === 'send';
    if (mailAllowed && !owner) mail.send(MAILS.verificationCode(body.email, code));
    if (mailAllowed && owner && (await mailQuota.take('account-exists', owner.email))) {
      mail.send(MAILS.accountExists(owner.email, owner.name));
    }
    await audit({ action: 'auth.register', target: body.email, ip: request.ip });
    return { message: API_MESSAGES.registered, registration: registration.id };
  });

  app.post('/api/auth/verify-otp', anonymous('verifyOtp'), async (request) => {
    const body = parse(verifyOtpBody, request.body);
    const check = await registrations.checkCode(body.registration, body.email, body.otp);
    if (check.kind === 'too-many-tries') throw new HttpError(400, API_MESSAGES.tooManyOtpTries);
    if (check.kind === 'invalid') throw new HttpError(400, API_MESSAGES.invalidOtp);
    const { registration } = check;
    let user: UserRow;
    try {
      // The account gets the name and password of the registration whose code was verified (item 35).
      user = await insertUser(
        db,
        { name: registration.name, email: registration.email, passwordHash: registration.password_hash },
        clock(),
      );
    } catch (error) {
      // The address got an account meanwhile (another of its registrations, or Google).
      if (isUniqueViolation(error)) throw new HttpError(400, API_MESSAGES.invalidOtp);
      throw error;
    }
    await registrations.removeAll(user.email);
    await audit({ action: 'auth.verify-email', actorId: user.id, ip: request.ip });
    return { message: API_MESSAGES.verified };
  });

  app.post('/api/auth/resend-otp', anonymous('resendOtp'), async (request, reply) => {
    const body = parse(resendOtpBody, request.body);
    // The rules count per address, for every address alike: the reply cannot tell a pending sign-up from an
    // unknown or verified address (item 39).
    const verdict = await mailQuota.takeCode(body.email);
    if (verdict.kind === 'blocked') {
      return reply.code(403).send({ message: API_MESSAGES.otpBlocked, unblockAt: verdict.unblockAt });
    }
    if (verdict.kind === 'cooldown') {
      return reply
        .code(429)
        .header('Retry-After', String(verdict.waitSeconds))
        .send({ message: API_MESSAGES.otpCooldown });
    }
    const code = await registrations.renewCode(body.registration, body.email);
    const owner = await findUserByEmail(db, body.email);
    if (code && !owner) mail.send(MAILS.verificationCode(body.email, code));
    return { message: API_MESSAGES.otpResent };
  });

  app.post('/api/auth/login', anonymous('login'), async (request) => {
    const body = parse(loginBody, request.body);
    const user = await findUserByEmail(db, body.email);
    // Always hash, so unknown emails take as long as wrong passwords (item 3).
    const passwordOk = await verifyPassword(user?.password_hash ?? null, body.password);
    const locked = await throttle.isLocked(body.email, request.ip);
    if (!user || !passwordOk || locked) {
      if (!locked) await throttle.recordFailure(body.email, request.ip);
      await audit({
        action: 'auth.login.failure',
        actorId: user?.id ?? null,
        target: body.email,
        ip: request.ip,
      });
      throw new HttpError(401, API_MESSAGES.loginFailed);
    }
    await throttle.recordSuccess(body.email, request.ip);
    await audit({ action: 'auth.login.success', actorId: user.id, ip: request.ip });
    return issueSession(user, API_MESSAGES.loggedIn);
  });

  app.post('/api/auth/google', anonymous('google', BODY_LIMIT.google), async (request) => {
    if (!context.google) throw new HttpError(404, API_MESSAGES.googleNotConfigured);
    const body = parse(googleBody, request.body);
    const identity = await context.google(body.credential);
    if (!identity) throw new HttpError(401, API_MESSAGES.googleInvalid);
    let user = await db
      .selectFrom('users')
      .selectAll()
      .where('google_sub', '=', identity.sub)
      .executeTakeFirst();
    if (!user) {
      // Linking or creating needs Google to vouch for the email (item 20).
      if (!identity.emailVerified) throw new HttpError(401, API_MESSAGES.googleEmailUnverified);
      const sameEmail = await findUserByEmail(db, identity.email);
      if (sameEmail) {
        // Never moves an account to another Google user.
        if (sameEmail.google_sub) throw new HttpError(401, API_MESSAGES.googleEmailUnverified);
        const linked = { google_sub: identity.sub, is_google: 1 };
        await db
          .updateTable('users')
          .set({ ...linked, updated_at: clock().toISOString() })
          .where('id', '=', sameEmail.id)
          .execute();
        user = { ...sameEmail, ...linked };
      } else {
        user = await insertUser(
          db,
          { name: identity.name, email: identity.email, passwordHash: null, googleSub: identity.sub },
          clock(),
        );
        // Sign-ups waiting for this address were typed by someone who never proved it; Google just did.
        await registrations.removeAll(identity.email);
      }
    }
    await audit({ action: 'auth.login.google', actorId: user.id, ip: request.ip });
    return issueSession(user, API_MESSAGES.googleLoggedIn);
  });

  app.post('/api/auth/forgot-password', anonymous('forgotPassword'), async (request) => {
    const body = parse(emailBody, request.body);
    // Counted for every address alike; the link is made and mailed only for an account (items 5, 39, 41).
    const allowed = await mailQuota.take('password-reset', body.email);
    const user = await findUserByEmail(db, body.email);
    if (user && allowed) {
      const token = newResetToken();
      await db
        .insertInto('password_resets')
        .values({
          id: randomUUID(),
          user_id: user.id,
          token_hash: sha256(token),
          expires_at: isoAfter(clock, RESET_TTL_MS),
          used_at: null,
          created_at: clock().toISOString(),
        })
        .execute();
      // Built from PUBLIC_URL, never from the request's Host header (item 14).
      mail.send(MAILS.resetLink(user.email, user.name, `${config.publicUrl}/reset-password/${token}`));
      await audit({ action: 'auth.password-reset.requested', actorId: user.id, ip: request.ip });
    }
    return { message: API_MESSAGES.resetLinkSent };
  });

  app.post('/api/auth/reset-password/:token', anonymous('resetPassword'), async (request) => {
    const { token } = parse(resetTokenParams, request.params);
    const body = parse(resetPasswordBody, request.body);
    const nowIso = clock().toISOString();
    const reset = await db
      .selectFrom('password_resets')
      .selectAll()
      .where('token_hash', '=', sha256(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', nowIso)
      .executeTakeFirst();
    if (!reset) throw new HttpError(400, API_MESSAGES.resetInvalid);
    const passwordHash = await hashPassword(body.password);
    const user = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('password_resets')
        .set({ used_at: nowIso })
        .where('id', '=', reset.id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw new HttpError(400, API_MESSAGES.resetInvalid);
      // Every other outstanding link of this user dies too, and every session token (item 15).
      await trx
        .updateTable('password_resets')
        .set({ used_at: nowIso })
        .where('user_id', '=', reset.user_id)
        .where('used_at', 'is', null)
        .execute();
      await trx
        .updateTable('users')
        .set((eb) => ({
          password_hash: passwordHash,
          token_version: eb('token_version', '+', 1),
          updated_at: nowIso,
        }))
        .where('id', '=', reset.user_id)
        .execute();
      return trx.selectFrom('users').selectAll().where('id', '=', reset.user_id).executeTakeFirstOrThrow();
    });
    // The owner proved the mailbox: whatever locked the account is lifted (item 36).
    await throttle.clearAccount(user.email);
    mail.send(MAILS.passwordChanged(user.email, user.name));
    await audit({ action: 'auth.password-reset.completed', actorId: user.id, ip: request.ip });
    return { message: API_MESSAGES.resetDone };
  });

  /**
   * Ends this session only: the token stops working at once on every replica (item 38). Other devices stay
   * signed in; a password reset signs out everywhere.
   */
  app.post('/api/auth/logout', { config: { access: 'signed-in' } }, async (request) => {
    const user = signedInUser(request);
    await tokens.revoke(request.session!);
    await audit({ action: 'auth.logout', actorId: user.id, ip: request.ip });
    return { message: API_MESSAGES.loggedOut };
  });
}
