/**
 * Sign-in with a password or Google, and logout (product §7; architecture §6; docs/security.md items 1–7, 16–20,
 * 36, 38). Sign-up is in sign-up.ts, password reset in password-reset.ts.
 */
import { googleBody, loginBody, messageReply, sessionReply } from '@studyhub/contract/schemas';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Clock } from '../lib/clock';
import type { Audit } from '../services/audit';
import type { TokenService } from '../services/tokens';
import type { LoginThrottle } from '../services/login-throttle';
import type { Metrics } from '../services/metrics';
import type { GoogleVerifier } from '../services/google';
import type { Registrations } from '../services/registrations';
import { HttpError } from '../http-errors';
import { API_MESSAGES } from '../messages';
import { signedInUser } from '../plugins/authenticate';
import { replies, type FastifyZod } from '../plugins/contract';
import { findUserByEmail, toApiUser, type UserRow } from '../repositories/users';
import { accountForGoogleIdentity } from '../services/google-accounts';
import { verifyPassword } from '../lib/passwords';
import { anonymousRoute, BODY_LIMIT } from './route-limits';

/** What the sign-in and sign-out routes use. */
export interface AuthRoutesOptions {
  db: Kysely<Database>;
  clock: Clock;
  audit: Audit;
  tokens: TokenService;
  throttle: LoginThrottle;
  metrics: Metrics;
  /** Null when GOOGLE_CLIENT_ID is not configured. */
  google: GoogleVerifier | null;
  registrations: Registrations;
  /** Multiplies the per-IP rate limits (route-limits.ts). */
  rateLimitFactor: number;
}

export async function authRoutes(
  app: FastifyZod,
  { db, clock, audit, tokens, throttle, metrics, google, registrations, rateLimitFactor }: AuthRoutesOptions,
): Promise<void> {
  async function issueSession(user: UserRow, message: string) {
    return { message, user: toApiUser(user), token: await tokens.sign(user.id, user.token_version) };
  }

  const login = {
    summary: 'Sign in with email and password',
    body: loginBody,
    response: replies({ 200: sessionReply }),
  };
  app.post(
    '/api/auth/login',
    { ...anonymousRoute(rateLimitFactor, 'login'), schema: login },
    async (request) => {
      const { body } = request;
      const user = await findUserByEmail(db, body.email);
      // Always hash, so unknown emails take as long as wrong passwords (item 3).
      const passwordOk = await verifyPassword(user?.password_hash ?? null, body.password);
      const locked = await throttle.isLocked(body.email, request.ip);
      if (!user || !passwordOk || locked) {
        if (!locked) await throttle.recordFailure(body.email, request.ip);
        metrics.loginFailed(locked ? 'locked' : 'credentials');
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
    },
  );

  const googleRoute = {
    ...anonymousRoute(rateLimitFactor, 'google', BODY_LIMIT.google),
    schema: {
      summary: 'Sign in with a Google ID token',
      body: googleBody,
      response: replies({ 200: sessionReply }),
    },
    // A server without Google says so whatever the body holds.
    preValidation: async () => {
      if (!google) throw new HttpError(404, API_MESSAGES.googleNotConfigured);
    },
  };
  app.post('/api/auth/google', googleRoute, async (request) => {
    const identity = await google!(request.body.credential);
    if (!identity) throw new HttpError(401, API_MESSAGES.googleInvalid);
    const user = await accountForGoogleIdentity({ db, clock, registrations }, identity);
    if (!user) throw new HttpError(401, API_MESSAGES.googleEmailUnverified);
    await audit({ action: 'auth.login.google', actorId: user.id, ip: request.ip });
    return issueSession(user, API_MESSAGES.googleLoggedIn);
  });

  /**
   * Ends this session only: the token stops working at once on every replica (item 38). Other devices stay
   * signed in; a password reset signs out everywhere.
   */
  const logout = {
    config: { access: 'signed-in' as const },
    schema: { summary: 'Sign out: end this session', response: replies({ 200: messageReply }) },
  };
  app.post('/api/auth/logout', logout, async (request) => {
    const user = signedInUser(request);
    await tokens.revoke(request.session!);
    await audit({ action: 'auth.logout', actorId: user.id, ip: request.ip });
    return { message: API_MESSAGES.loggedOut };
  });
}
