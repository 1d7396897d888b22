/**
 * The guard every browser test runs under: a console error, an uncaught exception or a failed load of one of
 * the site's scripts fails the test. Tests that break something on purpose name the exact messages they expect.
 */
import type { BrowserContext, Page, Request } from '@playwright/test';

/** Something that went wrong in the browser: a console error, an uncaught exception or a failed JS load. */
export interface Problem {
  kind: 'console' | 'pageerror' | 'script-load';
  text: string;
  /** Where it happened: the console message's source, or the script's URL. */
  url: string;
}

export type ProblemFilter = (problem: Problem) => boolean;

/** What went wrong in a browser context; loads its pages cancelled are judged when they are read. */
export interface ProblemRecorder {
  problems(): Problem[];
}

/** Records what goes wrong in `context`; `origin` is the site's, whose scripts must load. */
export function recordProblems(context: BrowserContext, origin: string): ProblemRecorder {
  const problems: Problem[] = [];
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
  // The service worker's own requests are judged by the page's: a script the page could not load fails the
  // page's request whatever the worker tried first (its network try offline, a fill meeting a missing file, a
  // fetch cancelled with the page that asked for it; decision 035).
  const isOwnScriptOfPage = (request: Request) =>
    request.serviceWorker() === null && isOwnScript(request.url(), request.resourceType());
  context.on('requestfailed', (request) => {
    if (!isOwnScriptOfPage(request)) return;
    const text = request.failure()?.errorText ?? 'failed';
    const problem: Problem = { kind: 'script-load', text, url: request.url() };
    if (text !== 'net::ERR_ABORTED') return void problems.push(problem);
    aborted.push({ problem, page: pageOf(request), started: startedAt.get(request) ?? Infinity });
  });
  context.on('response', (response) => {
    const request = response.request();
    if (response.status() >= 400 && isOwnScriptOfPage(request)) {
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
