/**
 * The one webpack + Module Federation config factory every StudyHub app uses (architecture §3, §8).
 * Node-only: imported by each app's webpack.config.ts, never by browser code.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack, { type Configuration, type RuleSetRule } from 'webpack';
import { SERVICE_WORKER_FILE } from '@studyhub/contract';
import { PAGE_BOOT_SCRIPT } from '@studyhub/contract/page-boot';
import { DeterministicFederationFilesPlugin, PortableImportMetaUrlPlugin } from './deterministic-output';
import { BUNDLED_PACKAGE_DIRS, PLATFORM_PACKAGE, platformDir, toolingDir } from './packages';
import { PdfjsDataPlugin } from './pdfjs-data';
import { platformVersion, SharedUsagePlugin } from './shared-usage';
import { WebAppManifestPlugin, type WebApp } from './web-app-manifest';

export type AppKind = 'host' | 'remote';

export interface AppDefinition {
  /** Module Federation container name; for areas also the area name in remotes.json ("notes"). */
  name: string;
  kind: AppKind;
  /** Remotes only: what the container exposes, e.g. { './Area': './src/expose.tsx' }. */
  exposes?: Record<string, string>;
  /** Port of `studyhub-webpack serve` (the app on its own, architecture §2). */
  devPort: number;
  title: string;
  /**
   * Hosts only: a Node module exporting `prerender(): { html, styles }`, run after the build to put the first
   * screen into the page (decision 014).
   */
  prerender?: string;
  /** Hosts only: the web app manifest and icons that make the site installable (decision 037). */
  webApp?: WebApp;
  /**
   * Hosts only: the service worker's source (decision 035). Production builds compile it to SERVICE_WORKER_FILE
   * with the list of the build's own files it precaches (service-worker.ts); development builds have none.
   */
  serviceWorker?: string;
}

export interface BuildContext {
  appDir: string;
  mode: 'production' | 'development';
  /** Package version plus a hash of the sources: the folder name of a release. */
  buildVersion: string;
  /** Remotes build their standalone page only for `serve`; releases carry just the federated entry. */
  standalone: boolean;
  /** Where the build goes; `<appDir>/dist` unless given (the reproducibility test builds twice elsewhere). */
  outDir?: string;
}

const require = createRequire(import.meta.url);

/**
 * react-router 7's package exports point every bundler at its development build; production bundles take the
 * production build it also ships (smaller, no dev-only warnings).
 */
function reactRouterProductionAliases(): Record<string, string> {
  const dist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production');
  return {
    'react-router$': path.join(dist, 'index.mjs'),
    'react-router/dom$': path.join(dist, 'dom-export.mjs'),
  };
}

const ROUTER_EXPORTS = path.join(platformDir, 'src/router-exports.ts');

/** Singletons of architecture §3: one React, one router, one styled-components, one toast queue, one session. */
const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router-dom',
  'styled-components',
  'react-toastify',
  'axios',
  '@studyhub/shared',
] as const;

interface PackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
}

function readPackageJson(dir: string): PackageJson {
  return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson;
}

function packageName(request: string): string {
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/**
 * `requiredVersion` comes from the app's package.json, then the platform package's (architecture §8);
 * `platform` is the platform's content version (decision 020).
 */
function sharedSingletons(appDir: string, platform: string) {
  const sharedPkg = readPackageJson(platformDir);
  const ranges: Record<string, string> = {
    ...sharedPkg.dependencies,
    ...readPackageJson(appDir).dependencies,
  };
  /** What differs from a plain singleton of the installed package. */
  const own: Record<string, { import?: string; version: string; requiredVersion?: string }> = {
    // Its version changes with its sources (decision 020). Any build of the same major is accepted at run
    // time (`-0` lets prerelease-style content versions match): which exports an area needs is checked at
    // release, and an exact or strict version would take down every compatible area on any shared change.
    [sharedPkg.name]: {
      version: platform,
      requiredVersion: `^${sharedPkg.version}-0`,
    },
    // What is shared as the router is the subset every app uses (decision 014), at the router's own version.
    'react-router-dom': {
      import: ROUTER_EXPORTS,
      version: readPackageJson(path.dirname(require.resolve('react-router-dom/package.json'))).version,
    },
  };
  return Object.fromEntries(
    SINGLETONS.map((request) => {
      const range = ranges[packageName(request)];
      if (!range) throw new Error(`No version range for shared module ${request} in ${appDir}/package.json`);
      return [request, { singleton: true, requiredVersion: range, ...own[request] }];
    }),
  );
}

/** The service worker's source when this build has one: production builds of a host that names it. */
export const serviceWorkerSource = (app: AppDefinition, context: BuildContext): string | undefined =>
  app.kind === 'host' && context.mode === 'production' ? app.serviceWorker : undefined;

/** The build-time constants browser code reads (shared/src/globals.d.ts); the prerender sets them as globals. */
export function buildGlobals(app: AppDefinition, context: BuildContext): Record<string, string | boolean> {
  return {
    __STUDYHUB_BUILD_VERSION__: context.buildVersion,
    __STUDYHUB_API_URL__: process.env.STUDYHUB_API_URL ?? '',
    // Development builds parse API replies with their schemas; production builds leave the schemas out.
    __STUDYHUB_CHECK_REPLIES__: context.mode !== 'production',
    __STUDYHUB_SERVICE_WORKER_URL__: serviceWorkerSource(app, context) ? `/${SERVICE_WORKER_FILE}` : '',
  };
}

/** Our TypeScript and JSX, compiled by swc. */
export function scriptRule(production: boolean): RuleSetRule {
  return {
    test: /\.[cm]?[jt]sx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          target: 'es2020',
          transform: { react: { runtime: 'automatic', development: !production } },
        },
      },
    },
  };
}

export function createWebpackConfig(app: AppDefinition, context: BuildContext): Configuration {
  const production = context.mode === 'production';
  const isHost = app.kind === 'host';
  const withPage = isHost || context.standalone;
  // Hashes the platform's and the contract's sources: once per build, for the share scope and shared-usage.json.
  const platform = platformVersion();

  return {
    mode: context.mode,
    context: context.appDir,
    // No eval-based maps: the site's Content-Security-Policy forbids eval, in development too. Production maps
    // name no sourceMappingURL: a release keeps them beside it, unserved (docs/security.md item 45).
    devtool: production ? 'hidden-source-map' : 'cheap-module-source-map',
    // The async boundary of architecture §8: src/index.ts only does import('./bootstrap' | './standalone').
    entry: withPage ? { main: './src/index.ts' } : {},
    output: {
      path: context.outDir ?? path.join(context.appDir, 'dist'),
      // webpack 5.111 + enhanced 2.9 cannot hash entry names: entries are served no-cache, chunks immutable.
      filename: '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      // Pages at the site root need an absolute path for deep links; a federated remote works out its own
      // location at run time, so any version folder serves it.
      publicPath: withPage ? '/' : 'auto',
      uniqueName: app.name,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.json'],
      alias: production ? reactRouterProductionAliases() : {},
    },
    module: {
      rules: [
        scriptRule(production),
        { test: /\.css$/, type: 'asset/resource' },
        {
          // The federation runtime's packages ship CommonJS and ESM twins; resolving their imports of each other
          // by the caller's kind bundled both copies. One kind (ESM) keeps one copy in the page.
          test: /[\\/]node_modules[\\/]@module-federation[\\/]/,
          resolve: { conditionNames: ['import', 'browser', 'module', 'default'] },
        },
      ],
    },
    optimization: {
      // Named chunks make the network panel (and the e2e's "React once" check) readable. Both kinds of id come
      // from module paths relative to the app, never from build order, and content hashes from the final
      // bytes: the same sources give the same files (decision 019).
      chunkIds: 'named',
      moduleIds: production ? 'deterministic' : 'named',
      realContentHash: production,
      // webpack's own HTML minifier would rewrite the page's inline theme script, which the server's
      // Content-Security-Policy allows by the hash of its exact text; html-webpack-plugin minifies the page.
      minimizeOptions: { html: false },
    },
    performance: { hints: false },
    plugins: [
      new webpack.DefinePlugin(
        Object.fromEntries(
          Object.entries(buildGlobals(app, context)).map(([name, value]) => [name, JSON.stringify(value)]),
        ),
      ),
      // shared-usage.json: what this build needs of the shared package and what its copy provides.
      new SharedUsagePlugin(PLATFORM_PACKAGE, platform, platformDir, path.join(platformDir, 'src/index.ts')),
      new ModuleFederationPlugin({
        name: app.name,
        dts: false,
        shared: sharedSingletons(context.appDir, platform),
        experiments: {
          // The browser build needs none of the runtime's Node paths.
          optimization: { target: 'web' },
          // One Module Federation runtime per page (decision 014): the shell provides it, a released area
          // takes it from there (its entry goes from ~28 to ~9 KB gzip). A standalone page is its own host.
          ...(isHost
            ? { provideExternalRuntime: true }
            : context.standalone
              ? {}
              : { externalRuntime: true }),
        },
        ...(isHost
          ? // Remotes are registered at run time from /remotes.json; one dead remote must not block start-up.
            { remotes: {}, shareStrategy: 'loaded-first' as const }
          : { filename: 'remoteEntry.js', exposes: app.exposes ?? {}, manifest: true }),
      }),
      new DeterministicFederationFilesPlugin({ appDir: context.appDir, packages: BUNDLED_PACKAGE_DIRS }),
      new PortableImportMetaUrlPlugin({ appDir: context.appDir, packages: BUNDLED_PACKAGE_DIRS }),
      new PdfjsDataPlugin(),
      ...(withPage
        ? [
            new HtmlWebpackPlugin({
              template: path.join(toolingDir, 'src/build/index.html'),
              title: app.title,
              favicon: path.join(toolingDir, 'src/build/favicon.svg'),
              pageBootScript: PAGE_BOOT_SCRIPT,
              // Whitespace and comments only: the theme script must stay byte for byte what the server's
              // Content-Security-Policy hashes, and the prerender looks for the root element as written.
              minify: production && { collapseWhitespace: true, removeComments: true },
              chunks: ['main'],
            }),
          ]
        : []),
      ...(isHost && app.webApp ? [new WebAppManifestPlugin(app.webApp, context.appDir)] : []),
    ],
  };
}
