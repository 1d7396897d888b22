/**
 * npm start: release what changed into ./deploy (the same checks and steps as `npm run release`, without the
 * unit tests), and serve the site and API on one port, with SQLite, the mail outbox and demo data under ./data
 * (`npm start -- --no-demo` for none).
 */
import { loadConfig } from '@studyhub/api/config';
import { startServer } from '@studyhub/api/server';
import { deployAll } from './lib/deploy-local';

if (process.argv.includes('--no-demo')) process.env.SEED_DEMO = '0';
const config = loadConfig();
const published = await deployAll(config.deployDir);
for (const { app, version, buildSeconds, released } of published) {
  const how = buildSeconds
    ? `built in ${buildSeconds.toFixed(1)} s, released`
    : released
      ? 'released'
      : 'live';
  console.log(`  ${app.name.padEnd(8)} ${version} (${how})`);
}
const { url } = await startServer(config);
console.log(`\nStudyHub is running at ${url}\n`);
