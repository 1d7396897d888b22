import { pathToFileURL } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { demoLoginsInUse } from './db/seed';

/** Starts the server and returns the URL it listens on; SIGINT/SIGTERM finish in-flight requests first. */
export async function startServer(config: Config): Promise<{ url: string; close(): Promise<void> }> {
  const app = await buildApp(config);
  // Closing ends only the connections idle at that moment: one whose request was in flight would stay open after
  // its response, holding up the exit until its keep-alive limit. Responses sent while closing end theirs.
  let closing = false;
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  // A response already under way when closing began (a download) went out saying keep-alive.
  app.addHook('onResponse', async () => {
    if (closing) app.server.closeIdleConnections();
  });
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '127.0.0.1' || config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  // PORT=0 picks a free port: links in mails must name the one actually chosen.
  if (config.publicUrl === 'http://localhost:0') app.context.config.publicUrl = url;
  const close = () => {
    closing = true;
    return app.close();
  };
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
      void close().then(() => process.exit(0));
    });
  }
  return { url, close };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const { url } = await startServer(loadConfig());
    console.log(`StudyHub is running at ${url}`);
  } catch (error) {
    console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
    process.exit(1);
  }
}
