#!/usr/bin/env tsx
/**
 * studyhub-webpack build [--out-dir <dir>] | watch | serve — how every app builds (its package.json scripts
 * call this). Reads ./webpack.config.ts (an AppDefinition) from the current directory and runs webpack's Node
 * API. A build goes to ./dist unless --out-dir names another folder.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import webpack, { type Stats } from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import { CONTRACT_VERSION, SHELL_PAGES, SUPPORTED_CONTRACT_VERSIONS } from '@studyhub/contract';
import { BUILD_INFO_FILE, type BuildInfo } from './build-info';
import { appBuildVersion, buildIdFromEnv } from './build-version';
import {
  buildGlobals,
  createWebpackConfig,
  serviceWorkerSource,
  type AppDefinition,
} from './create-webpack-config';
import { toolingDir } from './packages';
import { buildServiceWorker } from './service-worker';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { 'out-dir': { type: 'string' } },
});
const command = positionals[0];
if (
  positionals.length !== 1 ||
  (command !== 'build' && command !== 'watch' && command !== 'serve') ||
  (values['out-dir'] !== undefined && command !== 'build')
) {
  console.error('usage: studyhub-webpack build [--out-dir <dir>] | watch | serve');
  process.exit(2);
}

const appDir = process.cwd();
const distDir = path.resolve(values['out-dir'] ?? path.join(appDir, 'dist'));
const { default: app } = (await import(pathToFileURL(path.join(appDir, 'webpack.config.ts')).href)) as {
  default: AppDefinition;
};
const mode = command === 'build' ? 'production' : 'development';
const version = mode === 'production' ? appBuildVersion(appDir, buildIdFromEnv()) : 'dev';
const context = {
  appDir,
  mode,
  buildVersion: version,
  standalone: command === 'serve',
  outDir: distDir,
} as const;
const config = createWebpackConfig(app, context);

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * The host's pages with their first screen in them (decision 014): the built page, filled with each prerendered
 * page's HTML and styles, becomes SHELL_PAGES.home (Home), SHELL_PAGES.app (every other route) and a page for
 * each route whose heading is its title (`shellPageFile`).
 */
async function writePrerenderedPages(module: string): Promise<void> {
  Object.assign(globalThis, buildGlobals(app, context));
  process.env.NODE_ENV = 'production';
  // Loaded as CommonJS, as webpack would: styled-components ships CommonJS only for Node, whose default export
  // an ES import would not unwrap. The repository's base tsconfig gives every file React's JSX runtime.
  process.env.TSX_TSCONFIG_PATH = path.join(toolingDir, '..', 'tsconfig.base.json');
  const { require: load } = await import('tsx/cjs/api');
  const { prerender } = load(path.join(appDir, module), import.meta.url) as {
    prerender(): Record<string, { html: string; styles: string }>;
  };
  const pages = prerender();
  const built = readFileSync(path.join(distDir, SHELL_PAGES.home), 'utf8');
  if (!built.includes(EMPTY_ROOT))
    throw new Error(`${SHELL_PAGES.home} has no ${EMPTY_ROOT} to prerender into`);
  for (const required of Object.values(SHELL_PAGES)) {
    if (!pages[required]) throw new Error(`The prerender module made no ${required}`);
  }
  for (const [file, { html, styles }] of Object.entries(pages)) {
    mkdirSync(path.dirname(path.join(distDir, file)), { recursive: true });
    writeFileSync(
      path.join(distDir, file),
      built.replace('</head>', `${styles}</head>`).replace(EMPTY_ROOT, `<div id="root">${html}</div>`),
    );
  }
}

/** What release tooling needs to publish this build (written next to the bundle). */
function writeBuildInfo(): void {
  const info: BuildInfo = {
    name: app.name,
    kind: app.kind,
    version,
    contractVersion: CONTRACT_VERSION,
    ...(app.kind === 'host' ? { supportedContractVersions: [...SUPPORTED_CONTRACT_VERSIONS] } : {}),
  };
  writeFileSync(path.join(distDir, BUILD_INFO_FILE), `${JSON.stringify(info, null, 2)}\n`);
}

function report(stats: Stats | undefined): boolean {
  if (!stats) return false;
  const ok = !stats.hasErrors();
  console.log(stats.toString({ colors: process.stdout.isTTY, preset: ok ? 'errors-warnings' : 'normal' }));
  return ok;
}

const compiler = webpack(config);
if (command === 'build') {
  const started = Date.now();
  compiler.run((error, stats) => {
    const ok = !error && report(stats);
    if (error) console.error(error);
    compiler.close(() => {
      if (!ok) process.exit(1);
      const serviceWorker = serviceWorkerSource(app, context);
      void (app.prerender ? writePrerenderedPages(app.prerender) : Promise.resolve())
        // After the pages: the worker precaches their final bytes.
        .then(() => (serviceWorker ? buildServiceWorker(appDir, serviceWorker, distDir) : undefined))
        .then(
          () => {
            writeBuildInfo();
            console.log(`${app.name} ${version} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
          },
          (failure: unknown) => {
            console.error('Prerendering or building the service worker failed:', failure);
            process.exit(1);
          },
        );
    });
  });
} else if (command === 'watch') {
  compiler.watch({}, (error, stats) => {
    if (error) console.error(error);
    if (report(stats)) {
      writeBuildInfo();
      console.log(`${app.name} rebuilt`);
    }
  });
} else {
  const server = new WebpackDevServer(
    {
      port: app.devPort,
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [{ context: ['/api'], target: process.env.STUDYHUB_API_ORIGIN ?? 'http://localhost:8080' }],
    },
    compiler,
  );
  await server.start();
  console.log(`${app.name} standalone on http://localhost:${app.devPort}`);
}
