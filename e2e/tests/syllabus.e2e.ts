/**
 * The syllabus area (SPEC §2): a student filters entries and finds each semester's PDF as a tile that opens in
 * a new tab; semesters without a PDF are disabled tiles.
 */
import { expect, test } from '@jest/globals';
import { setUpBrowser } from '../support/browser';
import { url } from '../support/env';
import { seeHeading } from '../support/pages';
import { demoSession } from '../support/session';

const browser = setUpBrowser();
const SEMESTER_1 = 'https://example.edu/rgpv/cse/btech-semester-1.pdf';

test('a student filters the syllabus and finds semester tiles', async () => {
  // The entry is made the way an admin's form makes it, through the API.
  const response = await fetch(url('/api/syllabus'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${demoSession('admin').token}` },
    body: JSON.stringify({
      name: 'Computer Science',
      code: 'CSE',
      program: 'B.Tech',
      system: 'Semester',
      grading: 'Grading',
      pdfs: { '1': SEMESTER_1, '2': '' },
    }),
  });
  expect(response.status).toBe(201);

  const { page } = await browser.open({ signedIn: true });
  await page.goto('/syllabus');
  await seeHeading(page, 'RGPV Syllabus & Scheme');
  const card = page.getByRole('heading', { name: 'Computer Science (CSE)' });
  await card.waitFor();

  const first = page.getByRole('link', { name: 'I – SEM', exact: true });
  expect(await first.getAttribute('href')).toBe(SEMESTER_1);
  expect(await first.getAttribute('target')).toBe('_blank');
  expect(await first.getAttribute('rel')).toBe('noopener noreferrer');
  expect(await page.getByRole('link', { name: 'II – SEM', exact: true }).count()).toBe(0);

  await page.getByLabel('System Type').selectOption('Annual');
  await page.getByText('No results match your filters.').waitFor();
  await page.getByLabel('System Type').selectOption('All');
  await card.waitFor();
});
