/**
 * Search inside the notes on a phone (390×844, touch; decisions 038 and 040): an admin's upload whose page 2 alone
 * holds a made-up word is found by Home's search box under "In the notes"; the hit opens the reader at page 2
 * with the word marked on screen, and Back returns to Home with the search. The results page lists the file's
 * pages 20 at a time, and axe finds nothing serious on it or on the open search box.
 */
import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { searchReply } from '@studyhub/contract/schemas';
import { AXE_SOURCE, seriousViolations } from '../support/axe';
import { url } from '../support/env';
import { expect, test } from '../support/fixtures';
import { seeHeading } from '../support/pages';
import { PHONE } from '../support/service-worker';
import { demoSession } from '../support/session';
import { makePdfOfPages, uploadThroughApi } from '../support/uploads';

/** A subject and unit no other browser test uploads to. */
const UNIT = { year: 'Third Year', semester: 5, subject: 'CS-505', unit: 4 } as const;
const PAGES = 25;

/** A word no dictionary and no other file holds: letters only, so the index keeps it whole. */
const madeUpWord = (stem: string) =>
  stem + Array.from({ length: 8 }, () => String.fromCharCode(97 + randomInt(26))).join('');

const RARE = madeUpWord('quorvex');
/** On every page, so a search for it has more hits than one page of results. */
const COMMON = madeUpWord('blentharic');

/** How many pages the server's search finds for `query` (as the student, through the API). */
async function searchTotal(query: string): Promise<number> {
  const reply = await fetch(url(`/api/search?${new URLSearchParams({ q: query })}`), {
    headers: { authorization: `Bearer ${demoSession('student').token}` },
  });
  if (!reply.ok) throw new Error(`The search answered ${reply.status}: ${await reply.text()}`);
  return searchReply.parse(await reply.json()).total;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const lines = Array.from(
    { length: PAGES },
    (_, index) =>
      `Page ${index + 1} of the notes on ${COMMON} trees${index === 1 ? `, and ${RARE} paths` : ''}.`,
  );
  await uploadThroughApi('admin', UNIT, await makePdfOfPages(lines));
  // Indexing runs off the request path (decision 038): wait until the server's search finds the file.
  await expect.poll(() => searchTotal(RARE), { timeout: 30_000 }).toBe(1);
  await expect.poll(() => searchTotal(COMMON), { timeout: 30_000 }).toBe(PAGES);
});

const homeBox = (page: Page) => page.getByRole('combobox', { name: 'Search categories and subjects' });
const notesGroup = (page: Page) => page.getByRole('group', { name: 'In the notes' });

test('Home: the word finds its page under "In the notes"; the hit opens the reader at page 2 with the word marked; Back returns', async ({
  open,
}) => {
  const { page } = await open({ signedIn: true, device: PHONE });
  await page.goto('/');
  await seeHeading(page, 'Unlock Your Academic Potential');
  const box = homeBox(page);
  await box.tap();
  await box.pressSequentially(RARE);

  const hit = notesGroup(page).getByRole('option', { name: /CS-505/ });
  await expect(hit).toContainText('Unit 4 · page 2');
  await expect(hit.locator('mark')).toHaveText(RARE);
  // The one hit is in the box: no "See all".
  await expect(notesGroup(page).getByRole('option', { name: /See all/ })).toHaveCount(0);
  await hit.tap();

  await page.waitForURL(url(`/notes/CS-505?unit=4&page=2&find=${RARE}`));
  const reader = page.getByRole('dialog');
  await expect(reader.getByRole('status', { name: `Page 2 of ${PAGES}` })).toBeVisible({ timeout: 20_000 });
  const mark = reader.locator('[data-page="2"] mark');
  await expect(mark).toHaveText(RARE, { timeout: 20_000 });
  await expect(mark).toBeInViewport();
  // The mark is of page 2 alone: the other pages drawn hold no such word.
  await expect(reader.locator('mark')).toHaveCount(1);

  await page.goBack();
  await page.waitForURL(url('/'));
  await seeHeading(page, 'Unlock Your Academic Potential');
  await expect(homeBox(page)).toHaveValue(RARE);
});

test('the results page lists the pages 20 at a time, each opening the reader; axe passes on it and on the open box', async ({
  open,
}) => {
  const { page } = await open({ signedIn: true, device: PHONE });
  await page.goto('/');
  await page.evaluate(AXE_SOURCE);
  const box = homeBox(page);
  await box.tap();
  await box.pressSequentially(COMMON);
  const seeAll = notesGroup(page).getByRole('option', { name: `See all ${PAGES} results` });
  await expect(seeAll).toBeVisible();
  await expect(notesGroup(page).getByRole('option')).toHaveCount(5);
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  expect(await seriousViolations(page)).toEqual([]);

  await seeAll.tap();
  await page.waitForURL(url(`/search?q=${COMMON}`));
  await seeHeading(page, 'Search');
  await expect(page.getByText(`${PAGES} results for “${COMMON}” · Page 1 of 2`)).toBeVisible();
  const hits = page.getByRole('main').getByRole('list', { name: 'Results' }).getByRole('link');
  await expect(hits).toHaveCount(20);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Next ›' }).tap();
  await page.waitForURL(url(`/search?q=${COMMON}&page=2`));
  await expect(page.getByText(`${PAGES} results for “${COMMON}” · Page 2 of 2`)).toBeVisible();
  await expect(hits).toHaveCount(PAGES - 20);
  await expect(page.getByRole('link', { name: '‹ Previous' })).toBeVisible();

  // Each hit opens the reader at its own page.
  const first = hits.first();
  const place = /page (\d+)/.exec((await first.textContent()) ?? '')![1]!;
  await first.tap();
  await expect(
    page.getByRole('dialog').getByRole('status', { name: `Page ${place} of ${PAGES}` }),
  ).toBeVisible({
    timeout: 20_000,
  });
  await page.goBack();
  await page.waitForURL(url(`/search?q=${COMMON}&page=2`));
  await expect(hits).toHaveCount(PAGES - 20);
});
