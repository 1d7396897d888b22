import { createServer, type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { demoLoginsInUse } from './db/seed';

export interface RunningServer {
  url: string;
  /** What SIGTERM and SIGINT do: drain, stop listening, finish what is in flight, close everything. */
  stop(): Promise<void>;
}

/**
 * PORT=0 asks for any free port: it is chosen before the app is built, so links in mails (PUBLIC_URL's default)
 * name the port the server really listens on, and the configuration never changes once the app has it.
 */
async function onFreePort(config: Config): Promise<Config> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(0, config.host, resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  const publicUrl = config.publicUrl === 'http://localhost:0' ? `http://localhost:${port}` : config.publicUrl;
  return { ...config, port, publicUrl };
}

/**
 * Starts the server and returns the URL it listens on. Stopping (decision 024) loses no request behind a load
 * balancer: for `shutdown.drainMs` readiness fails while requests are still answered, each response closing its
 * connection, so keep-alive clients (nginx's upstream connections too) move to new connections; then the listener
 * closes, so new connections go to another replica; requests in flight, uploads included, get up to
 * `shutdown.graceMs` to finish; then mail, Redis and the database are closed.
 */
export async function startServer(requested: Config): Promise<RunningServer> {
  const config = requested.port === 0 ? await onFreePort(requested) : requested;
  const app = await buildApp(config);
  const { lifecycle } = app.context;
  let listening = true;
  app.addHook('onSend', async (_request, reply) => {
    if (lifecycle.stopping) reply.header('connection', 'close');
  });
  // A response already under way when stopping began (a download) went out saying keep-alive: once the listener
  // is closed its connection would stay open, holding up the exit until its keep-alive limit.
  app.addHook('onResponse', async () => {
    if (!listening) app.server.closeIdleConnections();
  });
  await app.listen({ host: config.host, port: config.port });
  // Off the request path, in every replica; the database decides which one indexes a file (decision 038).
  app.context.searchIndexing.start();
  // Beside it, the followed subjects' digest: a conditional write decides which replica mails a user (decision 039).
  app.context.digests.start();
  const url = `http://${config.host === '127.0.0.1' || config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;

  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      const { drainMs, graceMs } = config.shutdown;
      lifecycle.stopping = true;
      app.log.info({ drainMs, graceMs }, 'Stopping: not ready, draining connections');
      if (drainMs > 0) await sleep(drainMs);
      listening = false;
      const deadline = setTimeout(() => {
        app.log.warn(`Requests still in flight ${graceMs} ms after the listener closed: connections cut`);
        app.server.closeAllConnections();
      }, graceMs);
      try {
        await app.close();
      } finally {
        clearTimeout(deadline);
      }
    })());

  if (config.seedDemo) {
    const logins = await demoLoginsInUse(app.context.db);
    if (logins.length > 0) {
      console.log('\nDemo logins (SEED_DEMO=0 or --no-demo turns the demo data off):');
      for (const login of logins)
        console.log(`  ${login.role.padEnd(8)} ${login.email}  /  ${login.password}`);
    }
  }
  if (!config.smtpUrl) {
    const where = config.production ? 'only' : 'and this console';
    console.log(`Mail goes to ${config.dataDir}/outbox ${where} (set SMTP_URL to send it).`);
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void stop().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  }
  return { url, stop };
}

/** The server as a command: `npm run serve` (compiled, scripts/serve.mjs) and `tsx src/server.ts`. */
export async function main(): Promise<void> {
  try {
    const { url } = await startServer(loadConfig());
    console.log(`StudyHub is running at ${url}`);
  } catch (error) {
    console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
