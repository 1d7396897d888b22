/**
 * The shell's service worker (decision 035), built after the shell's pages are prerendered: compiled on its own
 * (a worker has no page, no Module Federation and none of the shared singletons), then given by Workbox's
 * injectManifest the list of the build's files to precache, each with the digest of its final bytes.
 */
import path from 'node:path';
import webpack from 'webpack';
import { injectManifest } from 'workbox-build';
import { HEADED_PAGES_FOLDER, SERVICE_WORKER_FILE } from '@studyhub/contract';
import { scriptRule } from './create-webpack-config';

/**
 * Files the pages load, and the web app manifest with its icons (an offline page still links them). Source maps,
 * licences and the federation's descriptions are never loaded by a page. The pages with a route's heading drawn
 * in are for a first paint online; offline, the skeleton page serves every route (site-requests.ts), so a phone
 * does not download a copy per route.
 */
const PRECACHED = ['**/*.{js,mjs,css,html,svg,json,webmanifest,png}'];
const NOT_PRECACHED = [
  SERVICE_WORKER_FILE,
  `${HEADED_PAGES_FOLDER}/**`,
  '**/*.map',
  '**/*.LICENSE.txt',
  'mf-manifest.json',
  'mf-stats.json',
];
/** Chunks carry their content's hash in their names (create-webpack-config.ts), so the name is the revision. */
const HASHED_NAME = /\.[0-9a-f]{8}\.js$/;

function compileWorker(appDir: string, source: string, outDir: string): Promise<void> {
  const compiler = webpack({
    mode: 'production',
    target: 'webworker',
    context: appDir,
    entry: { sw: source },
    output: { path: outDir, filename: SERVICE_WORKER_FILE, clean: false },
    resolve: { extensions: ['.ts', '.js'] },
    module: { rules: [scriptRule(true)] },
    devtool: false,
    optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic' },
    performance: { hints: false },
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => {
        if (error) reject(error);
        else if (stats?.hasErrors()) reject(new Error(stats.toString('errors-only')));
        else resolve();
      });
    }),
  );
}

/** Compiles `source` (relative to `appDir`) into `outDir`/sw.js with the precache list of `outDir`'s files. */
export async function buildServiceWorker(appDir: string, source: string, outDir: string): Promise<void> {
  await compileWorker(appDir, source, outDir);
  const worker = path.join(outDir, SERVICE_WORKER_FILE);
  const { warnings } = await injectManifest({
    swSrc: worker,
    swDest: worker,
    globDirectory: outDir,
    globPatterns: PRECACHED,
    globIgnores: NOT_PRECACHED,
    dontCacheBustURLsMatching: HASHED_NAME,
    modifyURLPrefix: { '': '/' },
  });
  if (warnings.length > 0) throw new Error(`The service worker's precache list: ${warnings.join('; ')}`);
}
