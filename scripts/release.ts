/**
 * npm run release -- <app> [--canary <percent>] [--build-id <id>] [--from <build folder>] [--dry-run]
 * npm run release -- <app> <app>… [--build-id <id>]
 *
 * Tests and builds one app alone (or takes a finished build with --from), checks it against what is live,
 * publishes it as an immutable version under deploy/releases/<app>/<version>/ and makes it live — or, with
 * --canary, serves it to that share of browsers beside the live version. Several apps are released together
 * (decision 014): each is checked against the others and what stays live, nothing goes live unless all pass, and
 * the shell is pointed first — how an area that needs a newer shared package ships with its shell (decision 020).
 * See docs/operations.md.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BUILD_ID_ENV, BUILD_ID_PATTERN, buildIdFromEnv } from '@studyhub/tooling/build';
import { isCanaryPercent } from '@studyhub/contract';
import { releaseBuild, releaseTogether, type ReleaseOutcome } from '@studyhub/tooling/deploy';
import { appNamed, deployDir, kib, runCommand, UsageError } from './lib/cli';
import { buildApp, distDir, testApp } from './lib/deploy-local';

const USAGE =
  'usage: npm run release -- <shell|auth|notes|syllabus|admin> [--canary <1-99>] [--build-id <id>] ' +
  '[--from <build folder>] [--dry-run]\n' +
  '       npm run release -- <app> <app>… [--build-id <id>]   (released together, the shell first)';

await runCommand(USAGE, async () => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      canary: { type: 'string' },
      'build-id': { type: 'string' },
      from: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
    },
  });
  if (positionals.length === 0) throw new UsageError('Name the app to release.');
  const apps = positionals.map(appNamed);
  if (new Set(apps).size !== apps.length) throw new UsageError('Name each app once.');
  const app = apps[0]!;
  if (apps.length > 1) {
    for (const option of ['canary', 'from', 'dry-run'] as const) {
      if (values[option]) throw new UsageError(`--${option} takes one app; several are released together.`);
    }
  }
  const canaryPercent = values.canary === undefined ? undefined : Number(values.canary);
  if (canaryPercent !== undefined && !isCanaryPercent(canaryPercent)) {
    throw new UsageError(`--canary takes a whole percentage from 1 to 99, got "${values.canary}".`);
  }
  const buildId = values['build-id'] ?? buildIdFromEnv();
  if (buildId !== undefined && !BUILD_ID_PATTERN.test(buildId)) {
    throw new UsageError(
      `A build id is 1–32 letters, digits, dots, dashes or underscores; got "${buildId}".`,
    );
  }
  if (values.from && values['build-id'])
    throw new UsageError('--from releases a finished build; it takes no --build-id.');

  const started = Date.now();
  if (apps.length > 1) {
    const builds: { app: (typeof apps)[number]['name']; dir: string }[] = [];
    for (const each of apps) {
      const testSeconds = await testApp(each);
      const buildSeconds = await buildApp(each, buildId);
      console.log(`${each.dir}: tests ${testSeconds.toFixed(1)} s, build ${buildSeconds.toFixed(1)} s`);
      builds.push({ app: each.name, dir: distDir(each) });
    }
    const outcomes = releaseTogether(deployDir, builds);
    for (const outcome of outcomes) report(outcome);
    const seconds = ((Date.now() - started) / 1000).toFixed(2);
    console.log(`Released together in ${seconds} s in all (${BUILD_ID_ENV}: ${buildId ?? 'none'})`);
    return;
  }
  let buildDir: string;
  if (values.from) {
    buildDir = path.resolve(values.from);
  } else {
    const testSeconds = await testApp(app);
    const buildSeconds = await buildApp(app, buildId);
    console.log(`${app.dir}: tests ${testSeconds.toFixed(1)} s, build ${buildSeconds.toFixed(1)} s`);
    buildDir = distDir(app);
  }
  const outcome = releaseBuild(deployDir, app.name, buildDir, { canaryPercent, dryRun: values['dry-run'] });
  if (!report(outcome, canaryPercent)) return;
  const seconds = ((Date.now() - started) / 1000).toFixed(2);
  console.log(`  ${seconds} s in all (${BUILD_ID_ENV}: ${buildId ?? 'none'})`);
});

/** Prints what a release did; false when it changed nothing. */
function report(outcome: ReleaseOutcome, canaryPercent?: number): boolean {
  const against = outcome.checkedAgainst.length > 0 ? outcome.checkedAgainst.join(', ') : 'nothing live';
  console.log(`Checked ${outcome.app} ${outcome.version} against ${against}.`);
  if (outcome.result === 'checked') {
    console.log(`Dry run: every check passed; nothing was changed in ${deployDir}.`);
    return false;
  }
  if (outcome.result === 'already-live') {
    console.log(`${outcome.app} ${outcome.version} is already live; nothing was changed.`);
    return false;
  }
  const copied = outcome.copied
    ? `published ${outcome.copied.files} files, ${kib(outcome.copied.bytes)}`
    : 'this version was published already';
  const what =
    outcome.result === 'canary'
      ? `is a canary for ${canaryPercent}% of browsers`
      : 'is live; the next page load gets it';
  console.log(`${outcome.app} ${outcome.version} ${what}.`);
  console.log(`  ${copied}; pointers written ${kib(outcome.pointerBytes)}`);
  if (outcome.sourceMaps) {
    const { dir, files, bytes } = outcome.sourceMaps;
    console.log(`  source maps (not served): ${files} files, ${kib(bytes)} in ${dir}`);
  }
  return true;
}
