/**
 * npm run build: a production build of every app (each into its own dist/) and the compiled server that
 * `npm run serve` runs (api/dist/server.js, decision 024), with timings.
 */
import { buildServer } from '@studyhub/tooling/build/server-bundle';
import { APPS } from './lib/apps';
import { buildApp } from './lib/deploy-local';

const started = Date.now();
for (const app of APPS) {
  const seconds = await buildApp(app);
  console.log(`${app.dir}: ${seconds.toFixed(1)} s`);
}
console.log(`api (compiled server): ${(await buildServer()).toFixed(1)} s`);
console.log(`All apps built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
