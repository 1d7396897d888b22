/**
 * npm start: build what changed, publish it into ./deploy, and serve the site and API on one port, with SQLite,
 * the mail outbox and demo data under ./data (`npm start -- --no-demo` for none).
 */
import { loadConfig } from '../api/src/config';
import { startServer } from '../api/src/server';
import { deployAll } from './lib/deploy-local';

if (process.argv.includes('--no-demo')) process.env.SEED_DEMO = '0';
const config = loadConfig();
const published = await deployAll(config.deployDir, { rebuild: process.argv.includes('--rebuild') });
for (const { app, version, buildSeconds } of published) {
  console.log(
    `  ${app.name.padEnd(8)} ${version}${buildSeconds ? ` (built in ${buildSeconds.toFixed(1)} s)` : ' (up to date)'}`,
  );
}
const { url } = await startServer(config);
console.log(`\nStudyHub is running at ${url}\n`);
