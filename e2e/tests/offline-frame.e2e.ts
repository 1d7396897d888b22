/**
 * Installable, offline states and thin data on a phone (decision 037): the web app manifest every page links, its
 * icons as stated; the frame's "Offline" word; the syllabus page reached while offline says so and loads by itself
 * once the connection returns; with Save-Data Home warms nothing, without it one area at most.
 */
import type { Page } from '@playwright/test';
import { MESSAGES, WEB_APP_MANIFEST_FILE } from '@studyhub/contract';
import { url } from '../support/env';
import { expect, test } from '../support/fixtures';
import { seeHeading } from '../support/pages';
import type { ProblemFilter } from '../support/problems';
import { PHONE } from '../support/service-worker';
import { emulateSaveData, settleWarmUps } from '@studyhub/tooling/test-support/thin-data';

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/** The header's buttons work once React listens; before that a tap would be lost (decision 014). */
async function pageIsLive(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: /^Switch to (dark|light) mode$/ })).toBeEnabled();
}

interface Manifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

test('the web app manifest: linked from every page, read by Chromium without errors, its icons as stated', async ({
  open,
}) => {
  const { context, page } = await open({ device: PHONE });
  for (const path of ['/', '/about', '/notes/ThirdYear', '/syllabus']) {
    await page.goto(url(path));
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', `/${WEB_APP_MANIFEST_FILE}`);
    await expect(page.locator('meta[name="theme-color"]')).toHaveCount(2);
  }

  // Chromium's own reading of the manifest: what it would install, and every problem it found.
  const cdp = await context.newCDPSession(page);
  const read = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data: string };
  expect(read.url).toBe(url(`/${WEB_APP_MANIFEST_FILE}`));
  expect(read.errors).toEqual([]);

  const reply = await page.request.get(url(`/${WEB_APP_MANIFEST_FILE}`));
  expect(reply.status()).toBe(200);
  expect(reply.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  expect(reply.headers()['cache-control']).toBe('no-cache');
  const manifest = (await reply.json()) as Manifest;
  expect(JSON.parse(read.data)).toEqual(manifest);
  expect(manifest).toMatchObject({
    id: '/',
    name: 'StudyHub',
    short_name: 'StudyHub',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    background_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
  });
  expect(manifest.description).not.toBe('');
  expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);

  const appleTouchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  const icons = [...manifest.icons, { src: appleTouchIcon ?? '(none)', sizes: '180x180', type: 'image/png' }];
  for (const { src, sizes, type } of icons) {
    const icon = await page.request.get(url(src));
    expect(icon.status(), src).toBe(200);
    expect(icon.headers()['content-type'], src).toBe(type);
    expect(pngSize(await icon.body()), src).toBe(sizes);
  }
});

test('the frame says "Offline" while the phone has no network, and nothing once it is back', async ({
  open,
}) => {
  const { context, page } = await open({ device: PHONE });
  await page.goto(url('/'));
  await pageIsLive(page);
  const indicator = page.getByTestId('offline-indicator');
  await expect(indicator).toBeEmpty();
  const emptyHeight = (await indicator.boundingBox())?.height;
  expect(emptyHeight).toBe(0);

  await context.setOffline(true);
  await expect(indicator).toHaveText('Offline · Saved for offline');
  await expect(indicator).toHaveAttribute('role', 'status');
  await context.setOffline(false);
  await expect(indicator).toBeEmpty();
});

/** What a phone that lost its network logs: the browser's failed loads and the syllabus read's own line. */
const OFFLINE_PROBLEMS: ProblemFilter[] = [
  (problem) => problem.text.includes('net::ERR_INTERNET_DISCONNECTED'),
  (problem) => problem.kind === 'console' && problem.text.startsWith('Failed to load syllabus'),
];

async function openSyllabusFromMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).tap();
  await page.getByRole('navigation', { name: 'Mobile menu' }).getByRole('link', { name: 'Syllabus' }).tap();
}

test('the syllabus page reached offline says so, and loads by itself when the connection returns', async ({
  open,
}) => {
  const { context, page } = await open({ device: PHONE, signedIn: true, allow: OFFLINE_PROBLEMS });
  await page.goto(url('/'));
  await pageIsLive(page);
  const offlineNotice = page.getByTestId('offline-notice');
  const cards = page.getByTestId('syllabus-card');

  // The area itself not loaded yet: its load fails offline, and is tried again once online.
  await context.setOffline(true);
  await openSyllabusFromMenu(page);
  await expect(offlineNotice).toContainText(MESSAGES.offline);
  await context.setOffline(false);
  await seeHeading(page, 'RGPV Syllabus & Scheme');
  await expect(cards.first()).toBeVisible();
  await expect(offlineNotice).toHaveCount(0);

  // The area loaded, its read fails offline: the page says so instead of "no results", then reads again.
  await page.getByRole('link', { name: 'StudyHub home' }).tap();
  await pageIsLive(page);
  await context.setOffline(true);
  await openSyllabusFromMenu(page);
  await expect(offlineNotice).toContainText(MESSAGES.offline);
  await expect(page.getByText('No results match your filters.')).toHaveCount(0);
  await context.setOffline(false);
  await expect(cards.first()).toBeVisible();
  await expect(offlineNotice).toHaveCount(0);
});

/** The areas whose files the page asked the browser to prefetch (the idle warm-up's <link rel=prefetch>). */
function areasPrefetched(page: Page): Promise<string[]> {
  return page.evaluate(() => [
    ...new Set(
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map(
        (link) => /^\/mfe\/([a-z]+)\//.exec(new URL(link.href).pathname)?.[1] ?? link.href,
      ),
    ),
  ]);
}

test.describe('thin data on Home', () => {
  for (const [who, signedIn, warmed] of [
    ['an anonymous visitor', false, 'auth'],
    ['a student', true, 'notes'],
  ] as const) {
    test(`${who} warms only ${warmed} without Save-Data, and nothing with it`, async ({ open }) => {
      const plain = await open({ device: PHONE, signedIn });
      await plain.page.goto(url('/'));
      await pageIsLive(plain.page);
      await settleWarmUps(plain.page);
      expect(await areasPrefetched(plain.page)).toEqual([warmed]);

      const saving = await open({ device: PHONE, signedIn });
      await emulateSaveData(saving.context);
      const saveDataHeaders: (string | undefined)[] = [];
      saving.page.on('request', (request) => saveDataHeaders.push(request.headers()['save-data']));
      await saving.page.goto(url('/'));
      await pageIsLive(saving.page);
      await settleWarmUps(saving.page);
      expect(
        await saving.page.evaluate(
          () => (navigator as { connection?: { saveData?: boolean } }).connection?.saveData,
        ),
      ).toBe(true);
      expect(new Set(saveDataHeaders)).toEqual(new Set(['on']));
      expect(await areasPrefetched(saving.page)).toEqual([]);
    });
  }
});
