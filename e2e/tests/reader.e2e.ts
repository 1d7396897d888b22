/**
 * The in-page PDF reader (decision 016) on a 390×844 touch phone: one slim toolbar over continuously scrolling
 * pages drawn only near the view, the toolbar sliding away while reading on, the open reader as a history entry,
 * pdf.js's data files from our origin under the real CSP (CJK text, JPEG 2000), and truthful messages for
 * damaged, encrypted and partly damaged files.
 */
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { noisePng } from '@studyhub/tooling/test-support/noise-png';
import type { Locator, Page, Request, Response } from '@playwright/test';
import { expect, test, type OpenOptions } from '../support/fixtures';
import { url } from '../support/env';
import { seeHeading, subjectCard } from '../support/pages';
import { demoSession } from '../support/session';

const PHONE: OpenOptions['device'] = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  hasTouch: true,
  isMobile: true,
};
const PAGE_COUNT = 12;
const word = (page: number) => `Chapter${page}`;

/** pdf.js's data folders beside the worker, named by its version (tooling/src/build/pdfjs-data.ts). */
const DATA_FILE = /\/pdfjs-\d[\w.-]*\/(cmaps|standard_fonts|wasm)\//;

/**
 * Twelve A4 pages, one known word per page over a coloured band, and 1.5 MB of noise in an attachment no page
 * needs: large enough that pdf.js reads it by range requests (it reads files under 128 KiB whole). Page 1 also
 * shows a grey picture of about 250 KB, which arrives by further range requests after the file is open.
 */
async function makeBook(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let index = 1; index <= PAGE_COUNT; index += 1) {
    const page = pdf.addPage([595, 842]);
    page.drawRectangle({ x: 40, y: 700, width: 515, height: 100, color: rgb(0.1, 0.3, 0.7) });
    page.drawText(word(index), { x: 50, y: 620, size: 36, font });
    page.drawText(`CS-502 Database Management Systems, page ${index}`, { x: 50, y: 570, size: 14, font });
    if (index === 1)
      page.drawImage(await pdf.embedPng(noisePng(500, 500, 'grey')), {
        x: 50,
        y: 100,
        width: 200,
        height: 200,
      });
  }
  await pdf.attach(randomBytes(1_500_000), 'noise.bin', { mimeType: 'application/octet-stream' });
  return Buffer.from(await pdf.save());
}

/** A real-world file of shared/test/fixtures/pdf/ (see its README). */
const fixture = (name: string) =>
  readFileSync(new URL(`../../shared/test/fixtures/pdf/${name}`, import.meta.url));

const SUBJECTS = {
  'CS-502': 'Database Management Systems - Units',
  'CS-503(A)': 'Data Analytics - Units',
} as const;
type Subject = keyof typeof SUBJECTS;

/** The admin's upload through the API, as the upload page sends it. */
async function upload(subject: Subject, unit: number, pdf: Buffer): Promise<void> {
  const form = new FormData();
  form.append('pdf', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), `unit-${unit}.pdf`);
  const query = new URLSearchParams({
    branch: 'CSE',
    year: 'Third Year',
    semester: '5',
    subject,
    unit: `${unit}`,
  });
  const reply = await fetch(url(`/api/upload/upload?${query}`), {
    method: 'POST',
    headers: { authorization: `Bearer ${demoSession('admin').token}` },
    body: form,
  });
  if (reply.status !== 201) throw new Error(`The upload answered ${reply.status}: ${await reply.text()}`);
}

async function openSubject(page: Page, subject: Subject): Promise<void> {
  await page.goto('/notes/ThirdYear');
  await subjectCard(page, subject).getByRole('link').tap();
  await seeHeading(page, SUBJECTS[subject]);
}

const previewButton = (page: Page, unit: number) =>
  page
    .getByTestId('unit-card')
    .nth(unit - 1)
    .getByRole('button', { name: 'Preview Notes' });

/** Taps Preview on a unit and returns its reader dialog. */
async function preview(page: Page, subject: Subject, unit: number): Promise<Locator> {
  await previewButton(page, unit).tap();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^${escape(subject)} · Unit ${unit}:`) });
  await dialog.waitFor();
  return dialog;
}

const escape = (text: string) => text.replace(/[()]/g, '\\$&');

const sheet = (page: Page, number: number) => page.locator(`[data-testid="pdf-page"][data-page="${number}"]`);
/** A page whose canvas is on screen at its current size. */
const drawnPage = (page: Page, number: number) =>
  page.locator(`[data-testid="pdf-page"][data-page="${number}"][data-drawn="true"]:has(canvas)`);
const pageStatus = (dialog: Locator, page: number, count: number) =>
  dialog.getByRole('status', { name: `Page ${page} of ${count}`, exact: true });
const toolbar = (dialog: Locator) => dialog.getByRole('toolbar', { name: 'Reader' });
const scroller = (dialog: Locator) => dialog.getByRole('region', { name: /notes, Page \d+ of \d+$/ });

/** A box of the page's canvas, as fractions of its width and height. */
interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}
const WHOLE: Box = { left: 0, top: 0, right: 1, bottom: 1 };

/** Pixels of the page's canvas inside `box` that are neither white nor transparent, and the canvas's sizes. */
function inkOnCanvas(page: Page, number: number, box: Box = WHOLE) {
  return sheet(page, number).evaluate((element, box) => {
    const canvas = element.querySelector('canvas');
    if (!canvas) return { ink: 0, blue: 0, width: 0, cssWidth: 0 };
    const x = Math.floor(box.left * canvas.width);
    const y = Math.floor(box.top * canvas.height);
    const width = Math.ceil((box.right - box.left) * canvas.width);
    const height = Math.ceil((box.bottom - box.top) * canvas.height);
    const { data } = canvas.getContext('2d')!.getImageData(x, y, width, height);
    let ink = 0;
    let blue = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b, a] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
      if (a > 0 && (r < 240 || g < 240 || b < 240)) ink += 1;
      if (a > 0 && b > 150 && r < 100) blue += 1;
    }
    return { ink, blue, width: canvas.width, cssWidth: canvas.getBoundingClientRect().width };
  }, box);
}

/** Selects the text-layer span holding `text` as a user would, and returns what the selection holds. */
function selectText(page: Page, number: number, text: string) {
  return sheet(page, number).evaluate((element, wanted) => {
    const span = [...element.querySelectorAll('.textLayer span')].find((el) =>
      el.textContent?.includes(wanted),
    );
    if (!span) return '';
    const range = document.createRange();
    range.selectNodeContents(span);
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    return selection.toString();
  }, text);
}

/**
 * Scrolls the pages by `distance` (down is positive) with the wheel: Chromium's synthetic touch drag does not
 * scroll without a GPU, and the reader hears scroll events, whatever moved them.
 */
async function scrollPages(page: Page, distance: number): Promise<void> {
  await page.mouse.move(195, 500);
  await page.mouse.wheel(0, distance);
}

/** Whether a finger at the top of the pages lands on the toolbar (shown) or on a page (slid away). */
function toolbarInView(dialog: Locator): Promise<boolean> {
  return scroller(dialog).evaluate((pages) => {
    const rect = pages.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + 28);
    return hit?.closest('[role="toolbar"]') != null;
  });
}

/** Whether a finger at the middle of `target` lands on it (nothing laid over it). */
function reachable(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return hit !== null && element.contains(hit);
  });
}

const isDataFile = (folder: string) => (request: Request) =>
  request.url().startsWith(url('/')) && DATA_FILE.exec(request.url())?.[1] === folder;

test.describe('a unit of twelve pages', () => {
  test.beforeAll(async () => {
    await upload('CS-502', 1, await makeBook());
  });

  test('reads by ranges, fits a phone, pages on, selects text, offers Download, and closes with Escape', async ({
    open,
  }) => {
    const { page } = await open({ signedIn: true, device: PHONE });
    await openSubject(page, 'CS-502');
    const answers: Response[] = [];
    page.on('response', (response) => {
      if (response.url().startsWith(url('/api/download/CSE/Third_Year/Semester_5/CS-502/1'))) {
        answers.push(response);
      }
    });
    const dialog = await preview(page, 'CS-502', 1);
    await pageStatus(dialog, 1, PAGE_COUNT).waitFor();
    await drawnPage(page, 1).waitFor();

    // Range loading: pdf.js fetched parts of the 1.5 MB file, not all of it.
    const ranges = answers.filter((response) => response.status() === 206);
    expect(ranges.length).toBeGreaterThan(0);
    const fetched = ranges.reduce((sum, response) => sum + Number(response.headers()['content-length']), 0);
    expect(fetched).toBeLessThan(1_000_000);

    // One slim toolbar, and the first page right under it.
    const bar = (await toolbar(dialog).boundingBox())!;
    const first = (await sheet(page, 1).boundingBox())!;
    test.info().annotations.push({
      type: 'measured',
      description: `toolbar ${bar.height} px high, first page top at ${first.y} px`,
    });
    expect(bar.height).toBeLessThanOrEqual(60);
    expect(first.y).toBeLessThan(844 / 5);

    const drawn = await inkOnCanvas(page, 1);
    expect(drawn.ink).toBeGreaterThan(1000);
    // Sharp on a 2× screen: twice as many canvas pixels as CSS pixels.
    expect(drawn.width).toBeGreaterThanOrEqual(Math.floor(drawn.cssWidth * 2) - 1);
    // Fit to width on a 390 px phone: the page is nearly as wide as the screen.
    expect(drawn.cssWidth).toBeGreaterThan(340);
    expect(drawn.cssWidth).toBeLessThanOrEqual(390);
    await expect(selectText(page, 1, word(1))).resolves.toBe(word(1));

    await dialog.getByRole('button', { name: 'Next page' }).tap();
    await pageStatus(dialog, 2, PAGE_COUNT).waitFor();
    await drawnPage(page, 2).waitFor();
    expect((await inkOnCanvas(page, 2)).ink).toBeGreaterThan(1000);
    await expect(selectText(page, 2, word(2))).resolves.toBe(word(2));

    // The zoom level fits the width again when tapped.
    await dialog.getByRole('button', { name: 'Zoom in' }).tap();
    await dialog.getByRole('button', { name: 'Zoom 125 %: fit to width' }).tap();
    await dialog.getByRole('button', { name: 'Zoom 100 %: fit to width' }).waitFor();

    // The file itself, from the ⋯ menu.
    await dialog.getByRole('button', { name: 'More' }).tap();
    await expect(dialog.getByRole('link', { name: 'Download' }).getAttribute('href')).resolves.toMatch(
      /^\/api\/download\/CSE\/Third_Year\/Semester_5\/CS-502\/1\?.*download=1/,
    );
    await dialog.getByRole('button', { name: 'More' }).tap();

    // A tap into the document moves focus out of the toolbar; Escape still closes, and focus goes back.
    await sheet(page, 2).tap();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(
      previewButton(page, 1).evaluate((button) => button === document.activeElement),
    ).resolves.toBe(true);
  });

  test('draws only the pages near the view, and gives far ones their canvas back', async ({ open }) => {
    const { page } = await open({ signedIn: true, device: PHONE });
    await openSubject(page, 'CS-502');
    const dialog = await preview(page, 'CS-502', 1);
    await drawnPage(page, 2).waitFor();
    const canvases = dialog.locator('[data-testid="pdf-page"] canvas');
    // A page is ~530 px high on this phone: a few pages lie within 1.5 screens; the far end is not drawn.
    expect(await canvases.count()).toBeLessThanOrEqual(5);
    expect(await sheet(page, PAGE_COUNT).locator('canvas').count()).toBe(0);

    // Go to page 12 from the ⋯ menu.
    await dialog.getByRole('button', { name: 'More' }).tap();
    await dialog.getByLabel('Go to page').fill(`${PAGE_COUNT}`);
    await dialog.getByRole('button', { name: 'Go', exact: true }).tap();
    await drawnPage(page, PAGE_COUNT).waitFor();
    await pageStatus(dialog, PAGE_COUNT, PAGE_COUNT).waitFor();
    expect((await inkOnCanvas(page, PAGE_COUNT)).ink).toBeGreaterThan(1000);
    await sheet(page, 1).locator('canvas').waitFor({ state: 'detached' });
    expect(await canvases.count()).toBeLessThanOrEqual(5);
  });

  test('the toolbar slides away while reading on and comes back on a scroll up or a tap', async ({
    open,
  }) => {
    const { page } = await open({ signedIn: true, device: PHONE });
    await openSubject(page, 'CS-502');
    const dialog = await preview(page, 'CS-502', 1);
    await drawnPage(page, 1).waitFor();
    const close = dialog.getByRole('button', { name: 'Close' });

    await scrollPages(page, 600);
    await expect.poll(() => toolbarInView(dialog)).toBe(false);
    // Slid up out of the reader, not over the dialog's title: its ✕ can still be tapped.
    await expect.poll(() => reachable(close)).toBe(true);

    await scrollPages(page, -150);
    await expect.poll(() => toolbarInView(dialog)).toBe(true);

    await scrollPages(page, 600);
    await expect.poll(() => toolbarInView(dialog)).toBe(false);
    await scroller(dialog).tap();
    await expect.poll(() => toolbarInView(dialog)).toBe(true);
  });

  test('Back closes the reader and keeps the subject page; Forward opens it again', async ({ open }) => {
    const { page } = await open({ signedIn: true, device: PHONE });
    await openSubject(page, 'CS-502');
    const subjectUrl = page.url();
    const dialog = await preview(page, 'CS-502', 1);
    await drawnPage(page, 1).waitFor();

    await page.goBack();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(subjectUrl);
    await seeHeading(page, SUBJECTS['CS-502']);

    await page.goForward();
    await dialog.waitFor();
    await drawnPage(page, 1).waitFor();
    expect(page.url()).toBe(subjectUrl);
  });
});

test('Japanese text in a font the file does not carry is drawn with the cMaps from our origin', async ({
  open,
}) => {
  await upload('CS-502', 2, fixture('cjk-unembedded.pdf'));
  const { page } = await open({ signedIn: true, device: PHONE });
  await openSubject(page, 'CS-502');
  const cMap = page.waitForResponse((response) => isDataFile('cmaps')(response.request()));
  const dialog = await preview(page, 'CS-502', 2);
  expect((await cMap).ok()).toBe(true);
  await drawnPage(page, 1).waitFor();
  await expect(sheet(page, 1).locator('.textLayer')).toContainText('日本語のノート');
  // The 28 pt line of kanji and kana, 20–216 pt across and 82–122 pt down a 298 × 200 pt page.
  const kanji = await inkOnCanvas(page, 1, { left: 0.07, top: 0.41, right: 0.72, bottom: 0.61 });
  expect(kanji.ink).toBeGreaterThan(2000);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
});

test('a JPEG 2000 image is drawn by the decoder from our origin, within the CSP', async ({ open }) => {
  await upload('CS-502', 3, fixture('jpx.pdf'));
  const { page } = await open({ signedIn: true, device: PHONE });
  await openSubject(page, 'CS-502');
  const decoder = page.waitForResponse((response) => isDataFile('wasm')(response.request()));
  await preview(page, 'CS-502', 3);
  expect((await decoder).ok()).toBe(true);
  await drawnPage(page, 1).waitFor();
  // Blue all over but for a red band and a white square in the middle: the top strip is all blue.
  const top = await inkOnCanvas(page, 1, { left: 0, top: 0, right: 1, bottom: 0.2 });
  expect(top.blue).toBeGreaterThan(0.9 * top.ink);
  expect(top.ink).toBeGreaterThan(10_000);
});

for (const { unit, file, coding } of [
  { unit: 2, file: 'jbig2.pdf', coding: 'JBIG2' },
  { unit: 3, file: 'ccitt.pdf', coding: 'CCITT Group 4' },
]) {
  test(`a black-and-white scan in ${coding} is drawn by pdf.js's JavaScript decoder`, async ({ open }) => {
    await upload('CS-503(A)', unit, fixture(file));
    const { page } = await open({ signedIn: true, device: PHONE });
    await openSubject(page, 'CS-503(A)');
    const dialog = await preview(page, 'CS-503(A)', unit);
    await drawnPage(page, 1).waitFor();
    // A heading over a black bar 20–278 pt across and 120–170 pt down a 298 × 200 pt page, and white between.
    const bar = { left: 0.1, top: 0.65, right: 0.9, bottom: 0.8 };
    const { ink, width } = await inkOnCanvas(page, 1, bar);
    const barPixels = (bar.right - bar.left) * width * (bar.bottom - bar.top) * width * (200 / 298);
    expect(ink).toBeGreaterThan(0.95 * barPixels);
    expect(
      (await inkOnCanvas(page, 1, { left: 0.05, top: 0.15, right: 0.7, bottom: 0.3 })).ink,
    ).toBeGreaterThan(500);
    expect((await inkOnCanvas(page, 1, { left: 0, top: 0.35, right: 1, bottom: 0.55 })).ink).toBe(0);
    await expect(dialog.getByRole('alert')).toHaveCount(0);
  });
}

test("a form field is drawn with its value, by the field's own appearance", async ({ open }) => {
  await upload('CS-503(A)', 4, fixture('form.pdf'));
  const { page } = await open({ signedIn: true, device: PHONE });
  await openSubject(page, 'CS-503(A)');
  const dialog = await preview(page, 'CS-503(A)', 4);
  await drawnPage(page, 1).waitFor();
  // The field's appearance: a blue box 90–280 pt across and 64–104 pt down a 298 × 200 pt page, white text in it.
  const field = await inkOnCanvas(page, 1, { left: 0.35, top: 0.35, right: 0.9, bottom: 0.5 });
  expect(field.blue).toBeGreaterThan(0.8 * field.ink);
  expect(field.ink).toBeGreaterThan(10_000);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
});

test.describe('files the reader cannot show', () => {
  for (const { unit, file, message, openInNewTab } of [
    { unit: 4, file: 'truncated.pdf', message: 'the file is damaged', openInNewTab: true },
    { unit: 5, file: 'encrypted.pdf', message: 'password-protected', openInNewTab: false },
  ]) {
    test(`${file} says so, with Download and no Try again`, async ({ open }) => {
      await upload('CS-502', unit, fixture(file));
      // pdf.js and the reader report the file on the console as warnings; only errors would fail the test.
      const { page } = await open({ signedIn: true, device: PHONE });
      await openSubject(page, 'CS-502');
      const dialog = await preview(page, 'CS-502', unit);
      await dialog.getByRole('alert').filter({ hasText: message }).waitFor();
      await expect(dialog.getByRole('link', { name: 'Download' }).getAttribute('href')).resolves.toMatch(
        new RegExp(`CS-502/${unit}\\?.*download=1`),
      );
      await expect(dialog.getByRole('link', { name: 'Open in new tab' })).toHaveCount(openInNewTab ? 1 : 0);
      await expect(dialog.getByRole('button', { name: 'Try again' })).toHaveCount(0);
      await expect(dialog.getByTestId('pdf-page')).toHaveCount(0);
    });
  }

  test('a damaged page says so in its place while the other pages draw', async ({ open }) => {
    await upload('CS-503(A)', 1, fixture('damaged-page.pdf'));
    const { page } = await open({ signedIn: true, device: PHONE });
    await openSubject(page, 'CS-503(A)');
    const dialog = await preview(page, 'CS-503(A)', 1);
    await drawnPage(page, 1).waitFor();
    expect((await inkOnCanvas(page, 1)).ink).toBeGreaterThan(1000);
    await sheet(page, 2)
      .getByRole('alert')
      .filter({ hasText: 'Page 2 could not be drawn: this part of the file is damaged.' })
      .waitFor();
    await expect(dialog.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await pageStatus(dialog, 1, 2).waitFor();
  });
});
