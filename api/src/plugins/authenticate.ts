/**
 * Who may call a route is decided by the route that matched, never by the request's URL text (docs/security.md
 * items 21, 33): every route declares `access` in its config, a route without one is refused at start-up, and
 * the one hook below reads it from `request.routeOptions` after the router has decoded and matched the path.
 * The user is re-read from the database on each request, and again once its body has arrived, so a role change, a
 * deletion, a logout or a bumped token version takes effect on the very next request (items 17, 22, 38, 48).
 */
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpError } from '../http-errors';
import { API_MESSAGES } from '../messages';
import { accessRefused, ACCESS_LEVELS, roleMayCall, type Access } from '../services/access';
import type { SessionClaims, TokenService } from '../services/tokens';
import { findSessionUser, type UserRow } from '../repositories/users';

/** One entry of the live route table, as the app registered it (tests walk it, docs/security.md item 33). */
export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
  /** What the route declares of its requests and replies (plugins/contract.ts); site routes declare none. */
  schema?: FastifySchema;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    /** The verified session token's claims, when the request carried one that is still good. */
    session: SessionClaims | null;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

export function signedInUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new HttpError(401, API_MESSAGES.authRequired);
  return request.user;
}

/** The session a signed-in request came with: what links it hands out and what it commits speak for. */
export function signedInSession(request: FastifyRequest): SessionClaims {
  if (!request.session) throw new HttpError(401, API_MESSAGES.authRequired);
  return request.session;
}

/** A route without a declaration cannot exist (onRoute below); deny rather than trust if one ever does. */
function routeAccess(request: FastifyRequest): Access {
  return request.routeOptions.config.access ?? 'admin';
}

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !/^Bearer /i.test(header)) return null;
  return header.slice(7).trim() || null;
}

/** Installs the access hooks; `tokens` verifies a session, `db` reads its user as they are now. */
export function authentication(
  app: FastifyInstance,
  { db, tokens }: { db: Kysely<Database>; tokens: TokenService },
): void {
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);
  app.decorate('routeTable', [] as RouteEntry[]);

  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (access === undefined || !ACCESS_LEVELS.includes(access)) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} declares no access ("public", "signed-in", "teacher" or "admin")`,
      );
    }
    for (const method of [route.method].flat()) {
      app.routeTable.push({ method, url: route.url, access, schema: route.schema });
    }
  });

  /** Who sends this token, if it is still good, and whether they may call the route. */
  async function identify(request: FastifyRequest, token: string, access: Access): Promise<void> {
    const session = await tokens.verify(token);
    const user = session ? await findSessionUser(db, session) : undefined;
    if (!session || !user) {
      // A public route still answers; it just does not know who is asking.
      if (access === 'public') return;
      throw new HttpError(401, API_MESSAGES.sessionExpired);
    }
    request.user = user;
    request.session = session;
    // Every role passes `signed-in`: a refusal is of a teacher or an admin route.
    if (!roleMayCall(access, user.role)) throw accessRefused(access);
  }

  // Callback hooks: they run on every request, and most public requests carry no token, so need no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    // The not-found handler answers only "Not Found", whatever the path was.
    if (request.is404) return done();
    const access = routeAccess(request);
    const token = bearerToken(request);
    if (access === 'public' && !token) return done();
    if (!token) return done(new HttpError(401, API_MESSAGES.authRequired));
    identify(request, token, access).then(() => done(), done);
  });

  // A body may take minutes to arrive (item 40): who sends it is read again once it has, so the handler acts for
  // the caller as they are now (item 48). An upload reads its body in its handler, and checks again where it
  // records it (services/access.ts).
  app.addHook('preHandler', (request, _reply, done) => {
    const token = bearerToken(request);
    if (request.body === undefined || !request.session || !token) return done();
    request.user = null;
    request.session = null;
    identify(request, token, routeAccess(request)).then(() => done(), done);
  });

  // docs/security.md item 45: what a signed-in user was answered, and anything a protected route answers (its
  // 401 and 403 too), is kept by no browser or shared cache.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.user || routeAccess(request) !== 'public') reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
}
