/// <reference lib="dom" />
/**
 * `npm run bench -- --only reader`: the in-page PDF reader (decision 016) on a phone. A `fileMb` PDF made by pdf-lib
 * (many pages of text, each with an incompressible picture) is uploaded to a unit; a student on the subject page
 * (390×844 at 3×, touch) taps Preview Notes, and the bench times the tap until the first page is drawn on the
 * canvas, and counts the bytes of the file the browser received until then (pdf.js range requests, decision
 * 016). Each run is a fresh browser context, so the reader's chunk and pdf.js's worker are fetched too (a
 * first open). Median of 5 on loopback, and median of 3 on Lighthouse's mobile throttling (1.6 Mbps, 150 ms RTT,
 * 4× CPU), the phone the goal is set for. Prints nothing; returns lines.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { chromium, type Browser } from 'playwright-core';
import { noisePng } from '@studyhub/tooling/test-support/noise-png';
import { CHROMIUM_PATH } from '../lib/chromium';
import { CHROME_FLAGS, signIn, throttleLikeAPhone, type Session } from './pages';

export interface BenchReaderOptions {
  base: string;
  /** An admin's token, for the upload. */
  adminToken: string;
  /** A student's session, who opens the reader. */
  student: Session;
  /** Size of the PDF, in MB (at most the server's UPLOAD_MAX_MB). */
  fileMb: number;
}

const MB = 1024 * 1024;
const RUNS = 5;
const GOAL_MS = 1000;
const PHONE_RUNS = 3;
const PHONE_GOAL_MS = 2500;
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true };
const UNIT_QUERY = 'branch=CSE&year=Third%20Year&semester=5&subject=CS-501&unit=4';
const REPRODUCE = '(reproduce: npm run bench -- --only reader)';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** About `bytes` of PDF: pages of lecture text, each with its own 200×200 picture (~120 KB). */
export async function makeLargePdf(bytes: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const pages = Math.max(1, Math.round(bytes / (200 * 200 * 3 + 2500)));
  for (let number = 1; number <= pages; number += 1) {
    const page = pdf.addPage([595, 842]);
    page.drawText(`Operating Systems, unit 4 - lecture page ${number} of ${pages}`, {
      x: 50,
      y: 790,
      size: 16,
      font,
    });
    for (let line = 0; line < 20; line += 1) {
      page.drawText(
        `${number}.${line + 1} Paging, segmentation and the working set: notes line ${line + 1}.`,
        {
          x: 50,
          y: 750 - line * 16,
          size: 11,
          font,
        },
      );
    }
    const picture = await pdf.embedPng(noisePng(200, 200));
    page.drawImage(picture, { x: 50, y: 150, width: 300, height: 300 });
  }
  return Buffer.from(await pdf.save());
}

async function upload(base: string, token: string, pdf: Buffer): Promise<void> {
  const form = new FormData();
  form.append('pdf', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'os-unit-4.pdf');
  const reply = await fetch(`${base}/api/upload/upload?${UNIT_QUERY}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (reply.status !== 201) throw new Error(`The upload answered ${reply.status}: ${await reply.text()}`);
}

interface Run {
  ms: number;
  /** Bytes of the PDF received until the first page was drawn (headers not counted). */
  pdfBytes: number;
  requests: number;
}

async function openOnce(browser: Browser, options: BenchReaderOptions, onPhoneNetwork = false): Promise<Run> {
  const context = await browser.newContext({ ...PHONE, baseURL: options.base });
  try {
    await signIn(context, options.student);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (onPhoneNetwork) await throttleLikeAPhone(cdp);
    const pdfRequests = new Set<string>();
    let pdfBytes = 0;
    cdp.on('Network.requestWillBeSent', (event) => {
      if (new URL(event.request.url).pathname.startsWith('/api/download/')) pdfRequests.add(event.requestId);
    });
    cdp.on('Network.dataReceived', (event) => {
      if (pdfRequests.has(event.requestId)) pdfBytes += event.dataLength;
    });
    await page.goto('/notes/ThirdYear');
    await page
      .getByTestId('subject-card')
      .filter({ has: page.getByText('CS-501', { exact: true }) })
      .getByRole('link')
      .tap();
    const preview = page.getByTestId('unit-card').nth(3).getByRole('button', { name: 'Preview Notes' });
    await preview.waitFor();
    await page.waitForLoadState('networkidle');
    const started = performance.now();
    await preview.tap();
    const firstPage = page.locator('[data-testid="pdf-page"][data-page="1"][data-drawn="true"]:has(canvas)');
    await firstPage.waitFor({ timeout: 30_000 });
    const ms = performance.now() - started;
    const run = { ms, pdfBytes, requests: pdfRequests.size };
    const ink = await firstPage.evaluate((sheet) => {
      const canvas = sheet.querySelector('canvas')!;
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let count = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i]! < 200) count += 1;
      return count;
    });
    if (ink === 0) throw new Error('The reader reported page 1 drawn, but its canvas is blank');
    return run;
  } finally {
    await context.close();
  }
}

export async function benchReader(options: BenchReaderOptions): Promise<string[]> {
  const pdf = await makeLargePdf(options.fileMb * MB);
  const pageCount = (await PDFDocument.load(pdf)).getPageCount();
  await upload(options.base, options.adminToken, pdf);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROME_FLAGS.slice(1) });
  try {
    await openOnce(browser, options); // warm-up: the server's first reads of the file and the release
    const runs: Run[] = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await openOnce(browser, options));
    const ms = median(runs.map((run) => run.ms));
    const bytes = median(runs.map((run) => run.pdfBytes));
    const requests = median(runs.map((run) => run.requests));
    const spread = runs.map((run) => run.ms.toFixed(0)).join(', ');
    const phoneRuns: number[] = [];
    for (let run = 0; run < PHONE_RUNS; run += 1) phoneRuns.push((await openOnce(browser, options, true)).ms);
    return [
      `${(pdf.length / MB).toFixed(1)} MB PDF, ${pageCount} pages, 390×844 at 3× (touch): Preview Notes to first ` +
        `page drawn, median ${ms.toFixed(0)} ms (goal ≤ ${GOAL_MS} ms; runs ${spread}) ${REPRODUCE}`,
      `  PDF bytes received before the first page: ${(bytes / 1024).toFixed(0)} KiB of ` +
        `${(pdf.length / 1024).toFixed(0)} KiB (${((100 * bytes) / pdf.length).toFixed(2)} %), in ${requests} requests`,
      `  on Lighthouse's mobile throttling (1.6 Mbps, 150 ms RTT, 4× CPU): median ` +
        `${median(phoneRuns).toFixed(0)} ms (goal ≤ ${PHONE_GOAL_MS} ms; runs ` +
        `${phoneRuns.map((ms) => ms.toFixed(0)).join(', ')})`,
    ];
  } finally {
    await browser.close();
  }
}
