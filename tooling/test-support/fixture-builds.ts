/**
 * Test fixtures: small build folders with the files a real `studyhub-webpack build` leaves (build-info.json,
 * mf-manifest.json, a remote entry that defines its container, the assets the manifest lists), so the release
 * operations can be tested without webpack. The browser suite releases real builds.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { WIDGET_EXPOSES, type AreaName } from '@studyhub/contract';
import { tempDir } from '@studyhub/deploy-folder/test-support/temp-dir';
import { SHARED_USAGE_FILE, type BuildInfo, type SharedUsage } from '../src/build/build-info';

export { tempDir };

export interface FixtureOptions {
  contractVersion?: number;
  supportedContractVersions?: number[];
  /** Version of the shared react singleton. */
  react?: string;
  exposes?: string[];
  /** Source of remoteEntry.js (an area) or main.js (the shell). */
  entrySource?: string;
  /** Exports of @studyhub/shared the build's code imports (shared-usage.json); default: FIXTURE_NEEDS. */
  sharedNeeds?: string[];
  /** Exports its copy of @studyhub/shared has; default: FIXTURE_PROVIDES. */
  sharedProvides?: string[];
  /** Its @studyhub/shared version; default 1.0.0-fixture. */
  sharedVersion?: string;
  /** Fingerprints of its copy's export types that differ from the default one (`<name>@1`), by name. */
  changedSignatures?: Record<string, string>;
  /** False: no shared-usage.json, as a build made before it was recorded. */
  recordsSharedUsage?: boolean;
  /** Anything else put in the folder, e.g. to make two builds of one version differ. */
  extraFiles?: Record<string, string>;
}

/** A FIFO at `file`; false where the system cannot make one. */
export const makeFifo = (file: string): boolean => spawnSync('mkfifo', [file]).status === 0;

/** Whether the tests that plant a FIFO in a build can run here. */
export function canMakeFifos(): boolean {
  const dir = tempDir('fifo');
  try {
    return makeFifo(path.join(dir, 'probe'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function write(dir: string, files: Record<string, string>): string {
  mkdirSync(dir, { recursive: true });
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
  return dir;
}

/** What a fixture's copy of the shared package provides, and what a fixture area needs of it, by default. */
export const FIXTURE_PROVIDES = ['CONTRACT_VERSION', 'Page', 'PageTitle', 'apiClient', 'notify'];
export const FIXTURE_NEEDS = ['CONTRACT_VERSION', 'Page', 'apiClient'];

/** shared-usage.json as the config factory writes it (decision 020), unless the build predates it. */
function sharedUsageFile(options: FixtureOptions, needs: string[]): Record<string, string> {
  if (options.recordsSharedUsage === false) return {};
  const provides = options.sharedProvides ?? FIXTURE_PROVIDES;
  const usage: SharedUsage = {
    package: '@studyhub/shared',
    version: options.sharedVersion ?? '1.0.0-fixture',
    provides,
    needs: options.sharedNeeds ?? needs,
    builtWith: { '@studyhub/contract': '1.0.0-fixture', '@studyhub/tooling': '1.0.0-fixture' },
    signatures: Object.fromEntries(
      provides.map((name) => [name, options.changedSignatures?.[name] ?? `${name}@1`]),
    ),
  };
  return { [SHARED_USAGE_FILE]: JSON.stringify(usage) };
}

const js = (file: string) => ({ js: { sync: [file], async: [] }, css: { sync: [], async: [] } });

function sharedList(options: FixtureOptions) {
  return [
    { name: 'react', version: options.react ?? '19.3.1', singleton: true, assets: js('react.js') },
    { name: '@studyhub/shared', version: '1.0.0', singleton: true, assets: js('shared.js') },
  ];
}

export function writeAreaBuild(
  dir: string,
  area: AreaName,
  version: string,
  options: FixtureOptions = {},
): string {
  // Every widget the shell loads from this area, as a real build exposes them.
  const widgets = Object.values(WIDGET_EXPOSES).filter((widget) => widget.area === area);
  const exposes = options.exposes ?? ['./Area', ...widgets.map((widget) => widget.expose)];
  const info: BuildInfo = {
    name: area,
    kind: 'remote',
    version,
    contractVersion: options.contractVersion ?? 1,
  };
  // The fields Module Federation's runtime reads, so that a browser can load a fixture whose entry defines a
  // working container (the browser suite's broken canary).
  const manifest = {
    id: area,
    name: area,
    metaData: {
      name: area,
      type: 'app',
      buildInfo: { buildVersion: version, buildName: area },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      globalName: area,
      publicPath: 'auto',
    },
    shared: sharedList(options),
    remotes: [],
    exposes: exposes.map((expose) => ({
      id: `${area}:${expose.slice(2)}`,
      name: expose.slice(2),
      path: expose,
      assets: js(`expose-${expose.slice(2)}.js`),
    })),
  };
  return write(dir, {
    'build-info.json': JSON.stringify(info),
    'mf-manifest.json': JSON.stringify(manifest),
    'remoteEntry.js':
      options.entrySource ?? `var ${area};${area} = { get: function () {}, init: function () {} };`,
    'react.js': '/* react */',
    'shared.js': '/* shared */',
    ...Object.fromEntries(exposes.map((expose) => [`expose-${expose.slice(2)}.js`, `/* ${expose} */`])),
    ...sharedUsageFile(options, FIXTURE_NEEDS),
    ...options.extraFiles,
  });
}

export function writeShellBuild(dir: string, version: string, options: FixtureOptions = {}): string {
  const info: BuildInfo = {
    name: 'shell',
    kind: 'host',
    version,
    contractVersion: options.contractVersion ?? 1,
    supportedContractVersions: options.supportedContractVersions ?? [1],
  };
  return write(dir, {
    'build-info.json': JSON.stringify(info),
    'mf-manifest.json': JSON.stringify({
      id: 'shell',
      name: 'shell',
      shared: sharedList(options),
      exposes: [],
    }),
    // As html-webpack-plugin minifies it.
    'index.html': '<!doctype html><html><head><script defer src=/main.js></script></head><div id=root></div>',
    'main.js': options.entrySource ?? 'console.log("shell");',
    'react.js': '/* react */',
    'shared.js': '/* shared */',
    ...sharedUsageFile(options, ['CONTRACT_VERSION']),
    ...options.extraFiles,
  });
}
