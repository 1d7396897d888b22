/// <reference lib="dom" />
/**
 * `npm run bench -- --only pages`: the page figures of decision 014, measured in Debian's Chromium against the composed
 * site (decisions 013 and 014).
 *   - page weight of Home (anonymous) and a signed-in area page: JS files, raw, gzip (level 9) and bytes on the
 *     wire, with the areas warmed for later counted apart;
 *   - Lighthouse, mobile preset (simulated slow 4G, 4× CPU) and desktop: scores and LCP / TBT / CLS, median of 3;
 *   - the bytes a first visit to Home costs a phone (390×844, anonymous, empty cache; every request until the
 *     page and its idle warm-ups are done), without and with Save-Data (decision 037): the Save-Data: on header
 *     through CDP's Network.setExtraHTTPHeaders and navigator.connection.saveData true through an init script,
 *     which is what the page reads;
 *   - opening an area not loaded yet: a student on Home, the page idle 1 s, clicks the header's Syllabus link;
 *     the time until its heading shows, median of 5;
 *   - a cold start on Lighthouse's mobile throttling (1.6 Mbps, 150 ms RTT, 4× CPU) through CDP: a signed-in
 *     deep link to a year page, the time until the header says Logout and until the subject cards show,
 *     median of 3;
 *   - Home interactive on the same throttling (390×844, anonymous, empty cache): the time until a tap on the
 *     header's menu button opens the menu (the button is disabled until React listens), median of 3;
 *   - Home from the service worker's caches (decision 035): a phone that visited Home once and whose worker keeps
 *     the revision it ran loads Home with the network off, until its heading and the notes widget's version
 *     show, median of 3.
 * Prints nothing; returns lines.
 */
import { gzipSync } from 'node:zlib';
import { launch as launchChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { STORAGE_KEYS } from '@studyhub/contract';
import { emulateSaveData, pageSavesData, settleWarmUps } from '@studyhub/tooling/test-support/thin-data';
import { CHROMIUM_PATH } from '../lib/chromium';

/** Chromium as root without a display, and without its calls home (they are refused here). */
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const LIGHTHOUSE_RUNS = 3;
/** Extra attempts for runs Lighthouse could not record, across one page's runs. */
const LIGHTHOUSE_RETRIES = 3;
const AREA_OPEN_RUNS = 5;
const COLD_START_RUNS = 3;
const WORKER_CACHE_RUNS = 3;
/** Lighthouse's mobile preset's throttling (its "slow 4G" and a mid-range phone's CPU). */
const MOBILE_THROTTLING = {
  latencyMs: 150,
  downloadBitsPerSecond: 1.6e6,
  uploadBitsPerSecond: 750e3,
  cpuSlowdown: 4,
};
const COLD_START_GOAL_MS = 3000;
const HOME_INTERACTIVE_GOAL_MS = 2500;

export interface Session {
  user: unknown;
  token: string;
}

export interface BenchPagesOptions {
  base: string;
  /** A student's session (product §3's localStorage entries) for the signed-in pages. */
  student: Session;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Script {
  path: string;
  raw: number;
  gzip: number;
  wire: number;
}

/** Runs in the page: the session as the login page stores it (product §3). */
function writeSession([keys, session]: readonly [typeof STORAGE_KEYS, Session]): void {
  localStorage.setItem(keys.token, session.token);
  localStorage.setItem(keys.user, JSON.stringify(session.user));
}

export async function signIn(context: BrowserContext, session: Session): Promise<void> {
  await context.addInitScript(writeSession, [STORAGE_KEYS, session] as const);
}

/** Every script one load of `path` downloads until the network is quiet, with what crossed the wire. */
async function pageScripts(
  browser: Browser,
  base: string,
  path: string,
  session?: Session,
): Promise<Script[]> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 412, height: 823 } });
  if (session) await signIn(context, session);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const wire = new Map<string, number>();
  cdp.on('Network.loadingFinished', (event) => wire.set(event.requestId, event.encodedDataLength));
  const urls = new Map<string, string>();
  cdp.on('Network.responseReceived', (event) => urls.set(event.requestId, event.response.url));
  const bodies: Promise<{ url: string; body: Buffer }>[] = [];
  page.on('response', (response) => {
    if (/javascript/.test(response.headers()['content-type'] ?? '')) {
      bodies.push(response.body().then((body) => ({ url: response.url(), body })));
    }
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  const scripts = await Promise.all(bodies);
  const wireByUrl = new Map([...urls].map(([id, url]) => [url, wire.get(id) ?? 0]));
  await context.close();
  return scripts.map(({ url, body }) => ({
    path: new URL(url).pathname,
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    wire: wireByUrl.get(url) ?? 0,
  }));
}

function weightLine(label: string, scripts: Script[]): string {
  const sum = (field: keyof Omit<Script, 'path'>) =>
    scripts.reduce((total, script) => total + script[field], 0);
  return `${label}: ${scripts.length} JS files, ${kb(sum('raw'))} raw, ${kb(sum('gzip'))} gzip, ${kb(sum('wire'))} on the wire`;
}

async function pageWeights(browser: Browser, options: BenchPagesOptions): Promise<string[]> {
  const home = await pageScripts(browser, options.base, '/');
  // Home is the shell and the notes widget; any other area's files were warmed for the next click.
  const isHome = (script: Script) =>
    !script.path.startsWith('/mfe/') || script.path.startsWith('/mfe/notes/');
  const area = await pageScripts(browser, options.base, '/notes/ThirdYear', options.student);
  return [
    weightLine('Home (anonymous, 412×823)', home.filter(isHome)),
    weightLine(
      '  warmed at idle for the next click',
      home.filter((script) => !isHome(script)),
    ),
    weightLine('/notes/ThirdYear (student)', area),
  ];
}

/** Every byte one first visit to Home moves over the wire, and how many requests, until it and its warm-ups settle. */
async function firstVisitBytes(
  browser: Browser,
  base: string,
  saveData: boolean,
): Promise<{ bytes: number; requests: number }> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  if (saveData) await emulateSaveData(context);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  let bytes = 0;
  let requests = 0;
  cdp.on('Network.loadingFinished', (event) => {
    bytes += event.encodedDataLength;
    requests += 1;
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await settleWarmUps(page);
  const saving = await pageSavesData(page);
  await context.close();
  if (saving !== saveData) throw new Error(`Save-Data was to be ${saveData} but the page read ${saving}`);
  return { bytes, requests };
}

async function firstVisitLines(browser: Browser, base: string): Promise<string[]> {
  const plain = await firstVisitBytes(browser, base, false);
  const saving = await firstVisitBytes(browser, base, true);
  const line = (label: string, { bytes, requests }: { bytes: number; requests: number }) =>
    `first visit to Home (anonymous, 390×844) ${label}: ${kb(bytes)} on the wire in ${requests} requests`;
  return [line('without Save-Data', plain), line('with Save-Data', saving)];
}

interface LighthouseRun {
  /** Lighthouse's own failure (NO_LCP, a page that did not load…): the run has no scores and says why. */
  error?: string;
  performance: number;
  accessibility: number;
  lcp: number;
  tbt: number;
  cls: number;
}

/**
 * A signed-in run: the session goes into the origin's localStorage through the same Chromium, its HTTP cache is
 * emptied, and Lighthouse is told to keep storage (it would otherwise wipe the session).
 */
async function putSession(port: number, base: string, session: Session): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0] ?? (await browser.newContext());
  const page = await context.newPage();
  await page.goto(`${base}/about`);
  await page.evaluate(writeSession, [STORAGE_KEYS, session] as const);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.close();
  await browser.close();
}

async function lighthouseRun(
  url: string,
  preset: 'mobile' | 'desktop',
  session?: Session,
): Promise<LighthouseRun> {
  const chrome = await launchChrome({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  try {
    if (session) await putSession(chrome.port, new URL(url).origin, session);
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: session !== undefined,
      },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    return {
      error: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined,
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    };
  } finally {
    chrome.kill();
  }
}

async function lighthouseLines(options: BenchPagesOptions): Promise<string[]> {
  const pages = [
    { label: 'Home', path: '/', preset: 'mobile', session: undefined },
    { label: 'Home', path: '/', preset: 'desktop', session: undefined },
    {
      label: '/notes/ThirdYear (student)',
      path: '/notes/ThirdYear',
      preset: 'mobile',
      session: options.student,
    },
    { label: '/syllabus (student)', path: '/syllabus', preset: 'mobile', session: options.student },
  ] as const;
  const lines: string[] = [];
  for (const { label, path, preset, session } of pages) {
    const runs: LighthouseRun[] = [];
    // Lighthouse itself sometimes fails to record a trace (NO_NAVSTART): such a run says nothing about the page,
    // so it is retried, and reported, rather than leaving the median to fewer runs.
    for (let attempts = 0; runs.filter((run) => !run.error).length < LIGHTHOUSE_RUNS; attempts += 1) {
      if (attempts === LIGHTHOUSE_RUNS + LIGHTHOUSE_RETRIES) break;
      runs.push(await lighthouseRun(`${options.base}${path}`, preset, session));
    }
    const failed = runs.filter((run) => run.error);
    const scored = runs.filter((run) => !run.error);
    for (const run of failed)
      lines.push(`Lighthouse ${preset} ${label}: a run failed (retried): ${run.error}`);
    if (scored.length === 0) continue;
    const of = (field: Exclude<keyof LighthouseRun, 'error'>) => median(scored.map((run) => run[field]));
    lines.push(
      `Lighthouse ${preset.padEnd(7)} ${label}: performance ${of('performance')} (runs ${runs.map((run) => (run.error ? 'failed' : run.performance)).join(', ')}), ` +
        `a11y ${of('accessibility')}, LCP ${(of('lcp') / 1000).toFixed(2)} s, TBT ${Math.round(of('tbt'))} ms, ` +
        `CLS ${of('cls').toFixed(3)}`,
    );
  }
  return lines;
}

/** Header link → the area's heading, on a page that has been idle a second (what idle warming is for). */
async function areaOpenMs(browser: Browser, options: BenchPagesOptions): Promise<number> {
  const context = await browser.newContext({ baseURL: options.base });
  await signIn(context, options.student);
  const page: Page = await context.newPage();
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  const started = Date.now();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Syllabus' }).click();
  await page
    .getByRole('heading', { level: 1 })
    .filter({ hasText: /syllabus/i })
    .waitFor();
  const elapsed = Date.now() - started;
  await context.close();
  return elapsed;
}

/** Puts a page on Lighthouse's mobile throttling, through its CDP session. */
export async function throttleLikeAPhone(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: MOBILE_THROTTLING.latencyMs,
    downloadThroughput: MOBILE_THROTTLING.downloadBitsPerSecond / 8,
    uploadThroughput: MOBILE_THROTTLING.uploadBitsPerSecond / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_THROTTLING.cpuSlowdown });
}

/** A fresh browser context, its cache empty, on the mobile throttling: when the header and the cards show. */
async function coldStart(
  browser: Browser,
  options: BenchPagesOptions,
): Promise<{ header: number; cards: number }> {
  const context = await browser.newContext({ baseURL: options.base, viewport: { width: 390, height: 844 } });
  await signIn(context, options.student);
  const page = await context.newPage();
  await throttleLikeAPhone(await context.newCDPSession(page));
  const started = Date.now();
  const navigation = page.goto('/notes/ThirdYear');
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).waitFor();
  const header = Date.now() - started;
  await page.getByTestId('subject-card').first().waitFor();
  const cards = Date.now() - started;
  await navigation;
  await context.close();
  return { header, cards };
}

/** A fresh phone on the mobile throttling opens Home and taps the menu button as soon as it can be tapped. */
async function homeInteractiveMs(browser: Browser, options: BenchPagesOptions): Promise<number> {
  const context = await browser.newContext({
    baseURL: options.base,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await throttleLikeAPhone(await context.newCDPSession(page));
  const started = Date.now();
  const navigation = page.goto('/');
  // Tapping waits until the button is enabled, which it is once React listens.
  await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).tap({ timeout: 60_000 });
  await page.getByRole('banner').getByRole('button', { name: 'Close menu', expanded: true }).waitFor();
  const elapsed = Date.now() - started;
  await navigation;
  await context.close();
  return elapsed;
}

/**
 * A fresh phone visits Home, waits until the service worker controls the page and keeps a complete revision of
 * the areas, then loads Home offline: the time until its load event with the heading shown.
 */
async function homeFromWorkerCache(browser: Browser, options: BenchPagesOptions): Promise<number> {
  const context = await browser.newContext({ baseURL: options.base, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const heading = page.getByRole('heading', { name: 'Unlock Your Academic Potential' });
  await page.goto('/');
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active !== null);
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // The revision is complete once the worker's pointer names a cache (shell/src/service-worker/revisions.ts).
  await page.waitForFunction(async () =>
    Boolean(await (await caches.open('studyhub-sw-state')).match('/service-worker-state/complete-revision')),
  );
  await context.setOffline(true);
  const started = Date.now();
  await page.goto('/', { waitUntil: 'load' });
  await heading.waitFor();
  const elapsed = Date.now() - started;
  await context.close();
  return elapsed;
}

export async function benchPages(options: BenchPagesOptions): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROME_FLAGS.slice(1) });
  try {
    const lines = await pageWeights(browser, options);
    lines.push(...(await firstVisitLines(browser, options.base)));
    const opens: number[] = [];
    for (let run = 0; run < AREA_OPEN_RUNS; run += 1) opens.push(await areaOpenMs(browser, options));
    lines.push(
      `opening Syllabus from Home (student, idle 1 s first): median ${median(opens)} ms (runs ${opens.join(', ')})`,
    );
    const starts: { header: number; cards: number }[] = [];
    for (let run = 0; run < COLD_START_RUNS; run += 1) starts.push(await coldStart(browser, options));
    const cards = starts.map((start) => start.cards);
    lines.push(
      `cold start, signed-in deep link to /notes/ThirdYear on the mobile throttling (390×844): header with ` +
        `Logout at median ${median(starts.map((start) => start.header))} ms, cards at median ${median(cards)} ms ` +
        `(goal ≤ ${COLD_START_GOAL_MS} ms; runs ${cards.join(', ')})`,
    );
    const interactive: number[] = [];
    for (let run = 0; run < COLD_START_RUNS; run += 1)
      interactive.push(await homeInteractiveMs(browser, options));
    lines.push(
      `Home interactive on the mobile throttling (anonymous, 390×844): the menu opens on a tap at median ` +
        `${median(interactive)} ms (goal ≤ ${HOME_INTERACTIVE_GOAL_MS} ms; runs ${interactive.join(', ')})`,
    );
    const fromCache: number[] = [];
    for (let run = 0; run < WORKER_CACHE_RUNS; run += 1)
      fromCache.push(await homeFromWorkerCache(browser, options));
    lines.push(
      `Home from the service worker's caches (second visit, offline, 390×844, no throttling): loaded with its ` +
        `heading at median ${median(fromCache)} ms (runs ${fromCache.join(', ')})`,
    );
    lines.push(...(await lighthouseLines(options)));
    return lines;
  } finally {
    await browser.close();
  }
}
