/**
 * npm run dev: every app rebuilt on change (webpack watch, development mode) and served by the real server on
 * one port, like production but with nothing cached. Reload the page after a rebuild.
 * One area alone, with hot reload and no shell: `npm run dev -w mfe-notes`.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '@studyhub/api/config';
import { startServer } from '@studyhub/api/server';
import { areaEntryUrl, type RemotesFile } from '@studyhub/contract';
import { releaseDir, sourceMapDir, writeRemotes, writeShellPointer } from '@studyhub/deploy-folder';
import { APPS, appDir, ROOT } from './lib/apps';

const DEV_VERSION = 'dev';
const deployDir = path.join(ROOT, '.dev-deploy');

// Each app's dist/ is linked in as its "dev" release and as the source maps beside it (served here), so every
// rebuild is live at once.
rmSync(deployDir, { recursive: true, force: true });
const remotes: RemotesFile = {};
for (const app of APPS) {
  const dist = path.join(appDir(app), 'dist');
  mkdirSync(dist, { recursive: true });
  for (const linked of [releaseDir, sourceMapDir].map((dir) => dir(deployDir, app.name, DEV_VERSION))) {
    mkdirSync(path.dirname(linked), { recursive: true });
    symlinkSync(dist, linked, 'dir');
  }
  if (app.name !== 'shell')
    remotes[app.name] = { version: DEV_VERSION, entry: areaEntryUrl(app.name, DEV_VERSION) };
}
writeRemotes(deployDir, remotes);
writeShellPointer(deployDir, DEV_VERSION);

for (const app of APPS) {
  spawn('npx', ['studyhub-webpack', 'watch'], { cwd: appDir(app), stdio: 'inherit' });
}
const { url } = await startServer(
  loadConfig({ ...process.env, DEPLOY_DIR: deployDir, STUDYHUB_DEV: '1', SERVE_SOURCE_MAPS: '1' }),
);
console.log(`\nStudyHub (development) at ${url} — rebuilds on save; reload the page to see them.\n`);
