import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/**
 * `<package version>-<8 hex>`: the hash covers everything that goes into the bundle, so the same sources
 * always give the same version and a release folder never changes once written.
 */
export function buildVersion(appDir: string, inputs: readonly string[]): string {
  const hash = createHash('sha256');
  for (const input of inputs) {
    const list = statSync(input).isDirectory() ? [...files(input)].sort() : [input];
    for (const file of list) {
      hash.update(path.relative(path.dirname(appDir), file));
      hash.update(readFileSync(file));
    }
  }
  const { version } = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  return `${version}-${hash.digest('hex').slice(0, 8)}`;
}

const sharedDir = path.resolve(import.meta.dirname, '../..');

/** Everything an app's bundle is made from: its sources and config, the shared package, the lockfile. */
export function appBuildVersion(appDir: string): string {
  return buildVersion(appDir, [
    path.join(appDir, 'src'),
    path.join(appDir, 'package.json'),
    path.join(appDir, 'webpack.config.ts'),
    path.join(sharedDir, 'src'),
    path.join(sharedDir, 'package.json'),
    ...[path.resolve(appDir, '../package-lock.json')].filter(existsSync),
  ]);
}
