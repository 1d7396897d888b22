import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_SOURCES } from './packages';

/** Where CI (or `npm run release -- <app> --build-id …`) names a build; part of the version when set. */
export const BUILD_ID_ENV = 'BUILD_ID';
/** Build ids end up in folder names and URLs, so they keep to a small alphabet (no "+", which a query decodes). */
export const BUILD_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** The build id from the environment, checked; undefined when unset or empty. */
export function buildIdFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const buildId = env[BUILD_ID_ENV];
  if (buildId === undefined || buildId === '') return undefined;
  if (!BUILD_ID_PATTERN.test(buildId)) {
    throw new Error(
      `${BUILD_ID_ENV} must be 1–32 letters, digits, dots, dashes or underscores, got "${buildId}"`,
    );
  }
  return buildId;
}

/**
 * `<package version>-<8 hex>[-<build id>]`: the hash covers everything that goes into the bundle, so the same
 * sources always give the same version and a release folder never changes once written. A build id tells two
 * releases of the same sources apart (the version is baked into the bundle, so they are different builds).
 */
export function buildVersion(appDir: string, inputs: readonly string[], buildId?: string): string {
  const hash = createHash('sha256');
  for (const input of inputs) {
    const list = statSync(input).isDirectory() ? [...files(input)].sort() : [input];
    for (const file of list) {
      // Names relative to the input, so a checkout anywhere (a CI runner, ci-area's) gives the same version.
      hash.update(path.relative(input, file) || path.basename(file));
      hash.update(readFileSync(file));
    }
  }
  const { version } = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  const contentVersion = `${version}-${hash.digest('hex').slice(0, 8)}`;
  return buildId === undefined ? contentVersion : `${contentVersion}-${buildId}`;
}

/**
 * Everything an app's bundle is made from: its sources and config, the workspace packages (the platform, the
 * contract and the tooling that builds it), the lockfile.
 */
export function appBuildVersion(appDir: string, buildId?: string): string {
  return buildVersion(
    appDir,
    [
      path.join(appDir, 'src'),
      path.join(appDir, 'package.json'),
      path.join(appDir, 'webpack.config.ts'),
      ...PACKAGE_SOURCES,
      ...[path.resolve(appDir, '../package-lock.json')].filter(existsSync),
    ],
    buildId,
  );
}
