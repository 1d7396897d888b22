/**
 * One Chromium per test file, a fresh context per test, and a check after each test that the page logged no
 * errors. Tests that break something on purpose name the exact messages they expect with `allow`.
 */
import { afterAll, afterEach, beforeAll, expect } from '@jest/globals';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type Request,
} from 'playwright-core';
import { ownAddress } from './accounts';
import { baseUrl, CHROMIUM_PATH } from './env';
import { signIn, type DemoRole, type SessionData } from './session';

const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Something that went wrong in the browser: a console error, an uncaught exception or a failed JS load. */
export interface Problem {
  kind: 'console' | 'pageerror' | 'script-load';
  text: string;
  /** Where it happened: the console message's source, or the script's URL. */
  url: string;
}

export type ProblemFilter = (problem: Problem) => boolean;

export interface OpenOptions {
  /**
   * Put a session in localStorage before the app starts: the demo student's (true), the named demo account's, or
   * one the test logged in itself.
   */
  signedIn?: boolean | DemoRole | SessionData;
  /** Problems this test causes on purpose; every other one fails the test. */
  allow?: ProblemFilter[];
  /** A phone instead of the default desktop window: its viewport, touch and mobile meta-viewport handling. */
  device?: Pick<BrowserContextOptions, 'viewport' | 'hasTouch' | 'isMobile' | 'deviceScaleFactor'>;
  /** The visitor's address (X-Forwarded-For); a random 10.x.y.z of its own unless the test needs to know it. */
  address?: string;
}

export interface Session {
  context: BrowserContext;
  page: Page;
}

interface Open extends Session {
  recorder: ProblemRecorder;
  allow: ProblemFilter[];
}

/** Registers the hooks of a test file and returns `open`, which starts a fresh browser context. */
export function setUpBrowser(): { open(options?: OpenOptions): Promise<Session> } {
  let browser: Browser | undefined;
  let opened: Open[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: LAUNCH_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    const sessions = opened;
    opened = [];
    for (const session of sessions) await session.context.close();
    const unexpected = sessions.flatMap(({ recorder, allow }) =>
      recorder.problems().filter((problem) => !allow.some((filter) => filter(problem))),
    );
    expect(unexpected).toEqual([]);
  });

  return {
    async open({ signedIn = false, allow = [], device = {}, address = ownAddress() } = {}) {
      if (!browser) throw new Error('setUpBrowser() must be called at the top level of a test file');
      // Each window is a visitor of its own, so the per-IP limits (ten logins a minute) count the suite's many
      // windows apart, as they would count students; the server trusts this header from loopback only.
      const context = await browser.newContext({
        ...device,
        baseURL: baseUrl(),
        extraHTTPHeaders: { 'x-forwarded-for': address },
      });
      const recorder = recordProblems(context);
      if (signedIn) await signIn(context, signedIn === true ? 'student' : signedIn);
      const page = await context.newPage();
      opened.push({ context, page, recorder, allow });
      return { context, page };
    },
  };
}

/** What went wrong in a browser context; loads its pages cancelled are judged once the test is over. */
interface ProblemRecorder {
  problems(): Problem[];
}

function recordProblems(context: BrowserContext): ProblemRecorder {
  const problems: Problem[] = [];
  const origin = new URL(baseUrl()).origin;
  const isOwnScript = (url: string, resourceType: string) =>
    url.startsWith(`${origin}/`) && (resourceType === 'script' || new URL(url).pathname.endsWith('.js'));

  context.on('console', (message) => {
    if (message.type() === 'error') {
      problems.push({ kind: 'console', text: message.text(), url: message.location().url });
    }
  });
  context.on('weberror', (error) => {
    problems.push({ kind: 'pageerror', text: String(error.error()), url: error.page()?.url() ?? '' });
  });
  // A load the page cancelled by navigating away (a reload while idle warm-ups were still loading) is not a
  // failure. Chromium reports it as net::ERR_ABORTED, at times before the navigation's own events, so such a load
  // is judged when the test is over: it was cancelled if its page navigated after the load began.
  const navigations = new WeakMap<Page, number>();
  const navigationsOf = (page: Page | undefined) => (page ? (navigations.get(page) ?? 0) : 0);
  context.on('page', (page) =>
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.set(page, navigationsOf(page) + 1);
    }),
  );
  const pageOf = (request: Request): Page | undefined => {
    try {
      return request.frame().page() ?? undefined;
    } catch {
      return undefined; // a service worker's request has no frame
    }
  };
  const startedAt = new WeakMap<Request, number>();
  context.on('request', (request) => startedAt.set(request, navigationsOf(pageOf(request))));
  const aborted: { problem: Problem; page: Page | undefined; started: number }[] = [];
  context.on('requestfailed', (request) => {
    if (!isOwnScript(request.url(), request.resourceType())) return;
    const text = request.failure()?.errorText ?? 'failed';
    const problem: Problem = { kind: 'script-load', text, url: request.url() };
    if (text !== 'net::ERR_ABORTED') return void problems.push(problem);
    aborted.push({ problem, page: pageOf(request), started: startedAt.get(request) ?? Infinity });
  });
  context.on('response', (response) => {
    const request = response.request();
    if (response.status() >= 400 && isOwnScript(response.url(), request.resourceType())) {
      problems.push({ kind: 'script-load', text: `HTTP ${response.status()}`, url: response.url() });
    }
  });
  return {
    problems: () => [
      ...problems,
      ...aborted.filter(({ page, started }) => navigationsOf(page) <= started).map(({ problem }) => problem),
    ],
  };
}

/** The browser's note about a request that answered `status` (404 by default), for exactly that URL. */
export function notFoundAt(url: string, status = 404): ProblemFilter {
  return (problem) =>
    problem.kind === 'console' &&
    problem.url === url &&
    problem.text.startsWith(`Failed to load resource: the server responded with a status of ${status}`);
}

/**
 * React logs the error an area boundary caught (its default onCaughtError); the shell's loader throws it with
 * this text when an area is not deployed or its remote fails to load.
 */
export function areaFailed(area: string): ProblemFilter {
  const pattern = new RegExp(`^\\w*:? ?${area} (is not deployed|failed to load)\\b`);
  return (problem) => problem.kind === 'console' && pattern.test(problem.text);
}
