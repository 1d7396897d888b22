/**
 * Deny by default (SECURITY.md item 21): every /api route needs a valid bearer token unless its config says
 * `public: true`. The user is re-read from the database on each request, so a role change, a deletion or a
 * bumped token version takes effect on the very next request (item 17, 22).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '@studyhub/shared/constants';
import type { AppContext } from '../context';
import { HttpError } from '../http-errors';
import { API_MESSAGES } from '../messages';
import { findUserById, type UserRow } from '../users';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
  }
  interface FastifyContextConfig {
    public?: boolean;
    role?: Role;
  }
}

export function signedInUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new HttpError(401, API_MESSAGES.authRequired);
  return request.user;
}

export function authentication(app: FastifyInstance, context: AppContext): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const { public: isPublic, role } = request.routeOptions.config;
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
    if (isPublic && !token) return;
    if (!token) throw new HttpError(401, API_MESSAGES.authRequired);
    const claims = await context.tokens.verify(token);
    const user = claims ? await findUserById(context.db, claims.sub) : undefined;
    if (!claims || !user || user.token_version !== claims.ver) {
      // A public route still answers; it just does not know who is asking.
      if (isPublic) return;
      throw new HttpError(401, API_MESSAGES.sessionExpired);
    }
    request.user = user;
    if (role && user.role !== role) throw new HttpError(403, API_MESSAGES.adminsOnly);
  });
}
