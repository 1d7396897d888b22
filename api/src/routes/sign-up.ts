/**
 * Sign-up with an emailed code (product §7; decision 012; docs/security.md items 4, 8–11, 35, 39, 41, 51):
 * register stores a registration of its own and answers its handle; the code of that registration creates the
 * account. Register and resend do the same work and answer the same whatever the address's state
 * (services/account-mail.ts).
 */
import {
  blockedReply,
  messageReply,
  registerBody,
  registerReply,
  resendOtpBody,
  verifyOtpBody,
} from '@studyhub/contract/schemas';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Clock } from '../lib/clock';
import type { Registrations } from '../services/registrations';
import type { AccountMail } from '../services/account-mail';
import type { Audit } from '../services/audit';
import { isUniqueViolation } from '../db/database';
import { HttpError } from '../http-errors';
import { API_MESSAGES } from '../messages';
import { replies, type FastifyZod } from '../plugins/contract';
import { insertUser, type UserRow } from '../repositories/users';
import { hashPassword } from '../lib/passwords';
import { anonymousRoute } from './route-limits';

/** What the sign-up routes use. */
export interface SignUpRoutesOptions {
  db: Kysely<Database>;
  clock: Clock;
  registrations: Registrations;
  accountMail: AccountMail;
  audit: Audit;
  /** Multiplies the per-IP rate limits (route-limits.ts). */
  rateLimitFactor: number;
}

export async function signUpRoutes(
  app: FastifyZod,
  { db, clock, registrations, accountMail, audit, rateLimitFactor }: SignUpRoutesOptions,
): Promise<void> {
  const registerRoute = {
    ...anonymousRoute(rateLimitFactor, 'register'),
    schema: {
      summary: 'Start a sign-up: mail a verification code',
      body: registerBody,
      response: replies({ 200: registerReply }),
    },
  };
  app.post('/api/auth/register', registerRoute, async (request) => {
    const { body } = request;
    // Hashed and stored whether or not the address has an account: the same work either way (item 39).
    const passwordHash = await hashPassword(body.password);
    const { registration, code } = await registrations.create({
      email: body.email,
      name: body.name,
      passwordHash,
    });
    await accountMail.signUpCode(body.email, code, request.ip);
    await audit({ action: 'auth.register', target: body.email, ip: request.ip });
    return { message: API_MESSAGES.registered, registration: registration.id };
  });

  const verifyRoute = {
    ...anonymousRoute(rateLimitFactor, 'verifyOtp'),
    schema: {
      summary: 'Verify the code and create the account',
      body: verifyOtpBody,
      response: replies({ 200: messageReply }),
    },
  };
  app.post('/api/auth/verify-otp', verifyRoute, async (request) => {
    const { body } = request;
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

  const resendRoute = {
    ...anonymousRoute(rateLimitFactor, 'resendOtp'),
    schema: {
      summary: 'Mail a new verification code',
      body: resendOtpBody,
      response: replies({ 200: messageReply, 403: blockedReply }),
    },
  };
  app.post('/api/auth/resend-otp', resendRoute, async (request, reply) => {
    const { body } = request;
    const verdict = await accountMail.resendCode(body.registration, body.email, request.ip);
    if (verdict.kind === 'blocked') {
      return reply.code(403).send({ message: API_MESSAGES.otpBlocked, unblockAt: verdict.unblockAt });
    }
    if (verdict.kind === 'cooldown') {
      return reply
        .code(429)
        .header('Retry-After', String(verdict.waitSeconds))
        .send({ message: API_MESSAGES.otpCooldown });
    }
    return { message: API_MESSAGES.otpResent };
  });
}
