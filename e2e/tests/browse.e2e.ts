/**
 * A student's way to a unit's notes: Home → branch → notes → year → subject → preview, and the year page's
 * local download count going up (product §2, §4 "Downloads").
 */
import { expect, test } from '../support/fixtures';
import { url } from '../support/env';
import { downloadCount, heading, seeHeading, shownSubjectCodes, subjectCard } from '../support/pages';

test.use({ signedIn: true });

const UNIT_1_PATH = '/api/download/CSE/Third_Year/Semester_5/CS-501/1';

test('a student browses to a unit and previews its notes', async ({ page }) => {
  // CS-501 unit 1 is one of the demo uploads the server seeds on an empty database.

  await page.goto('/');
  await seeHeading(page, 'Unlock Your Academic Potential');

  await page
    .getByRole('link')
    .filter({ has: heading(page, 'NOTES') })
    .click();
  await page.waitForURL(url('/branch'));
  await seeHeading(page, 'Choose Your Branch');

  await page.getByRole('link', { name: /Computer Science/ }).click();
  await page.waitForURL(url('/notes'));
  await seeHeading(page, 'Computer Science & Engineering Notes');

  await page.getByRole('link', { name: 'Third Year', exact: true }).click();
  await page.waitForURL(url('/notes/ThirdYear'));
  await seeHeading(page, 'Third Year CSE Engineering Notes');

  // Semester filter: only semester-6 subjects stay.
  await page.getByRole('button', { name: 'Semester 6', exact: true }).click();
  await subjectCard(page, 'CS-501').waitFor({ state: 'detached' });
  const semester6 = await shownSubjectCodes(page);
  expect(semester6).toContain('CS-601');
  expect(semester6.every((code) => code.startsWith('CS-6'))).toBe(true);

  await page.getByRole('button', { name: 'All Subjects', exact: true }).click();
  const cs501 = subjectCard(page, 'CS-501');
  await cs501.waitFor();
  expect(await shownSubjectCodes(page)).toEqual(expect.arrayContaining(['CS-501', 'CS-601']));
  expect(await downloadCount(cs501)).toBe('1,200');

  await cs501.getByRole('link').click();
  await page.waitForURL(url('/notes/CS-501'));
  await seeHeading(page, 'Theory of Computation - Units');
  expect(await page.getByTestId('unit-card').count()).toBe(5);

  // The reader loads the product §7 download path, signed by the units call, and draws the PDF's first page.
  const pdfLoaded = page.waitForResponse((response) => response.url().startsWith(url(UNIT_1_PATH)));
  await page.getByTestId('unit-card').first().getByRole('button', { name: 'Preview Notes' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  const pdf = await pdfLoaded;
  expect(pdf.ok()).toBe(true);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await page.locator('[data-testid="pdf-page"][data-page="1"][data-drawn="true"]').waitFor();

  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });

  // Back on the year page the click on View Notes has been counted and kept in localStorage.
  await page.goBack();
  await page.waitForURL(url('/notes/ThirdYear'));
  expect(await downloadCount(subjectCard(page, 'CS-501'))).toBe('1,201');
  const stored = await page.evaluate(
    () => JSON.parse(localStorage.getItem('subjectDownloads3') ?? '[]') as unknown,
  );
  expect(stored).toEqual(
    expect.arrayContaining([expect.objectContaining({ code: 'CS-501', downloads: 1201 })]),
  );
});
