/**
 * Canaries that abort themselves (decision 025, docs/security.md item 47): an auth canary whose pages throw as
 * they render is released to half the browsers; each one that opens it reports the crash from its own address;
 * once enough networks have, the server aborts the canary through the release engine, the history says why in
 * numbers, and the next visitor in the canary's half gets the stable version. `npm run releases -- status` shows
 * the canary's counts meanwhile. Reports forged from a few loopback addresses, with a real report token from
 * /remotes.json, neither abort a healthy canary nor save a broken one: each address's network is one vote.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { canaryBucket } from '@studyhub/contract';
import { CONTRACT_VERSION } from '@studyhub/contract';
import { releaseBuild } from '@studyhub/tooling/deploy';
import { writeAreaBuild } from '@studyhub/tooling/test-support/fixture-builds';
import { expect, test, type OpenWindow } from '../support/fixtures';
import type { ProblemFilter } from '../support/problems';
import { deployDir, url } from '../support/env';
import { areaUnavailable } from '../support/pages';
import {
  areaThatRendersNothing,
  areaThatThrows,
  deployPath,
  liveVersion,
  npmRun,
  outcome,
  readDeployFile,
  shownVersion,
} from '../support/releases';
import { replaceRemotesText } from '../support/remotes';

const AREA = 'auth';
const BROKEN = 'e2e: this auth canary throws as it renders, on purpose';
/** The canary guard's default: the canary is judged once this many networks reported it. */
const MIN_SOURCES = 10;
/** Browsers opening pages at once. */
const AT_ONCE = 5;
const REPORT_URL = /\/api\/telemetry\/area-error$/;
/** Loopback addresses a forger posts from (the server trusts X-Forwarded-For from loopback): each test's in one /24. */
const forgers = (network: number) => [2, 3, 4].map((host) => `127.0.${network}.${host}`);
/** Visitors' addresses, each in a network (an IPv4 /24) of its own, so that each is one source. */
const visitorAddress = (group: number, index: number) => `10.${group}.${index}.7`;
const STABLE_VISITORS = 201;
const HEALTHY_VISITORS = 202;
const BROKEN_VISITORS = 203;

/** React's report of the crash its boundary caught. */
const crashReported: ProblemFilter = (problem) => problem.kind === 'console' && problem.text.includes(BROKEN);

let stable: string;
let remotesBefore: string;
let shellShared: { name: string; version: string }[];
const buildDirs: string[] = [];

/**
 * A version of its own for each canary a run releases: the server judges a version by its reports of the last ten
 * minutes, so a second run against the same site (--repeat-each) would inherit the first one's verdict.
 */
const canaryVersion = (kind: 'healthy' | 'broken') => `${stable}-${kind}-${randomUUID().slice(0, 8)}`;

/** Browser ids (kept in localStorage) whose bucket for the auth area falls inside or outside a 50% canary. */
function canaryIds(inside: boolean, count: number, skip = 0): string[] {
  const ids: string[] = [];
  for (let index = 0; ids.length < skip + count; index += 1) {
    const id = `e2e-canary-abort-${index}`;
    if (canaryBucket(AREA, id) < 50 === inside) ids.push(id);
  }
  return ids.slice(skip);
}

/** Releases an auth build of `version` whose remote entry is `entrySource` as a 50% canary. */
function releaseCanary(version: string, entrySource: string): void {
  const buildDir = writeAreaBuild(mkdtempSync(path.join(tmpdir(), 'studyhub-e2e-canary-')), AREA, version, {
    contractVersion: CONTRACT_VERSION,
    react: shellShared.find((shared) => shared.name === 'react')?.version,
    sharedNeeds: [],
    entrySource,
  });
  buildDirs.push(buildDir);
  // Past every release check: nothing in the build says how it will behave.
  expect(releaseBuild(deployDir(), AREA, buildDir, { canaryPercent: 50 }).result).toBe('canary');
}

interface Visitor {
  /** Its canary id, which decides whether it gets the canary. */
  id: string;
  address: string;
}

/** Visitors whose ids fall inside or outside a 50% canary, each in a network of its own from `group`. */
function visitors(group: number, inside: boolean, count: number, skip = 0): Visitor[] {
  return canaryIds(inside, count, skip).map((id, index) => ({
    id,
    address: visitorAddress(group, skip + index),
  }));
}

/**
 * A visitor with its own browser and address opens the login page and waits for the report of what happened:
 * `ok` from the stable version (its Login button shows) or the quiet canary, `render` from the broken one.
 */
async function visit(
  open: OpenWindow,
  { id, address }: Visitor,
  expected: 'ok' | 'render',
  shows: 'login' | 'nothing' = 'login',
): Promise<Page> {
  const { context, page } = await open({ allow: [crashReported], address });
  await context.addInitScript((canaryId) => localStorage.setItem('canaryId', canaryId), id);
  const reported = page.waitForResponse(
    (response) =>
      REPORT_URL.test(response.url()) && response.request().postData()?.includes(`"${expected}"`) === true,
  );
  await page.goto('/login');
  if (expected === 'render') await areaUnavailable(page).waitFor();
  else if (shows === 'login') await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
  expect((await reported).status()).toBe(204);
  return page;
}

async function visitAll(
  open: OpenWindow,
  group: Visitor[],
  expected: 'ok' | 'render',
  shows?: 'login' | 'nothing',
): Promise<void> {
  for (let start = 0; start < group.length; start += AT_ONCE) {
    await Promise.all(
      group.slice(start, start + AT_ONCE).map((visitor) => visit(open, visitor, expected, shows)),
    );
  }
}

/**
 * `count` reports of `kind` for `version` from each of `addresses`, with a token fetched from /remotes.json as a
 * page would.
 */
async function forge(
  addresses: string[],
  version: string,
  kind: 'ok' | 'load' | 'render',
  count: number,
): Promise<void> {
  const token = (await fetch(url('/remotes.json'))).headers.get('report-token');
  expect(token).toEqual(expect.stringContaining(version));
  for (const from of addresses) {
    for (let sent = 0; sent < count; sent += 1) {
      const reply = await fetch(url('/api/telemetry/area-error'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
        body: JSON.stringify({ area: AREA, version, kind, token }),
      });
      expect(reply.status).toBe(204);
    }
  }
}

/** Waits for the server to abort `version`, which follows the report that decided it. */
async function abortOf(version: string): Promise<void> {
  for (let deadline = Date.now() + 10_000; canaryRunning(version) && Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const canaryRunning = (version: string) => readDeployFile('remotes.json').includes(version);
const authHistory = () =>
  (
    JSON.parse(readFileSync(deployPath('history.json'), 'utf8')) as Record<
      string,
      { action: string; version: string; reason?: string }[]
    >
  )[AREA]!;

async function statusLine(): Promise<string> {
  const status = await npmRun('releases', ['status']);
  expect(outcome(status)).toEqual({ code: 0, output: '' });
  return status.output;
}

test.beforeAll(() => {
  remotesBefore = readDeployFile('remotes.json');
  stable = liveVersion(AREA);
  const shellVersion = (JSON.parse(readDeployFile('shell.json')) as { version: string }).version;
  shellShared = (
    JSON.parse(readDeployFile('releases', 'shell', shellVersion, 'mf-manifest.json')) as {
      shared: { name: string; version: string }[];
    }
  ).shared;
});

test.afterEach(() => {
  // Each test starts from, and leaves, the auth area the other test files found.
  replaceRemotesText(remotesBefore);
});

test.afterAll(() => {
  for (const buildDir of buildDirs) rmSync(buildDir, { recursive: true, force: true });
});

test('failures forged from a few loopback addresses do not abort a healthy canary', async ({ open }) => {
  test.setTimeout(120_000);
  const healthy = canaryVersion('healthy');
  releaseCanary(healthy, areaThatRendersNothing(AREA, healthy, CONTRACT_VERSION));
  await visitAll(open, visitors(HEALTHY_VISITORS, true, AT_ONCE), 'ok', 'nothing');
  // 120 failures: under counting by reports, they aborted it at once.
  await forge(forgers(0), healthy, 'load', 20);
  await forge(forgers(0), healthy, 'render', 20);
  // What the forger sent is its network's one vote; the browsers are five more.
  expect(await statusLine()).toContain(
    `canary in the last 10 min: 1 of ${AT_ONCE + 1} sources failed (17 %)`,
  );
  expect(canaryRunning(healthy)).toBe(true);
  expect(authHistory().filter((event) => event.action === 'abort' && event.version === healthy)).toEqual([]);
});

test('a canary that crashes in browsers is aborted by the server, says why, and users get stable; a flood of forged `ok` does not save it', async ({
  open,
}) => {
  test.setTimeout(180_000);
  const canary = canaryVersion('broken');
  releaseCanary(canary, areaThatThrows(AREA, canary, CONTRACT_VERSION, BROKEN));
  const started = Date.now();
  await visitAll(open, visitors(STABLE_VISITORS, false, 3), 'ok');
  // 150 `ok` from the forger's network: under counting by reports, they hid the crashes that follow.
  await forge(forgers(1), canary, 'ok', 50);
  const broken = visitors(BROKEN_VISITORS, true, MIN_SOURCES - 1);
  await visitAll(open, broken.slice(0, -1), 'render');
  expect(canaryRunning(canary)).toBe(true);

  // Below the minimum sample (the forger's network and 8 browsers' networks) it keeps running; the operator sees
  // its counts.
  expect(await statusLine()).toMatch(
    new RegExp(
      `auth +live ${stable} +canary ${canary} for 50%\\n +canary in the last 10 min: 8 of 9 sources failed ` +
        `\\(89 %\\); stable: \\d+ of \\d+ sources failed`,
    ),
  );

  // The 10th source.
  await visit(open, broken.at(-1)!, 'render');
  await abortOf(canary);
  expect(canaryRunning(canary)).toBe(false);
  expect(readDeployFile('remotes.json')).toBe(remotesBefore);
  const abort = authHistory().at(-1)!;
  expect(abort).toMatchObject({ action: 'abort', version: canary });
  expect(abort.reason).toMatch(
    /^aborted automatically: 9 of 10 sources failed \(90 %\) vs stable \d+ of \d+ \(.+\) in the last 10 min$/,
  );
  expect(authHistory().filter((event) => event.action === 'abort' && event.version === canary)).toHaveLength(
    1,
  );
  console.log(
    `${MIN_SOURCES - 1} broken canary visitors to an automatic abort in ${((Date.now() - started) / 1000).toFixed(1)} s: ${abort.reason}`,
  );

  // A visitor of the canary's half now gets the stable version.
  const page = await visit(open, visitors(BROKEN_VISITORS, true, 1, MIN_SOURCES)[0]!, 'ok');
  expect(await shownVersion(page, AREA)).toBe(stable);
  expect(await statusLine()).toContain(abort.reason!);
});
