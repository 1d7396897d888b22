/**
 * Builds the Fastify app (tests use app.inject; server.ts listens). One port serves the API under /api and the
 * composed site around it.
 */
import { STATUS_CODES } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { installReplyHandling, registerAppPlugins } from './app-hooks';
import { registerRoutes } from './app-routes';
import type { Config } from './config';
import { buildContext, type AppContext, type ContextOptions } from './context';
import { seedDemoData } from './db/seed';
import { clientErrorHandler } from './plugins/client-errors';
import { AccessLog, describeRequest, stdoutLogStream, type LogStream } from './plugins/logging';
import { REQUEST_ID_HEADER, requestIdFrom } from './plugins/request-ids';
import { apiSecurityHeadersFor, securityHeadersFor, type SecurityHeaders } from './plugins/security-headers';
import { BODY_LIMIT } from './routes/route-limits';

/** Test seams: the edge of the world (time, Google's keys, mail), the speed limits and where logs go. */
export interface AppOptions extends ContextOptions {
  /** Where log lines go instead of stdout (tests read them to check that no secret is logged). */
  logStream?: LogStream;
}

/**
 * The Fastify instance with its server-wide settings: logging, request ids, proxies, body and time limits, and
 * the answers to requests refused before routing.
 */
function createFastify(
  config: Config,
  logStream: LogStream,
  headers: { site: SecurityHeaders; api: SecurityHeaders },
): FastifyInstance {
  const timeouts = config.httpTimeouts;
  return Fastify({
    logController: new AccessLog(logStream),
    logger: { level: config.logLevel, stream: logStream, serializers: { req: describeRequest } },
    trustProxy: config.trustProxy,
    genReqId: requestIdFrom(config.trustProxy),
    // Stopping is server.ts's: requests that reach a stopping process are answered, not refused (decision 024).
    return503OnClosing: false,
    bodyLimit: BODY_LIMIT.server,
    // docs/security.md item 40: every stage of a connection has a time limit (config.ts says why each).
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.idleSocketMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkIntervalMs },
    clientErrorHandler: clientErrorHandler(headers.api),
    // Malformed URLs are refused before routing, where no hook runs: answer them in the API's shape, with the
    // security headers (docs/security.md items 19, 28).
    frameworkErrors: (error, request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      // Typed for the route it never reached: as any reply.
      return (reply as FastifyReply)
        .headers(headers.api)
        .header(REQUEST_ID_HEADER, request.id)
        .code(status)
        .send({ message: STATUS_CODES[status] ?? 'Bad Request' });
    },
  });
}

/** The app: its services, the hooks every request passes, then the routes, in the order Fastify needs them. */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const headers = { site: securityHeadersFor(config), api: apiSecurityHeadersFor(config) };
  const app = createFastify(config, options.logStream ?? stdoutLogStream(), headers);
  const { context, close } = await buildContext(config, options, app.log);
  app.decorate('context', context);
  app.addHook('onClose', close);
  if (config.seedDemo) await seedDemoData(context);
  installReplyHandling(app, context.metrics, headers);
  await registerAppPlugins(app, context);
  await registerRoutes(app, context);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every service of this app, for server.ts and tests; routes get theirs as plugin options. */
    context: AppContext;
  }
}
