/**
 * Syllabus end to end (product §2, §4, §8): an admin adds an entry, adds it again with a new semester link and sees
 * it merged, edits it inline, cleans up an imported near-duplicate and deletes it; a student filters the
 * syllabus and opens a semester's PDF from its tile.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { notFoundAt } from '../support/problems';
import { url } from '../support/env';
import { seeHeading } from '../support/pages';
import { startPdfHost, type PdfHost } from '../support/pdf-host';
import { demoSession } from '../support/session';
import { withSiteDatabase } from '../support/site-database';

let pdfHost: PdfHost;

test.beforeAll(async () => {
  pdfHost = await startPdfHost();
});
test.afterAll(async () => {
  await pdfHost.close();
});

const SEM = (n: number) => `https://example.edu/rgpv/ec-mtech-cbgs/semester-${n}.pdf`;

async function fillAddForm(page: Page, links: Record<number, string>): Promise<void> {
  await page.getByLabel('Department', { exact: true }).selectOption('EC');
  await page.getByLabel('Program', { exact: true }).selectOption('M.Tech');
  await page.getByLabel('Grading', { exact: true }).selectOption('CBGS');
  for (const [semester, link] of Object.entries(links)) {
    await page.getByLabel(`Semester ${semester} PDF`, { exact: true }).fill(link);
  }
  await page.getByRole('button', { name: 'Add Syllabus' }).click();
}

const toast = (page: Page, text: string | RegExp) => page.getByText(text).first().waitFor();

/** The table row of the EC · M.Tech · CBGS entry as the form wrote it (case matters: an import may differ). */
const ecRow = (page: Page): Locator =>
  page
    .getByTestId('syllabus-row')
    .filter({ hasText: /Electronics & Communication \(EC\)/ })
    .filter({ hasText: /M\.Tech/ });

const semesterLinks = (row: Locator) =>
  row
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')]),
    );

test('an admin adds, merges, edits, cleans up and deletes a syllabus entry', async ({ open }) => {
  // The second add is refused as a duplicate before the form merges; the browser logs that 400.
  const { page } = await open({ signedIn: 'admin', allow: [notFoundAt(url('/api/syllabus'), 400)] });
  await page.goto('/admin/add-syllabus');
  await seeHeading(page, 'Add Syllabus');

  await fillAddForm(page, { 1: SEM(1) });
  await toast(page, '✅ Syllabus added successfully!');

  // The same department, program, system, grading and type again, with another semester: merged (product §4).
  await fillAddForm(page, { 2: SEM(2) });
  await toast(page, '✅ Syllabus updated with new semester links!');

  await page.getByRole('link', { name: 'Manage Syllabus' }).click();
  await seeHeading(page, 'Manage Syllabus');
  await ecRow(page).waitFor();
  expect(await semesterLinks(ecRow(page))).toEqual([
    ['Semester 1 PDF', SEM(1)],
    ['Semester 2 PDF', SEM(2)],
  ]);

  // Inline edit: a third semester, and Save.
  await ecRow(page)
    .getByRole('button', { name: /^Edit / })
    .click();
  const editor = page.getByRole('form', { name: /^Edit Electronics & Communication \(EC\)/ });
  await editor.getByLabel('Semester 3 PDF', { exact: true }).fill(SEM(3));
  await editor.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Syllabus entry saved.');
  await editor.waitFor({ state: 'detached' });
  expect((await semesterLinks(ecRow(page))).map(([label]) => label)).toEqual([
    'Semester 1 PDF',
    'Semester 2 PDF',
    'Semester 3 PDF',
  ]);

  // An import left a near-duplicate the unique index cannot see (case and spacing); clean-up merges it.
  const importedAt = new Date().toISOString();
  withSiteDatabase((db) =>
    db
      .prepare(
        `insert into syllabus_entries (id, name, code, program, system, grading, upload_type, pdfs, created_at, updated_at)
         values (?, 'Electronics  &  Communication', 'ec', 'm.tech', 'Semester', 'cbgs', 'Syllabus', ?, ?, ?)`,
      )
      .run(randomUUID(), JSON.stringify({ '3': SEM(33), '4': SEM(4) }), importedAt, importedAt),
  );
  await page.reload();
  await page
    .getByTestId('syllabus-row')
    .filter({ hasText: /\(ec\)/ })
    .waitFor();
  await page.getByRole('button', { name: 'Clean duplicates' }).click();
  const question = page.getByRole('alertdialog');
  await question.getByText(/differ only in case or spacing/).waitFor();
  await question.getByRole('button', { name: 'Clean duplicates' }).click();
  await toast(page, /^Removed [1-9]\d* duplicate entr(y|ies)\.$/);
  await page
    .getByTestId('syllabus-row')
    .filter({ hasText: /\(ec\)/ })
    .waitFor({ state: 'detached' });
  // The oldest entry survives with its own links and gains the semester it lacked.
  expect(await semesterLinks(ecRow(page))).toEqual([
    ['Semester 1 PDF', SEM(1)],
    ['Semester 2 PDF', SEM(2)],
    ['Semester 3 PDF', SEM(3)],
    ['Semester 4 PDF', SEM(4)],
  ]);

  // Delete, after the confirmation.
  await ecRow(page)
    .getByRole('button', { name: /^Delete / })
    .click();
  await question.getByRole('button', { name: 'Delete' }).click();
  await toast(page, 'Syllabus entry deleted.');
  await ecRow(page).waitFor({ state: 'detached' });
  await page.reload();
  await seeHeading(page, 'Manage Syllabus');
  await page.getByTestId('syllabus-row').first().waitFor();
  expect(await ecRow(page).count()).toBe(0);
});

test('a student filters the syllabus and opens a semester PDF from its tile', async ({ open }) => {
  const semesterOne = await pdfHost.publish('ee-mca-dual-scheme-1', 'EE MCA Dual Degree — Semester 1 scheme');
  // The entry is made the way the admin form makes it, through the API.
  const added = await fetch(url('/api/syllabus'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${demoSession('admin').token}` },
    body: JSON.stringify({
      name: 'Electrical Engineering',
      code: 'EE',
      program: 'MCA Dual Degree',
      system: 'Annual',
      grading: 'Non Grading System',
      uploadType: 'Scheme',
      pdfs: { '1': semesterOne },
    }),
  });
  expect(added.status).toBe(201);

  const { context, page } = await open({ signedIn: true });
  await page.goto('/syllabus');
  await seeHeading(page, 'RGPV Syllabus & Scheme');
  // The SPEC defaults show the demo's B.Tech syllabus entries.
  await page.getByRole('heading', { name: 'Computer Science (CSE)' }).waitFor();

  await page.getByLabel('Upload Type').selectOption('Scheme');
  await page.getByLabel('Program').selectOption('MCA Dual Degree');
  await page.getByLabel('System Type').selectOption('Annual');
  await page.getByLabel('Grading System').selectOption('Non Grading System');
  const card = page.getByTestId('syllabus-card').filter({ hasText: 'Electrical Engineering (EE)' });
  await card.waitFor();
  expect(await page.getByTestId('syllabus-card').count()).toBe(1);
  expect(await card.getByRole('link').count()).toBe(1);

  await page.getByLabel('System Type').selectOption('Semester');
  await page.getByText('No results match your filters.').waitFor();
  await page.getByLabel('System Type').selectOption('All');
  await card.waitFor();

  const tile = card.getByRole('link', { name: 'I – SEM', exact: true });
  expect(await tile.getAttribute('target')).toBe('_blank');
  expect(await tile.getAttribute('rel')).toBe('noopener noreferrer');
  const [pdf] = await Promise.all([
    context.waitForEvent('response', (response) => response.url() === semesterOne),
    tile.click(),
  ]);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
});
