/**
 * Sign-up with an emailed code, sign-in, Google, password reset (SPEC §7; DESIGN §6; SECURITY.md 1–20).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { OTP_BLOCK_DURATION_MS, OTP_MAX_RESENDS, OTP_RESEND_COOLDOWN_MS } from '@studyhub/shared/constants';
import {
  emailBody,
  googleBody,
  loginBody,
  registerBody,
  resetPasswordBody,
  resetTokenParams,
  verifyOtpBody,
} from '@studyhub/shared/schemas';
import type { AppContext } from '../context';
import { HttpError, parse } from '../http-errors';
import { API_MESSAGES } from '../messages';
import { isoAfter } from '../services/clock';
import { hashPassword, verifyPassword } from '../services/passwords';
import { hashOtp, newOtpCode, newResetToken, sameHash, sha256 } from '../services/secrets';
import { findUserByEmail, insertUser, toApiUser, type UserRow } from '../users';
import { BODY_LIMIT, rateLimit } from './route-limits';

export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_TRIES = 5;
export const RESET_TTL_MS = 30 * 60_000;

export async function authRoutes(app: FastifyInstance, { context }: { context: AppContext }): Promise<void> {
  const { db, clock, mailer, config, audit, tokens } = context;

  async function sendVerificationCode(user: UserRow): Promise<void> {
    const code = newOtpCode();
    const values = {
      code_hash: hashOtp(code, config.jwtSecret, user.id),
      expires_at: isoAfter(clock, OTP_TTL_MS),
      attempts: 0,
      consumed_at: null,
      sent_at: clock().toISOString(),
    };
    // One live code per user: a new one replaces the old, which stops working at once (SECURITY.md item 11).
    await db
      .insertInto('otp_codes')
      .values({
        id: randomUUID(),
        user_id: user.id,
        purpose: 'verify-email',
        resends: 0,
        blocked_until: null,
        ...values,
      })
      .onConflict((conflict) => conflict.columns(['user_id', 'purpose']).doUpdateSet(values))
      .execute();
    await mailer.send({
      to: user.email,
      subject: 'Your StudyHub verification code',
      text: `Hello ${user.name},\n\nYour StudyHub verification code is ${code}.\nIt is valid for 10 minutes. If you did not sign up, ignore this mail.\n`,
    });
  }

  type ResendOutcome =
    { kind: 'sent' } | { kind: 'cooldown'; waitSeconds: number } | { kind: 'blocked'; unblockAt: string };

  /**
   * Another code for an unverified account, within SPEC §4's rules: 30 s apart, three resends, then blocked for
   * ten minutes, after which the count starts over. Registering again goes through here too, so it cannot be
   * used to get around these rules.
   */
  async function resendCode(user: UserRow): Promise<ResendOutcome> {
    const code = await db
      .selectFrom('otp_codes')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('purpose', '=', 'verify-email')
      .executeTakeFirst();
    const now = clock();
    if (code?.blocked_until && code.blocked_until > now.toISOString()) {
      return { kind: 'blocked', unblockAt: code.blocked_until };
    }
    const resends = code?.blocked_until ? 0 : (code?.resends ?? 0);
    if (code && resends >= OTP_MAX_RESENDS) {
      const unblockAt = isoAfter(clock, OTP_BLOCK_DURATION_MS);
      await db.updateTable('otp_codes').set({ blocked_until: unblockAt }).where('id', '=', code.id).execute();
      return { kind: 'blocked', unblockAt };
    }
    const sinceLast = code ? now.getTime() - Date.parse(code.sent_at) : Infinity;
    if (code && !code.blocked_until && sinceLast < OTP_RESEND_COOLDOWN_MS) {
      return { kind: 'cooldown', waitSeconds: Math.ceil((OTP_RESEND_COOLDOWN_MS - sinceLast) / 1000) };
    }
    await sendVerificationCode(user);
    await db
      .updateTable('otp_codes')
      .set({ resends: resends + 1, blocked_until: null })
      .where('user_id', '=', user.id)
      .where('purpose', '=', 'verify-email')
      .execute();
    return { kind: 'sent' };
  }

  async function issueSession(user: UserRow, message: string) {
    return { message, user: toApiUser(user), token: await tokens.sign(user.id, user.token_version) };
  }

  app.post(
    '/api/auth/register',
    { bodyLimit: BODY_LIMIT.auth, config: { access: 'public', rateLimit: rateLimit(context, 'register') } },
    async (request) => {
      const body = parse(registerBody, request.body);
      const existing = await findUserByEmail(db, body.email);
      // The same reply whether or not the email is taken (SECURITY.md item 4).
      const reply = { message: API_MESSAGES.registered };
      if (existing?.is_verified) {
        await mailer.send({
          to: existing.email,
          subject: 'Someone tried to register with your email',
          text: `Hello ${existing.name},\n\nSomeone tried to create a StudyHub account with this email. You already have one: log in, or reset your password if you forgot it. If this was not you, ignore this mail.\n`,
        });
        return reply;
      }
      if (existing) {
        // An unverified account keeps the password it was created with: otherwise whoever registers the
        // address second would own the account its owner then verifies. Its owner can still reset the password.
        await resendCode(existing);
        return reply;
      }
      const passwordHash = await hashPassword(body.password);
      const user = await insertUser(
        db,
        { name: body.name, email: body.email, passwordHash, verified: false },
        clock(),
      );
      await sendVerificationCode(user);
      await audit({ action: 'auth.register', actorId: user.id, ip: request.ip });
      return reply;
    },
  );

  app.post(
    '/api/auth/verify-otp',
    { bodyLimit: BODY_LIMIT.auth, config: { access: 'public', rateLimit: rateLimit(context, 'verifyOtp') } },
    async (request) => {
      const body = parse(verifyOtpBody, request.body);
      const user = await findUserByEmail(db, body.email);
      const code = user
        ? await db
            .selectFrom('otp_codes')
            .selectAll()
            .where('user_id', '=', user.id)
            .where('purpose', '=', 'verify-email')
            .executeTakeFirst()
        : undefined;
      const now = clock().toISOString();
      if (!user || !code || user.is_verified || code.consumed_at !== null || code.expires_at <= now) {
        throw new HttpError(400, API_MESSAGES.invalidOtp);
      }
      // The try counter rises before the comparison, so parallel guesses cannot exceed the cap (item 10).
      const counted = await db
        .updateTable('otp_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', code.id)
        .where('attempts', '<', OTP_MAX_TRIES)
        .returning(['attempts'])
        .executeTakeFirst();
      if (!counted) throw new HttpError(400, API_MESSAGES.tooManyOtpTries);
      if (!sameHash(hashOtp(body.otp, config.jwtSecret, user.id), code.code_hash)) {
        throw new HttpError(
          400,
          counted.attempts >= OTP_MAX_TRIES ? API_MESSAGES.tooManyOtpTries : API_MESSAGES.invalidOtp,
        );
      }
      // Single use: only one of two concurrent verifies can flip consumed_at (item 9).
      const consumed = await db
        .updateTable('otp_codes')
        .set({ consumed_at: now })
        .where('id', '=', code.id)
        .where('consumed_at', 'is', null)
        .where('code_hash', '=', code.code_hash)
        .executeTakeFirst();
      if (Number(consumed.numUpdatedRows) !== 1) throw new HttpError(400, API_MESSAGES.invalidOtp);
      await db
        .updateTable('users')
        .set({ is_verified: 1, updated_at: now })
        .where('id', '=', user.id)
        .execute();
      await audit({ action: 'auth.verify-email', actorId: user.id, ip: request.ip });
      return { message: API_MESSAGES.verified };
    },
  );

  app.post(
    '/api/auth/resend-otp',
    { bodyLimit: BODY_LIMIT.auth, config: { access: 'public', rateLimit: rateLimit(context, 'resendOtp') } },
    async (request, reply) => {
      const body = parse(emailBody, request.body);
      const user = await findUserByEmail(db, body.email);
      // Verified or unknown accounts get the success reply and no mail.
      if (!user || user.is_verified) return { message: API_MESSAGES.otpResent };
      const outcome = await resendCode(user);
      if (outcome.kind === 'blocked') {
        return reply.code(403).send({ message: API_MESSAGES.otpBlocked, unblockAt: outcome.unblockAt });
      }
      if (outcome.kind === 'cooldown') {
        return reply
          .code(429)
          .header('Retry-After', String(outcome.waitSeconds))
          .send({ message: API_MESSAGES.otpCooldown });
      }
      return { message: API_MESSAGES.otpResent };
    },
  );

  app.post(
    '/api/auth/login',
    { bodyLimit: BODY_LIMIT.auth, config: { access: 'public', rateLimit: rateLimit(context, 'login') } },
    async (request) => {
      const body = parse(loginBody, request.body);
      const user = await findUserByEmail(db, body.email);
      // Always hash, so unknown emails take as long as wrong passwords (SECURITY.md item 3).
      const passwordOk = await verifyPassword(user?.password_hash ?? null, body.password);
      const locked = await context.throttle.isLocked(body.email, request.ip);
      if (!user || !passwordOk || !user.is_verified || locked) {
        if (!locked) await context.throttle.recordFailure(body.email, request.ip);
        await audit({
          action: 'auth.login.failure',
          actorId: user?.id ?? null,
          target: body.email,
          ip: request.ip,
        });
        throw new HttpError(401, API_MESSAGES.loginFailed);
      }
      await context.throttle.recordSuccess(body.email);
      await audit({ action: 'auth.login.success', actorId: user.id, ip: request.ip });
      return issueSession(user, API_MESSAGES.loggedIn);
    },
  );

  app.post(
    '/api/auth/google',
    { bodyLimit: BODY_LIMIT.google, config: { access: 'public', rateLimit: rateLimit(context, 'google') } },
    async (request) => {
      if (!context.google) throw new HttpError(404, API_MESSAGES.googleNotConfigured);
      const body = parse(googleBody, request.body);
      const identity = await context.google(body.credential);
      if (!identity) throw new HttpError(401, API_MESSAGES.googleInvalid);
      const now = clock();
      let user = await db
        .selectFrom('users')
        .selectAll()
        .where('google_sub', '=', identity.sub)
        .executeTakeFirst();
      if (!user) {
        const sameEmail = await findUserByEmail(db, identity.email);
        if (sameEmail) {
          // Linking needs Google to vouch for the email, and never moves an account to another Google user (item 20).
          if (!identity.emailVerified || sameEmail.google_sub)
            throw new HttpError(401, API_MESSAGES.googleEmailUnverified);
          // An unverified account's password was set by whoever typed the email, not proven by its owner: keep it,
          // and that person could log in to the account Google just vouched for (pre-registration hijack).
          const linked = {
            google_sub: identity.sub,
            is_google: 1,
            is_verified: 1,
            password_hash: sameEmail.is_verified ? sameEmail.password_hash : null,
          };
          await db
            .updateTable('users')
            .set({ ...linked, updated_at: now.toISOString() })
            .where('id', '=', sameEmail.id)
            .execute();
          user = { ...sameEmail, ...linked };
        } else {
          if (!identity.emailVerified) throw new HttpError(401, API_MESSAGES.googleEmailUnverified);
          user = await insertUser(
            db,
            {
              name: identity.name,
              email: identity.email,
              passwordHash: null,
              verified: true,
              googleSub: identity.sub,
            },
            now,
          );
        }
      }
      await audit({ action: 'auth.login.google', actorId: user.id, ip: request.ip });
      return issueSession(user, API_MESSAGES.googleLoggedIn);
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      bodyLimit: BODY_LIMIT.auth,
      config: { access: 'public', rateLimit: rateLimit(context, 'forgotPassword') },
    },
    async (request) => {
      const body = parse(emailBody, request.body);
      const user = await findUserByEmail(db, body.email);
      // Same reply for every email; nothing is stored for unknown ones (SECURITY.md item 5).
      if (user) {
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
        const link = `${config.publicUrl}/reset-password/${token}`;
        await mailer.send({
          to: user.email,
          subject: 'Reset your StudyHub password',
          text: `Hello ${user.name},\n\nOpen this link to set a new password (valid for 30 minutes, once):\n${link}\n\nIf you did not ask for this, ignore this mail; your password stays as it is.\n`,
        });
        await audit({ action: 'auth.password-reset.requested', actorId: user.id, ip: request.ip });
      }
      return { message: API_MESSAGES.resetLinkSent };
    },
  );

  app.post(
    '/api/auth/reset-password/:token',
    {
      bodyLimit: BODY_LIMIT.auth,
      config: { access: 'public', rateLimit: rateLimit(context, 'resetPassword') },
    },
    async (request) => {
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
        // Every other outstanding link of this user dies too, and every session token (SECURITY.md item 15).
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
            is_verified: 1,
            token_version: eb('token_version', '+', 1),
            updated_at: nowIso,
          }))
          .where('id', '=', reset.user_id)
          .execute();
        return trx.selectFrom('users').selectAll().where('id', '=', reset.user_id).executeTakeFirstOrThrow();
      });
      await mailer.send({
        to: user.email,
        subject: 'Your StudyHub password was changed',
        text: `Hello ${user.name},\n\nYour StudyHub password was just reset and every signed-in device was signed out. If this was not you, reset it again at once and contact us.\n`,
      });
      await audit({ action: 'auth.password-reset.completed', actorId: user.id, ip: request.ip });
      return { message: API_MESSAGES.resetDone };
    },
  );
}
