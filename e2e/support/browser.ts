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
  type Frame,
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
  problems: Problem[];
}

interface Open extends Session {
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
    const unexpected = sessions.flatMap(({ problems, allow }) =>
      problems.filter((problem) => !allow.some((filter) => filter(problem))),
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
      const problems = recordProblems(context);
      if (signedIn) await signIn(context, signedIn === true ? 'student' : signedIn);
      const page = await context.newPage();
      opened.push({ context, page, problems, allow });
      return { context, page, problems };
    },
  };
}

function recordProblems(context: BrowserContext): Problem[] {
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
  // A load that the page itself cancelled by navigating (a reload while idle warm-ups were still loading) is
  // not a failure: Chromium reports it as net::ERR_ABORTED once the next navigation's request has started.
  const navigations = new WeakMap<Frame, number>();
  const navigationsAtStart = new WeakMap<Request, number>();
  const mainFrameOf = (request: Request): Frame | undefined => {
    try {
      return request.frame().page()?.mainFrame();
    } catch {
      return undefined; // a service worker's request has no frame
    }
  };
  const navigationsOf = (frame: Frame | undefined) => (frame ? (navigations.get(frame) ?? 0) : 0);
  context.on('request', (request) => {
    const mainFrame = mainFrameOf(request);
    if (request.isNavigationRequest() && mainFrame && request.frame() === mainFrame) {
      navigations.set(mainFrame, navigationsOf(mainFrame) + 1);
    } else {
      navigationsAtStart.set(request, navigationsOf(mainFrame));
    }
  });
  const cancelledByNavigation = (request: Request) =>
    request.failure()?.errorText === 'net::ERR_ABORTED' &&
    navigationsOf(mainFrameOf(request)) > (navigationsAtStart.get(request) ?? Infinity);
  context.on('requestfailed', (request) => {
    if (isOwnScript(request.url(), request.resourceType()) && !cancelledByNavigation(request)) {
      problems.push({
        kind: 'script-load',
        text: request.failure()?.errorText ?? 'failed',
        url: request.url(),
      });
    }
  });
  context.on('response', (response) => {
    const request = response.request();
    if (response.status() >= 400 && isOwnScript(response.url(), request.resourceType())) {
      problems.push({ kind: 'script-load', text: `HTTP ${response.status()}`, url: response.url() });
    }
  });
  return problems;
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
