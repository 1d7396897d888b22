/**
 * Canaries that abort themselves (issue 15, decision 025): an auth canary whose pages throw as they render is
 * released to half the browsers; each one that opens it reports the crash; once enough have, the server aborts
 * the canary through the release engine, the history says why in numbers, and the next visitor in the canary's
 * half gets the stable version. `npm run releases -- status` shows the canary's failure counts meanwhile.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import type { Page } from 'playwright-core';
import { canaryBucket } from '@studyhub/contract';
import { CONTRACT_VERSION } from '@studyhub/contract';
import { releaseBuild } from '@studyhub/tooling/deploy';
import { writeAreaBuild } from '@studyhub/tooling/deploy/fixture-builds';
import { setUpBrowser, type ProblemFilter } from '../support/browser';
import { deployDir } from '../support/env';
import { areaUnavailable } from '../support/pages';
import {
  areaThatThrows,
  deployPath,
  liveVersion,
  npmRun,
  outcome,
  readDeployFile,
  shownVersion,
} from '../support/releases';
import { replaceRemotesText } from '../support/remotes';

const browser = setUpBrowser();
const AREA = 'auth';
const BROKEN = 'e2e: this auth canary throws as it renders, on purpose';
/** The canary guard's default: the canary is judged from its 20th load on. */
const MIN_LOADS = 20;
/** Browsers opening pages at once. */
const AT_ONCE = 5;
const REPORT_URL = /\/api\/telemetry\/area-error$/;

/** React's report of the crash its boundary caught. */
const crashReported: ProblemFilter = (problem) => problem.kind === 'console' && problem.text.includes(BROKEN);

let stable: string;
let canary: string;
let buildDir: string;
let remotesBefore: string;

/** Browser ids (kept in localStorage) whose bucket for the auth area falls inside or outside a 50% canary. */
function canaryIds(inside: boolean, count: number): string[] {
  const ids: string[] = [];
  for (let index = 0; ids.length < count; index += 1) {
    const id = `e2e-canary-abort-${index}`;
    if (canaryBucket(AREA, id) < 50 === inside) ids.push(id);
  }
  return ids;
}

/** A visitor with its own browser and address opens the login page and waits for the report of what happened. */
async function visit(id: string, expected: 'ok' | 'render'): Promise<Page> {
  const { context, page } = await browser.open({ allow: [crashReported] });
  await context.addInitScript((canaryId) => localStorage.setItem('canaryId', canaryId), id);
  const reported = page.waitForResponse(
    (response) =>
      REPORT_URL.test(response.url()) && response.request().postData()?.includes(`"${expected}"`) === true,
  );
  await page.goto('/login');
  if (expected === 'render') await areaUnavailable(page).waitFor();
  else await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
  expect((await reported).status()).toBe(204);
  return page;
}

async function visitAll(ids: string[], expected: 'ok' | 'render'): Promise<void> {
  for (let start = 0; start < ids.length; start += AT_ONCE) {
    await Promise.all(ids.slice(start, start + AT_ONCE).map((id) => visit(id, expected)));
  }
}

const canaryRunning = () => readDeployFile('remotes.json').includes(canary);

beforeAll(() => {
  remotesBefore = readDeployFile('remotes.json');
  stable = liveVersion(AREA);
  canary = `${stable}-broken`;
  const shellVersion = (JSON.parse(readDeployFile('shell.json')) as { version: string }).version;
  const shellShared = (
    JSON.parse(readDeployFile('releases', 'shell', shellVersion, 'mf-manifest.json')) as {
      shared: { name: string; version: string }[];
    }
  ).shared;
  buildDir = writeAreaBuild(mkdtempSync(path.join(tmpdir(), 'studyhub-e2e-broken-')), AREA, canary, {
    contractVersion: CONTRACT_VERSION,
    react: shellShared.find((shared) => shared.name === 'react')?.version,
    sharedNeeds: [],
    entrySource: areaThatThrows(AREA, canary, CONTRACT_VERSION, BROKEN),
  });
  // Past every release check: nothing in the build says it will throw.
  expect(releaseBuild(deployDir(), AREA, buildDir, { canaryPercent: 50 }).result).toBe('canary');
});

afterAll(() => {
  rmSync(buildDir, { recursive: true, force: true });
  // Whatever happened above, the other test files get the auth area they found.
  replaceRemotesText(remotesBefore);
});

test('a canary that crashes in browsers is aborted by the server, says why, and users get stable', async () => {
  const started = Date.now();
  const inCanary = canaryIds(true, MIN_LOADS);
  await visitAll(canaryIds(false, 3), 'ok');
  await visitAll(inCanary.slice(0, 10), 'render');
  expect(canaryRunning()).toBe(true);

  // Below the minimum sample it keeps running; the operator sees its counts.
  const status = await npmRun('releases', ['status']);
  expect(outcome(status)).toEqual({ code: 0, output: '' });
  expect(status.output).toMatch(
    new RegExp(
      `auth +live ${stable} +canary ${canary} for 50%\\n +canary in the last 10 min: 10 of 10 loads failed ` +
        `\\(100 %\\); stable: \\d+ of \\d+ loads failed`,
    ),
  );

  await visitAll(inCanary.slice(10), 'render');
  // The last report arrives with the last page; the abort follows it.
  for (const deadline = Date.now() + 5000; canaryRunning() && Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(canaryRunning()).toBe(false);
  expect(readDeployFile('remotes.json')).toBe(remotesBefore);
  const events = (
    JSON.parse(readFileSync(deployPath('history.json'), 'utf8')) as Record<
      string,
      { action: string; version: string; reason?: string }[]
    >
  )[AREA]!;
  const abort = events.at(-1)!;
  expect(abort).toMatchObject({ action: 'abort', version: canary });
  expect(abort.reason).toMatch(
    /^aborted automatically: \d+ of 20 loads failed \(\d+ %\) vs stable \d+ of \d+ \(\d+ %\) in the last 10 min$/,
  );
  expect(events.filter((event) => event.action === 'abort' && event.version === canary)).toHaveLength(1);
  console.log(
    `${MIN_LOADS} broken canary loads to an automatic abort in ${((Date.now() - started) / 1000).toFixed(1)} s: ${abort.reason}`,
  );

  // A visitor of the canary's half now gets the stable version.
  const page = await visit(canaryIds(true, 1)[0]!, 'ok');
  expect(await shownVersion(page, AREA)).toBe(stable);
  const after = await npmRun('releases', ['status']);
  expect(after.output).toContain(abort.reason!);
}, 120_000);
