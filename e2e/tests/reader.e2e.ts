/**
 * The in-page PDF reader (issue 13 §1) on a phone: pdf.js draws a real PDF in the subject page's dialog, pages
 * forward, its text is selectable, Escape closes it and gives focus back, and a damaged file says so with a
 * Download button instead of an empty box.
 */
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { url } from '../support/env';
import { seeHeading, subjectCard } from '../support/pages';
import { demoSession } from '../support/session';

const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  hasTouch: true,
  isMobile: true,
};
const PAGE_WORDS = ['Normalisation', 'Transactions', 'Indexing'];

/** A three-page PDF, one known word per page in large type over a coloured band. */
async function makeReadablePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const [index, word] of PAGE_WORDS.entries()) {
    const page = pdf.addPage([595, 842]);
    page.drawRectangle({ x: 40, y: 700, width: 515, height: 100, color: rgb(0.1, 0.3, 0.7) });
    page.drawText(word, { x: 50, y: 620, size: 36, font });
    page.drawText(`CS-502 Database Management Systems, page ${index + 1}`, { x: 50, y: 570, size: 14, font });
  }
  return Buffer.from(await pdf.save());
}

/** Passes the server's `%PDF-` check and nothing else: no objects, no cross-reference table. */
const DAMAGED_PDF = Buffer.from('%PDF-1.7\nthis file was cut off during the upload\n');

async function upload(unit: number, pdf: Buffer): Promise<void> {
  const form = new FormData();
  form.append('pdf', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), `unit-${unit}.pdf`);
  const query = `branch=CSE&year=Third%20Year&semester=5&subject=CS-502&unit=${unit}`;
  const reply = await fetch(url(`/api/upload/upload?${query}`), {
    method: 'POST',
    headers: { authorization: `Bearer ${demoSession('admin').token}` },
    body: form,
  });
  if (reply.status !== 201) throw new Error(`The upload answered ${reply.status}: ${await reply.text()}`);
}

async function openSubject(page: Page): Promise<void> {
  await page.goto('/notes/ThirdYear');
  await subjectCard(page, 'CS-502').getByRole('link').tap();
  await seeHeading(page, 'Database Management Systems - Units');
}

/** Canvas pixels of the drawn page that are neither white nor transparent, and the canvas size. */
function inkOnCanvas(page: Page) {
  return page.getByTestId('pdf-page').evaluate((sheet) => {
    const canvas = sheet.querySelector('canvas');
    if (!canvas) return { ink: 0, width: 0, cssWidth: 0 };
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3]! > 0 && (data[i]! < 240 || data[i + 1]! < 240 || data[i + 2]! < 240)) ink += 1;
    }
    return { ink, width: canvas.width, cssWidth: canvas.getBoundingClientRect().width };
  });
}

/** Selects the text-layer span holding `word` as a user would, and returns what the selection holds. */
function selectWord(page: Page, word: string) {
  return page.getByTestId('pdf-page').evaluate((sheet, wanted) => {
    const span = [...sheet.querySelectorAll('.textLayer span')].find((el) =>
      el.textContent?.includes(wanted),
    );
    if (!span) return '';
    const range = document.createRange();
    range.selectNodeContents(span);
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    return selection.toString();
  }, word);
}

test('a student reads a unit PDF in the page on a phone, page by page, and closes it with Escape', async ({
  open,
}) => {
  await upload(1, await makeReadablePdf());
  const { page } = await open({ signedIn: true, device: PHONE });
  await openSubject(page);
  const preview = page.getByTestId('unit-card').first().getByRole('button', { name: 'Preview Notes' });
  await preview.tap();

  const dialog = page.getByRole('dialog', { name: /CS-502 · Unit 1/ });
  await dialog.getByText('Page 1 of 3').waitFor();
  await page.locator('[data-testid="pdf-page"][data-drawn-page="1"]').waitFor();
  const first = await inkOnCanvas(page);
  expect(first.ink).toBeGreaterThan(1000);
  // Sharp on a 3× screen: more canvas pixels than CSS pixels.
  expect(first.width).toBeGreaterThan(first.cssWidth * 2);
  // Fit to width on a 390 px phone: the page is nearly as wide as the screen.
  expect(first.cssWidth).toBeGreaterThan(340);
  expect(first.cssWidth).toBeLessThanOrEqual(390);
  await expect(selectWord(page, PAGE_WORDS[0]!)).resolves.toBe(PAGE_WORDS[0]);

  await dialog.getByRole('button', { name: 'Next page' }).tap();
  await dialog.getByText('Page 2 of 3').waitFor();
  await page.locator('[data-testid="pdf-page"][data-drawn-page="2"]').waitFor();
  expect((await inkOnCanvas(page)).ink).toBeGreaterThan(1000);
  await expect(selectWord(page, PAGE_WORDS[1]!)).resolves.toBe(PAGE_WORDS[1]);

  // The reader offers the file itself too.
  await expect(dialog.getByRole('link', { name: 'Download' }).getAttribute('href')).resolves.toMatch(
    /^\/api\/download\/CSE\/Third_Year\/Semester_5\/CS-502\/1\?.*download=1/,
  );

  // A tap into the document moves focus out of the toolbar; Escape still closes, and focus goes back.
  await page.getByTestId('pdf-page').tap();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await expect(preview.evaluate((button) => button === document.activeElement)).resolves.toBe(true);
});

test('a damaged PDF shows a clear message with a Download button', async ({ open }) => {
  await upload(2, DAMAGED_PDF);
  // pdf.js reports the broken file on the console as a warning; only errors would fail the test.
  const { page } = await open({ signedIn: true, device: PHONE });
  await openSubject(page);
  await page.getByTestId('unit-card').nth(1).getByRole('button', { name: 'Preview Notes' }).tap();
  const dialog = page.getByRole('dialog', { name: /CS-502 · Unit 2/ });
  await dialog.getByRole('alert').filter({ hasText: 'the file is damaged' }).waitFor();
  const download = dialog.getByRole('link', { name: 'Download' });
  await expect(download.getAttribute('href')).resolves.toMatch(/CS-502\/2\?.*download=1/);
  expect(await page.getByTestId('pdf-page').count()).toBe(0);
});
