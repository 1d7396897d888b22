/**
 * The workspace packages every app's bundle is made from (decision 027), found the way the app's own imports find
 * them, so the same code serves the repository and an isolated checkout (ci-area) alike.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => path.resolve(path.dirname(require.resolve(name)), '..');
/** A package's sources as its version hashes them. */
export const packageSources = (dir: string) => [path.join(dir, 'src'), path.join(dir, 'package.json')];

/** The browser platform, the one package shared at run time as a federation singleton. */
export const PLATFORM_PACKAGE = '@studyhub/shared';
export const CONTRACT_PACKAGE = '@studyhub/contract';
export const TOOLING_PACKAGE = '@studyhub/tooling';

export const platformDir = packageDir(PLATFORM_PACKAGE);
export const contractDir = packageDir(CONTRACT_PACKAGE);
export const toolingDir = path.resolve(import.meta.dirname, '../..');

/** Workspace packages whose files a bundle names by package rather than by absolute path. */
export const BUNDLED_PACKAGE_DIRS: Readonly<Record<string, string>> = {
  [PLATFORM_PACKAGE]: platformDir,
  [CONTRACT_PACKAGE]: contractDir,
};

/** Everything from the workspace packages that goes into an app's bundle (the config factory included). */
export const PACKAGE_SOURCES: readonly string[] = [platformDir, contractDir, toolingDir].flatMap(
  packageSources,
);
