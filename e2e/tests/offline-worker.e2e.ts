/**
 * The shell's service worker on a phone (decision 035): it controls the page after one visit; with the network
 * off, Home, About and a year page load from what it kept; release, canary, abort and rollback each show up at the
 * next online load with every area file from the live revision; and a new revision with a file missing never
 * replaces the complete one it kept. The tests build on each other in order and leave remotes.json as it was.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { canaryBucket } from '@studyhub/contract';
import { expect, test } from '../support/fixtures';
import { seeHeading } from '../support/pages';
import { demoSession } from '../support/session';
import { deployPath, liveVersion, npmRun, outcome, readDeployFile, shownVersion } from '../support/releases';
import { readRemotes, replaceRemotesText } from '../support/remotes';
import {
  controlledPhone,
  HOME_HEADING,
  keptRemotes,
  lastFill,
  offlineFailures,
  recordAreaFiles,
} from '../support/service-worker';

const YEAR_HEADING = 'Third Year CSE Engineering Notes';

let v1: string;
let remotesBefore: string;
/** Copies of notes v1 released under versions of their own, removed at the end. */
const copies: string[] = [];

test.beforeAll(() => {
  v1 = liveVersion('notes');
  remotesBefore = readDeployFile('remotes.json');
});

test.afterAll(() => {
  replaceRemotesText(remotesBefore);
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

/**
 * Notes v1's build as a build of `version` (its build-info.json says so), outside the deploy folder, for a
 * release; `without` leaves one of its files out.
 */
function notesCopy(version: string, without?: string): string {
  const dir = deployPath('..', `${path.basename(deployPath())}-${version}`);
  cpSync(deployPath('releases', 'notes', v1), dir, { recursive: true });
  const infoFile = path.join(dir, 'build-info.json');
  const info = JSON.parse(readFileSync(infoFile, 'utf8')) as Record<string, unknown>;
  writeFileSync(infoFile, JSON.stringify({ ...info, version }));
  if (without)
    for (const file of [without, `${without}.gz`, `${without}.br`])
      rmSync(path.join(dir, file), { force: true });
  copies.push(dir);
  return dir;
}

/** The versions each area runs at the next load as remotes.json says, with this browser's canary choice. */
function expectedVersions(canaryId = ''): Record<string, string> {
  const remotes = JSON.parse(readDeployFile('remotes.json')) as Record<
    string,
    { version: string; canary?: { version: string; percent: number } }
  >;
  return Object.fromEntries(
    Object.entries(remotes).map(([area, remote]) => [
      area,
      remote.canary && canaryId && canaryBucket(area as 'notes', canaryId) < remote.canary.percent
        ? remote.canary.version
        : remote.version,
    ]),
  );
}

/**
 * Opens the year page and checks that every area file the load fetched belongs to the versions expected (the
 * copies of notes v1 report v1 as their build, so the files' folders tell the versions apart).
 */
async function loadShowsOneRevision(page: Page, expected: Record<string, string>): Promise<void> {
  const files = recordAreaFiles(page);
  const navigation = await page.goto('/notes/ThirdYear');
  await seeHeading(page, YEAR_HEADING);
  await shownVersion(page, 'notes');
  // The server names the live version's first files for preloading (decision 014), canary or not: fetched
  // ahead, run only by the pages that choose that version.
  const preloaded = [...(navigation?.headers().link ?? '').matchAll(/<([^>]+)>/g)].map(
    ([, path]) => new URL(path!, page.url()).href,
  );
  expect(files.some(({ area, version }) => area === 'notes' && version === expected.notes)).toBe(true);
  expect(
    files.filter(({ area, version, url }) => expected[area] !== version && !preloaded.includes(url)),
  ).toEqual([]);
}

test.describe.configure({ mode: 'serial' });

test('a worker controls the page after one visit, and the pages read offline come from what it kept', async ({
  open,
}) => {
  const { context, page } = await controlledPhone(open, { signedIn: true, allow: [offlineFailures] });
  await expect.poll(() => keptRemotes(page), { timeout: 30_000 }).toEqual(readRemotes());

  await context.setOffline(true);
  try {
    for (const [url, heading] of [
      ['/', HOME_HEADING],
      ['/about', 'About StudyHub'],
      ['/notes/ThirdYear', YEAR_HEADING],
    ] as const) {
      const remotesReply = page.waitForResponse((response) => response.url().endsWith('/remotes.json'));
      const navigation = await page.goto(url);
      expect(navigation?.fromServiceWorker()).toBe(true);
      await seeHeading(page, heading);
      // The copy the worker kept, not the server's answer: that one carries the server's report token.
      expect((await remotesReply).headers()['report-token']).toBeUndefined();
    }
    expect(await shownVersion(page, 'notes')).toBe(v1);
  } finally {
    await context.setOffline(false);
  }
});

test('release, canary, abort and rollback each show up at the next online load, every area file of one revision', async ({
  open,
}) => {
  test.setTimeout(180_000);
  // A signed-in student's canary is decided by their id: a share just large enough to take them in.
  const canaryId = demoSession('student').user._id;
  const share = canaryBucket('notes', canaryId) + 1;
  expect(share, 'the demo student falls in the last 1% of notes canaries').toBeLessThan(100);
  const { page } = await controlledPhone(open, { signedIn: true });
  await loadShowsOneRevision(page, expectedVersions(canaryId));

  const released = `${v1}-sw-release`;
  const canary = `${v1}-sw-canary`;
  const steps: [string, () => ReturnType<typeof npmRun>, string][] = [
    ['release', () => npmRun('release', ['notes', '--from', notesCopy(released)]), released],
    [
      'canary',
      () => npmRun('release', ['notes', '--from', notesCopy(canary), '--canary', String(share)]),
      canary,
    ],
    ['abort', () => npmRun('releases', ['abort', 'notes']), released],
    ['rollback', () => npmRun('rollback', ['notes']), v1],
  ];
  for (const [step, run, notesVersion] of steps) {
    await test.step(step, async () => {
      expect(outcome(await run())).toEqual({ code: 0, output: '' });
      const expected = expectedVersions(canaryId);
      expect(expected.notes).toBe(notesVersion);
      await loadShowsOneRevision(page, expected);
      // The worker keeps the revision this load ran, once every file of it has arrived.
      await expect.poll(() => keptRemotes(page), { timeout: 30_000 }).toEqual(readRemotes());
    });
  }
});

test('a new revision with a file missing never replaces the complete one kept', async ({ open }) => {
  const { context, page } = await controlledPhone(open, { signedIn: true, allow: [offlineFailures] });
  await expect.poll(() => keptRemotes(page), { timeout: 30_000 }).toEqual(readRemotes());
  const working = expectedVersions();

  // A build whose manifest names a file its folder lacks: the reader's chunk, which the year page never loads.
  const manifest = readDeployFile('releases', 'notes', v1, 'mf-manifest.json');
  const missing = (JSON.parse(manifest) as { exposes: { assets: { js: { async: string[] } } }[] }).exposes
    .flatMap((expose) => expose.assets.js.async)
    .find((file) => file.startsWith('pdf-reader.'))!;
  const broken = `${v1}-sw-broken`;
  cpSync(notesCopy(broken, missing), deployPath('releases', 'notes', broken), { recursive: true });
  const remotes = readRemotes();
  replaceRemotesText(
    `${JSON.stringify({ ...remotes, notes: { version: broken, entry: `/mfe/notes/${broken}/mf-manifest.json` } }, null, 2)}\n`,
  );

  // Online the page runs the broken revision as the server says; the worker's fill of it stops at the gap.
  await loadShowsOneRevision(page, expectedVersions());
  await expect
    .poll(() => lastFill(page), { timeout: 30_000 })
    .toEqual({
      complete: false,
      reason: `Not kept for offline use: /mfe/notes/${broken}/${missing} answered 404`,
      revision: expect.any(String),
    });
  expect(await keptRemotes(page)).toEqual(remotes);

  await context.setOffline(true);
  try {
    await loadShowsOneRevision(page, working);
  } finally {
    await context.setOffline(false);
    replaceRemotesText(remotesBefore);
  }
});
