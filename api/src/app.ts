/**
 * Builds the Fastify app (tests use app.inject; server.ts listens). One port serves the API under /api and the
 * composed site around it.
 */
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { securityHeaders } from './plugins/security-headers';
import { healthRoutes } from './routes/health';
import { siteRoutes } from './routes/site';

export async function buildApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    // Client IPs from X-Forwarded-For only behind a proxy the operator vouches for (SECURITY.md item 6).
    trustProxy: false,
  });

  securityHeaders(app);

  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error(error);
      // SECURITY.md item 31: no internals in 5xx bodies.
      return reply.code(status).send({ message: 'Internal Server Error' });
    }
    return reply.code(status).send({ message: error.message });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'Not Found' }));
  // Unknown API paths are errors, never the shell's index.html.
  app.all('/api/*', (_request, reply) => reply.callNotFound());

  // sendFile only; every route decides itself what may be served.
  await app.register(fastifyStatic, { root: config.deployDir, serve: false });
  await app.register(healthRoutes, { config });
  await app.register(siteRoutes, { config });
  return app;
}
