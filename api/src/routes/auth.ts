/**
 * Sign-in with a password or Google, and logout (product §7; architecture §6; docs/security.md items 1–7, 16–20,
 * 36, 38). Sign-up is in sign-up.ts, password reset in password-reset.ts.
 */
import type { FastifyInstance } from 'fastify';
import { googleBody, loginBody } from '@studyhub/shared/schemas';
import type { AppContext } from '../context';
import { HttpError, parse } from '../http-errors';
import { API_MESSAGES } from '../messages';
import { signedInUser } from '../plugins/authenticate';
import { findUserByEmail, toApiUser, type UserRow } from '../repositories/users';
import { accountForGoogleIdentity } from '../services/google-accounts';
import { verifyPassword } from '../services/passwords';
import { anonymousRoute, BODY_LIMIT } from './route-limits';

export async function authRoutes(app: FastifyInstance, { context }: { context: AppContext }): Promise<void> {
  const { db, audit, tokens, throttle } = context;

  async function issueSession(user: UserRow, message: string) {
    return { message, user: toApiUser(user), token: await tokens.sign(user.id, user.token_version) };
  }

  app.post('/api/auth/login', anonymousRoute(context, 'login'), async (request) => {
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

  app.post('/api/auth/google', anonymousRoute(context, 'google', BODY_LIMIT.google), async (request) => {
    if (!context.google) throw new HttpError(404, API_MESSAGES.googleNotConfigured);
    const body = parse(googleBody, request.body);
    const identity = await context.google(body.credential);
    if (!identity) throw new HttpError(401, API_MESSAGES.googleInvalid);
    const user = await accountForGoogleIdentity(context, identity);
    if (!user) throw new HttpError(401, API_MESSAGES.googleEmailUnverified);
    await audit({ action: 'auth.login.google', actorId: user.id, ip: request.ip });
    return issueSession(user, API_MESSAGES.googleLoggedIn);
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
