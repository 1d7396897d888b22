/**
 * Locators for the pages the tests walk through, by role and visible text (product §2) wherever possible.
 */
import type { Locator, Page } from '@playwright/test';

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

/** The area fallback of the shell (architecture §3). */
export const areaUnavailable = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'This section is temporarily unavailable' });
