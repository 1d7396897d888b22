/**
 * The accessibility gate (issue 13 §3, decision 018): axe-core finds no serious or critical violation on any
 * route of the route table, each opened by the least role that may (anonymous, student, teacher, admin), in both
 * themes, on a phone (390×844) and a desktop (1366×900); and after each client-side navigation focus is on the
 * new page's main heading. Each role gets one browser context per viewport; its page loads once and then moves
 * through its routes as the app itself navigates.
 */
import type { Page } from '@playwright/test';
import { documentTitle, ROUTE_TABLE, type Access, type RouteEntry } from '@studyhub/contract';
import { AXE_SOURCE, seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import type { DemoRole } from '../support/session';

const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1366, height: 900 },
} as const;
const THEMES = ['dark', 'light'] as const;

/** Who opens each kind of route: the least a visitor needs. */
const ROLE_FOR: Record<Access, DemoRole | 'anonymous'> = {
  open: 'anonymous',
  login: 'student',
  teacher: 'teacher',
  admin: 'admin',
};

/** Values for the table's path parameters; a new parameter fails the test until it is given one here. */
const PARAMS: Record<string, string> = { subjectCode: 'CS-501', token: 'a11y-check-token' };

/** The navigation state pages are opened with in the app (product §2): the subject's context, the sign-up's email. */
const STATES: Record<string, unknown> = {
  subject: { branch: 'CSE', year: 'ThirdYear', semester: '5' },
  'verify-otp': { email: 'a11y-check@example.com', registration: 'a11y-check' },
};

function concretePath(route: RouteEntry): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = PARAMS[name];
    if (!value) throw new Error(`No value for :${name} in ${route.path}`);
    return value;
  });
}

/** Waits until no request of the page has been open for a moment: the page's data has arrived. */
async function settle(page: Page, pending: Set<unknown>): Promise<void> {
  const deadline = Date.now() + 10_000;
  let quietSince = Date.now();
  while (Date.now() - quietSince < 300) {
    if (Date.now() > deadline) throw new Error(`Requests still open on ${page.url()}`);
    if (pending.size > 0) quietSince = Date.now();
    await page.waitForTimeout(50);
  }
}

/** A client-side navigation, as React Router makes one (its history entries carry the state under `usr`). */
async function navigate(page: Page, path: string, state: unknown): Promise<void> {
  await page.evaluate(
    ([to, usr]) => {
      const index = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
      history.pushState({ usr, key: `a11y${index}`, idx: index }, '', to);
      dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    },
    [path, state ?? null] as const,
  );
}

async function switchTheme(page: Page, mode: (typeof THEMES)[number]): Promise<void> {
  const isDark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  if (isDark === (mode === 'dark')) return;
  await page.getByRole('button', { name: `Switch to ${mode} mode` }).click();
  await page.waitForFunction(
    (dark) => document.documentElement.classList.contains('dark') === dark,
    mode === 'dark',
  );
}

const ROLES = ['anonymous', 'student', 'teacher', 'admin'] as const;
const CASES = ROLES.flatMap((role) =>
  (Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]).map((viewport) => [role, viewport] as const),
);

test.describe('every route passes axe (no serious or critical violation) and focuses its heading', () => {
  for (const [role, viewport] of CASES) {
    test(`${role} at ${viewport} size, dark and light`, async ({ open }) => {
      test.setTimeout(240_000);
      const routes = ROUTE_TABLE.filter((route) => ROLE_FOR[route.access] === role);
      expect(routes.length).toBeGreaterThan(0);

      const { page } = await open({ signedIn: role === 'anonymous' ? false : role });
      await page.setViewportSize(VIEWPORTS[viewport]);
      const pending = new Set<unknown>();
      page.on('request', (request) => pending.add(request));
      page.on('requestfinished', (request) => pending.delete(request));
      page.on('requestfailed', (request) => pending.delete(request));

      const findings: string[] = [];
      const focusOnHeading = async (path: string) => {
        const focused = await page.evaluate(() => {
          const active = document.activeElement;
          return active?.tagName === 'H1' && active.closest('#content') !== null;
        });
        if (!focused) findings.push(`${path}: focus is not on the page's heading after navigation`);
      };
      const [first, ...rest] = routes as [RouteEntry, ...RouteEntry[]];

      for (const route of [first, ...rest]) {
        const path = concretePath(route);
        if (route === first) {
          await page.goto(path);
          // Not addScriptTag: the site's Content-Security-Policy refuses inline scripts, rightly; evaluating the
          // source through the debugging protocol is not subject to it.
          await page.evaluate(AXE_SOURCE);
        } else {
          await navigate(page, path, STATES[route.page]);
        }
        await page.waitForFunction((title) => document.title === title, documentTitle(route));
        await page.locator('#content h1').first().waitFor();
        await settle(page, pending);
        if (route !== first) await focusOnHeading(path);

        for (const mode of THEMES) {
          await switchTheme(page, mode);
          for (const line of await seriousViolations(page)) findings.push(`${path} [${mode}] ${line}`);
        }
      }
      // The first page was a load, not a navigation: come back to it to see focus move there too.
      const firstPath = concretePath(first);
      await navigate(page, firstPath, STATES[first.page]);
      await page.locator('#content h1').first().waitFor();
      await page
        .waitForFunction(() => document.activeElement?.tagName === 'H1', undefined, { timeout: 5000 })
        .catch(() => undefined);
      await focusOnHeading(firstPath);
      expect(findings).toEqual([]);
    });
  }
});
