/**
 * npm test: lint, typecheck, every package's jest suite, every area's isolated team pipeline (ci-area; the
 * shell's too), the replicas system test and the browser suite (Playwright), then one closing line
 * `N passed, N failed` summed over all of them (CI reads that line). Lint, typecheck and each area's ci-area
 * count as one check each.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APPS, ROOT } from './lib/apps';
import { CHROMIUM_PATH, hasChromium } from './lib/chromium';
import { run } from './lib/run';

interface Tally {
  name: string;
  passed: number;
  failed: number;
  seconds: number;
}

const JEST_PACKAGES = [
  'contract',
  'shared',
  'deploy-folder',
  'tooling',
  'shell',
  'mfe-auth',
  'mfe-notes',
  'mfe-syllabus',
  'mfe-admin',
];
const tallies: Tally[] = [];
const POSTGRES_ADDRESS = '127.0.0.1:5432';
const REDIS_ADDRESS = '127.0.0.1:6379';
const NGINX_PATH = process.env.NGINX_PATH || '/usr/sbin/nginx';

/** A developer machine may lack a service; the run says so loudly. CI never skips (see .ci/run). */
function warnSkipped(text: string): void {
  console.warn(`\n${'!'.repeat(78)}\n!! ${text}\n!! CI never skips it.\n${'!'.repeat(78)}\n`);
}

function reachable(address: string): Promise<boolean> {
  const [host, port] = address.split(':');
  return new Promise((resolve) => {
    const socket = connect({ host, port: Number(port), timeout: 1000 });
    const settle = (reachable: boolean) => {
      socket.destroy();
      resolve(reachable);
    };
    socket.once('connect', () => settle(true));
    socket.once('error', () => settle(false));
    socket.once('timeout', () => settle(false));
  });
}

const reportDir = mkdtempSync(path.join(tmpdir(), 'studyhub-test-'));

async function check(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<void> {
  const started = Date.now();
  const code = await run(command, args, { cwd: ROOT, env });
  tallies.push({
    name,
    passed: code === 0 ? 1 : 0,
    failed: code === 0 ? 0 : 1,
    seconds: (Date.now() - started) / 1000,
  });
}

interface JestReport {
  numPassedTests: number;
  numFailedTests: number;
  numRuntimeErrorTestSuites: number;
  numTotalTests: number;
}

async function jestSuite(
  name: string,
  workspace: string,
  env: NodeJS.ProcessEnv = {},
  script = 'test',
): Promise<void> {
  const started = Date.now();
  const outputFile = path.join(reportDir, `${name.replace(/\W+/g, '-')}.json`);
  const args = ['run', script, '--silent', '-w', workspace, '--', '--json', `--outputFile=${outputFile}`];
  const code = await run('npm', args, { cwd: ROOT, env });
  let passed = 0;
  let failed = 0;
  try {
    const report = JSON.parse(readFileSync(outputFile, 'utf8')) as JestReport;
    passed = report.numPassedTests;
    // A suite that cannot even start counts as a failure, as does a run that found no tests at all.
    failed = report.numFailedTests + report.numRuntimeErrorTestSuites + (report.numTotalTests === 0 ? 1 : 0);
  } catch {
    failed = 1;
  }
  if (code !== 0 && failed === 0) failed = 1;
  tallies.push({ name, passed, failed, seconds: (Date.now() - started) / 1000 });
}

/** Counts of Playwright's JSON reporter; `errors` happened outside any test (global setup, a file that fails). */
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors: unknown[];
}

/**
 * The browser suite (@playwright/test, decision 032): the list reporter for the reader, the JSON one for the
 * counts. A flaky test (there are no retries, so none should be) or a skipped one counts as failed in CI.
 */
async function playwrightSuite(name: string, workspace: string): Promise<void> {
  const started = Date.now();
  const outputFile = path.join(reportDir, `${name.replace(/\W+/g, '-')}.json`);
  const code = await run('npx', ['playwright', 'test', '--reporter=list,json'], {
    cwd: path.join(ROOT, workspace),
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: outputFile },
  });
  let passed = 0;
  let failed = 0;
  try {
    const { stats, errors } = JSON.parse(readFileSync(outputFile, 'utf8')) as PlaywrightReport;
    passed = stats.expected;
    failed = stats.unexpected + stats.flaky + errors.length;
    if (stats.skipped > 0 && process.env.CI) {
      console.error(`\nCI runs every browser test, but ${stats.skipped} were skipped.`);
      failed += stats.skipped;
    } else if (stats.skipped > 0) {
      warnSkipped(`${stats.skipped} browser test(s) SKIPPED.`);
    }
    // A run that found no tests at all is a failure too.
    if (passed + failed + stats.skipped === 0) failed = 1;
  } catch {
    failed = 1;
  }
  if (code !== 0 && failed === 0) failed = 1;
  tallies.push({ name, passed, failed, seconds: (Date.now() - started) / 1000 });
}

await check('lint', 'npm', ['run', '--silent', 'lint']);
await check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
for (const workspace of JEST_PACKAGES) await jestSuite(workspace, workspace);
// Every app's team pipeline in a checkout without the other apps: proves each one independent. The release
// checks run as a dry run against an empty deploy folder, so a local ./deploy cannot sway them. Measured on
// 2 cores: 30–65 s per app. Their builds are not reused by the browser suite: made in
// another folder (node_modules reached through links), they are valid builds but not the bytes the
// workspace builds, and a version is one set of bytes (decision 019).
for (const app of APPS) {
  await check(`ci-area ${app.name}`, 'npm', ['run', '--silent', 'ci-area', '--', app.name], {
    DEPLOY_DIR: mkdtempSync(path.join(reportDir, 'deploy-')),
  });
}

// The API suite runs on both databases (SQLite embedded, PostgreSQL when reachable; always in CI).
await jestSuite('api sqlite', 'api', { STUDYHUB_TEST_DB: 'sqlite' });
if (await reachable(POSTGRES_ADDRESS)) {
  await jestSuite('api postgres', 'api', { STUDYHUB_TEST_DB: 'postgres' });
} else if (process.env.CI) {
  console.error(
    `\nCI requires the PostgreSQL run of the API suite, but nothing answers at ${POSTGRES_ADDRESS}.`,
  );
  tallies.push({ name: 'api postgres', passed: 0, failed: 1, seconds: 0 });
} else {
  warnSkipped(`API suite on PostgreSQL SKIPPED: nothing answers at ${POSTGRES_ADDRESS}.`);
}

// Two compiled replicas behind nginx on PostgreSQL and Redis (decision 024). It prints its own figures.
const systemNeeds = [
  ...(existsSync(NGINX_PATH) ? [] : [`nginx (${NGINX_PATH})`]),
  ...((await reachable(POSTGRES_ADDRESS)) ? [] : [`PostgreSQL at ${POSTGRES_ADDRESS}`]),
  ...((await reachable(REDIS_ADDRESS)) ? [] : [`Redis at ${REDIS_ADDRESS}`]),
];
if (systemNeeds.length === 0 || process.env.CI) {
  // In CI a missing service fails the suite itself, naming what is missing.
  await jestSuite('system replicas', 'api', {}, 'test:system');
} else {
  warnSkipped(`Replicas system test SKIPPED: it needs ${systemNeeds.join(', ')}.`);
}

if (hasChromium()) {
  await playwrightSuite('e2e', 'e2e');
} else if (process.env.CI) {
  console.error(`\nCI requires the browser suite, but Chromium is missing at ${CHROMIUM_PATH}.`);
  tallies.push({ name: 'e2e', passed: 0, failed: 1, seconds: 0 });
} else {
  warnSkipped(
    `Browser suite SKIPPED: no Chromium at ${CHROMIUM_PATH}. Install it (apt-get install chromium).`,
  );
}
rmSync(reportDir, { recursive: true, force: true });

console.log(`\nSuite              passed  failed  seconds  (Node ${process.version})`);
for (const tally of tallies) {
  console.log(
    `${tally.name.padEnd(18)} ${String(tally.passed).padStart(6)}  ${String(tally.failed).padStart(6)}  ${tally.seconds.toFixed(1).padStart(7)}`,
  );
}
const passed = tallies.reduce((sum, tally) => sum + tally.passed, 0);
const failed = tallies.reduce((sum, tally) => sum + tally.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
