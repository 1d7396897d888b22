// npm run serve: one production server process from a built checkout (decision 024). It runs the compiled server
// (api/dist/server.js, made by `npm run build`) with plain Node: no tsx, no build, no seeding, no install, and
// no setting but the environment. Plain JavaScript on purpose: a production checkout needs no TypeScript
// tooling to start. Run it as `node scripts/serve.mjs` under a process manager, so signals reach the server.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bundle = path.join(root, 'api', 'dist', 'server.js');

function refuse(reason) {
  console.error(`npm run serve: ${reason}`);
  process.exit(1);
}

if (!existsSync(bundle)) {
  refuse(
    'there is no compiled server at api/dist/server.js. Build the checkout first with `npm run build` ' +
      '(or use `npm start`, which builds and serves the embedded default).',
  );
}
// The production rules of api/src/config.ts (JWT_SECRET and SMTP_URL required, no demo data, no mail text
// printed) apply to every process serve starts.
if (process.env.NODE_ENV !== undefined && process.env.NODE_ENV !== 'production') {
  refuse(`NODE_ENV is "${process.env.NODE_ENV}"; serve runs production only (npm start is for development).`);
}
process.env.NODE_ENV = 'production';
// Stack traces name the TypeScript sources (the bundle's source map sits beside it).
process.setSourceMapsEnabled(true);

const { main } = await import(pathToFileURL(bundle).href);
await main();
