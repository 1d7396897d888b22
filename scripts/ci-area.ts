/**
 * npm run ci-area -- <app>: one app's pipeline the way its team's CI runs it, in a checkout that holds only that
 * app and the shared package (no other area, no shell): lint, typecheck, unit tests, production build, then the
 * release checks as a dry run against the deploy folder (DEPLOY_DIR or ./deploy; nothing there is changed).
 * If the app needed anything else of the repository, this run would fail.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isolatedCheckout, WORKSPACE_PACKAGES } from '@studyhub/tooling/build';
import { releaseBuild } from '@studyhub/tooling/deploy';
import { ROOT } from './lib/apps';
import { appNamed, deployDir, runCommand, UsageError } from './lib/cli';
import { run } from './lib/run';

const USAGE = 'usage: npm run ci-area -- <shell|auth|notes|syllabus|admin>';
/** What a checkout of one app needs from the repository root besides the shared package. */
const ROOT_FILES = [
  'package-lock.json',
  'tsconfig.base.json',
  'eslint.config.js',
  '.prettierrc.json',
  '.prettierignore',
];

/**
 * A checkout with just the root configuration, copies of the workspace packages (contract, shared, deploy-folder,
 * tooling) and the one app (isolatedCheckout), whose package.json names only those workspaces.
 */
function appCheckout(appFolder: string): string {
  const checkout = isolatedCheckout({
    root: ROOT,
    rootFiles: ROOT_FILES,
    folders: [...WORKSPACE_PACKAGES, appFolder],
    prefix: `studyhub-ci-${appFolder}-`,
  });
  const rootPackage = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  writeFileSync(
    path.join(checkout, 'package.json'),
    `${JSON.stringify({ ...rootPackage, workspaces: [...WORKSPACE_PACKAGES, appFolder] }, null, 2)}\n`,
  );
  return checkout;
}

await runCommand(USAGE, async () => {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  if (positionals.length !== 1) throw new UsageError('Name exactly one app.');
  const app = appNamed(positionals[0]);
  const checkout = appCheckout(app.dir);
  const appPath = path.join(checkout, app.dir);
  const steps: [string, string[], string][] = [
    ['lint', ['npx', 'eslint', '--max-warnings', '0', app.dir], checkout],
    ['format', ['npx', 'prettier', '--check', app.dir], checkout],
    ['typecheck', ['npm', 'run', '--silent', 'typecheck'], appPath],
    ['unit tests', ['npm', 'test', '--silent'], appPath],
    ['build', ['npm', 'run', '--silent', 'build'], appPath],
  ];
  try {
    for (const [name, [command, ...args], cwd] of steps) {
      const started = Date.now();
      console.log(`\n== ${app.dir}: ${name}`);
      const code = await run(command!, args, { cwd });
      if (code !== 0) throw new Error(`${app.dir}: ${name} failed (exit code ${code}).`);
      console.log(`== ${app.dir}: ${name} passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    const outcome = releaseBuild(deployDir, app.name, path.join(appPath, 'dist'), { dryRun: true });
    const against =
      outcome.checkedAgainst.length > 0
        ? `against ${outcome.checkedAgainst.join(', ')}`
        : `alone (nothing is live in ${deployDir} to compare with)`;
    console.log(`\n== ${app.dir}: release checks of ${outcome.version} passed ${against}.`);
  } finally {
    rmSync(checkout, { recursive: true, force: true });
  }
});
