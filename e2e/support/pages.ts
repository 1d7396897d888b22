/**
 * Locators for the pages the tests walk through, by role and visible text (SPEC §2) wherever possible.
 */
import type { Frame, Locator, Page } from 'playwright-core';

export const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

/** Waits until the heading is on screen; the usual "this page has rendered" check. */
export async function seeHeading(page: Page, name: string): Promise<void> {
  await heading(page, name).waitFor();
}

/** A subject card of a year page, found by its code (e.g. "CS-501"). */
export function subjectCard(page: Page, code: string): Locator {
  return page.getByTestId('subject-card').filter({ has: page.getByText(code, { exact: true }) });
}

/** The codes of the subject cards on screen, in order. */
export function shownSubjectCodes(page: Page): Promise<string[]> {
  return page.getByTestId('subject-card').locator('strong').allInnerTexts();
}

/** The card's download count as shown, e.g. "1,200". */
export async function downloadCount(card: Locator): Promise<string> {
  const text = await card.getByText(/ downloads$/).innerText();
  const count = /([\d,]+) downloads/.exec(text)?.[1];
  if (!count) throw new Error(`No download count in "${text}"`);
  return count;
}

/** The area fallback of the shell (DESIGN §3). */
export const areaUnavailable = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'This section is temporarily unavailable' });

/** Chromium's built-in PDF viewer: an extension page inside any frame that shows a PDF. */
const PDF_VIEWER = 'chrome-extension://mhjfbmdgcfjbbpaeojofohoefgiehjai/';
const PDF_TIMEOUT_MS = 15_000;

/**
 * Waits until Chromium's PDF viewer in the page has read a document of `pages` pages, which is what the reader
 * sees. A response the browser would not render (a blocking header, a broken file) leaves no viewer, or one
 * that counts 0 pages.
 */
export async function seeRenderedPdf(page: Page, pages: number): Promise<void> {
  const deadline = Date.now() + PDF_TIMEOUT_MS;
  let viewer: Frame | undefined;
  while (!(viewer = page.frames().find((frame) => frame.url().startsWith(PDF_VIEWER)))) {
    if (Date.now() > deadline) throw new Error('No PDF viewer appeared in the page');
    await page.waitForTimeout(100);
  }
  await viewer
    .locator('viewer-page-selector')
    .filter({ hasText: `/ ${pages}` })
    .waitFor({ timeout: Math.max(deadline - Date.now(), 1000) });
}
