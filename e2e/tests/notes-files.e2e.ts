/**
 * Note files end to end (product §2, §7): an admin uploads a unit's PDF with real progress, Home lists it, and a
 * student previews it in the subject page's modal and downloads the very same bytes.
 */
import { createHash } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expect, test } from '../support/fixtures';
import { url } from '../support/env';
import { seeHeading, subjectCard } from '../support/pages';

const UNIT_PATH = '/api/download/CSE/Third_Year/Semester_6/CS-601/3';

async function makePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText(`CS-601 Machine Learning, unit 3 — e2e upload ${Date.now()}`, {
    x: 50,
    y: 780,
    size: 14,
    font,
  });
  return Buffer.from(await pdf.save());
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

test('an admin uploads a PDF; Home lists it; a student previews and downloads the same bytes', async ({
  open,
}) => {
  const pdf = await makePdf();

  // The admin's upload, with the progress bar reaching 100 and the SPEC toast.
  const admin = await open({ signedIn: 'admin' });
  await admin.page.goto('/admin/upload-notes');
  await seeHeading(admin.page, 'Upload Notes');
  await admin.page
    .getByLabel('PDF file')
    .setInputFiles({ name: 'ml-unit-3.pdf', mimeType: 'application/pdf', buffer: pdf });
  await admin.page.getByLabel('Branch').selectOption('CSE');
  await admin.page.getByLabel('Year').selectOption('Third Year');
  await admin.page.getByLabel('Semester').selectOption('6');
  await admin.page.getByLabel('Subject').selectOption('CS-601');
  await admin.page.getByLabel('Unit', { exact: true }).selectOption('Unit 3');
  await admin.page.getByRole('button', { name: 'Upload', exact: true }).click();
  await admin.page.getByText('✅ Upload successful!').first().waitFor();
  await expect(
    admin.page.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow'),
  ).resolves.toBe('100');

  // Home lists it among the recent uploads.
  const student = await open({ signedIn: true });
  const { page } = student;
  await page.goto('/');
  await page.getByRole('heading', { name: 'Machine Learning (Unit 3)' }).first().waitFor();

  // The subject page marks which units have a file.
  await page.goto('/notes/ThirdYear');
  await subjectCard(page, 'CS-601').getByRole('link').click();
  await seeHeading(page, 'Machine Learning - Units');
  const units = page.getByTestId('unit-card');
  await units.nth(2).getByRole('button', { name: 'Preview Notes' }).waitFor();
  await units.first().getByText('Not uploaded yet').waitFor();
  expect(await units.first().getByRole('button', { name: 'Preview Notes' }).count()).toBe(0);

  // Preview: the modal's reader (pdf.js, decision 016) loads the PDF from the product §7 path, sent sandboxed
  // (docs/security.md item 42), and draws its page.
  const framed = page.waitForResponse((response) => response.url().startsWith(url(UNIT_PATH)));
  await units.nth(2).getByRole('button', { name: 'Preview Notes' }).click();
  const frameResponse = await framed;
  expect(frameResponse.status()).toBe(200);
  expect(frameResponse.headers()['content-type']).toBe('application/pdf');
  expect((await frameResponse.allHeaders())['content-security-policy']).toMatch(/^sandbox;/);
  await page.getByRole('dialog').getByRole('status', { name: 'Page 1 of 1' }).waitFor();
  await page.locator('[data-testid="pdf-page"][data-page="1"][data-drawn="true"]').waitFor();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  // Download: the link's bytes are exactly what the admin uploaded.
  const href = await units.nth(2).getByRole('link', { name: 'Download Notes' }).getAttribute('href');
  expect(href).not.toBeNull();
  expect(new URL(href!, url('/')).pathname).toBe(UNIT_PATH);
  const downloaded = await page.request.get(url(href!));
  expect(downloaded.status()).toBe(200);
  expect(downloaded.headers()['content-disposition']).toMatch(/^attachment; filename="CS-601-unit-3\.pdf"/);
  expect(sha256(await downloaded.body())).toBe(sha256(pdf));
});
