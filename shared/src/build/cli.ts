#!/usr/bin/env tsx
/**
 * studyhub-webpack build | watch | serve — how every app builds (its package.json scripts call this).
 * Reads ./webpack.config.ts (an AppDefinition) from the current directory and runs webpack's Node API.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import webpack, { type Stats } from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import { CONTRACT_VERSION, SUPPORTED_CONTRACT_VERSIONS } from '../contract';
import { BUILD_INFO_FILE, type BuildInfo } from './build-info';
import { appBuildVersion, buildIdFromEnv } from './build-version';
import { createWebpackConfig, type AppDefinition } from './create-webpack-config';

const command = process.argv[2];
if (command !== 'build' && command !== 'watch' && command !== 'serve') {
  console.error('usage: studyhub-webpack build | watch | serve');
  process.exit(2);
}

const appDir = process.cwd();
const { default: app } = (await import(pathToFileURL(path.join(appDir, 'webpack.config.ts')).href)) as {
  default: AppDefinition;
};
const mode = command === 'build' ? 'production' : 'development';
const version = mode === 'production' ? appBuildVersion(appDir, buildIdFromEnv()) : 'dev';
const config = createWebpackConfig(app, {
  appDir,
  mode,
  buildVersion: version,
  standalone: command === 'serve',
});

/** What release tooling needs to publish this build (written next to the bundle). */
function writeBuildInfo(): void {
  const info: BuildInfo = {
    name: app.name,
    kind: app.kind,
    version,
    contractVersion: CONTRACT_VERSION,
    ...(app.kind === 'host' ? { supportedContractVersions: [...SUPPORTED_CONTRACT_VERSIONS] } : {}),
  };
  writeFileSync(path.join(appDir, 'dist', BUILD_INFO_FILE), `${JSON.stringify(info, null, 2)}\n`);
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
      writeBuildInfo();
      console.log(`${app.name} ${version} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
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
