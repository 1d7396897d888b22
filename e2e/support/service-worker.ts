/**
 * The shell's service worker as a browser test sees it (decision 035): a phone whose page the worker controls, the
 * revision it keeps for offline use, and the area files a page load fetched.
 */
import type { Page } from '@playwright/test';
import type { OpenOptions, OpenWindow, Session } from './fixtures';
import { seeHeading } from './pages';
import type { ProblemFilter } from './problems';

export const PHONE: NonNullable<OpenOptions['device']> = {
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
  deviceScaleFactor: 3,
};

export const HOME_HEADING = 'Unlock Your Academic Potential';

const DISCONNECTED = 'net::ERR_INTERNET_DISCONNECTED';

/** With the network off, the page's API calls fail, and the page says so in the console. Nothing else may. */
export const offlineFailures: ProblemFilter = (problem) =>
  problem.kind === 'console' &&
  ((problem.text === `Failed to load resource: ${DISCONNECTED}` &&
    new URL(problem.url).pathname.startsWith('/api/')) ||
    // What a page logs of an API call that found no network, where it logs its failed reads.
    problem.text.includes('AxiosError: Network Error'));

/** A phone that visited Home once and reloaded it: the worker registered on the visit controls the reload. */
export async function controlledPhone(open: OpenWindow, options: OpenOptions = {}): Promise<Session> {
  const session = await open({ device: PHONE, ...options });
  const { page } = session;
  await page.goto('/');
  await seeHeading(page, HOME_HEADING);
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active !== null);
  await page.reload();
  await seeHeading(page, HOME_HEADING);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return session;
}

/** Where the worker notes its state (shell/src/service-worker/revisions.ts): read from the page, as Cache Storage. */
const STATE_CACHE = 'studyhub-sw-state';

/** remotes.json of the revision the worker keeps complete, or null while it keeps none. */
export function keptRemotes(page: Page): Promise<Record<string, { version: string }> | null> {
  return page.evaluate(async (stateCache) => {
    const state = await caches.open(stateCache);
    const name = (await (await state.match('/service-worker-state/complete-revision'))?.json()) as
      string | undefined;
    const remotes = name ? await (await caches.open(name)).match('/remotes.json') : undefined;
    return remotes ? ((await remotes.json()) as Record<string, { version: string }>) : null;
  }, STATE_CACHE);
}

/** How the worker's last fill of a revision ended. */
export function lastFill(page: Page): Promise<{ complete: boolean; reason?: string } | null> {
  return page.evaluate(async (stateCache) => {
    const state = await caches.open(stateCache);
    const fill = await state.match('/service-worker-state/last-fill');
    return fill ? ((await fill.json()) as { complete: boolean; reason?: string }) : null;
  }, STATE_CACHE);
}

/** The /mfe/<area>/<version>/ files the page fetches from now on, as area and version. */
export function recordAreaFiles(page: Page): { area: string; version: string; url: string }[] {
  const files: { area: string; version: string; url: string }[] = [];
  page.on('request', (request) => {
    const match = /\/mfe\/([^/]+)\/([^/]+)\//.exec(new URL(request.url()).pathname);
    if (match) files.push({ area: match[1]!, version: match[2]!, url: request.url() });
  });
  return files;
}
