/**
 * A broken or missing notes build costs only the notes pages: the frame, Home and About keep working, and
 * Retry picks up a fixed remotes.json without a page load (architecture §3).
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { areaFailed, notFoundAt, type ProblemFilter } from '../support/problems';
import { url } from '../support/env';
import { readRemotes, restoreRemotes, writeRemotes } from '../support/remotes';
import { areaUnavailable, seeHeading } from '../support/pages';

const MISSING_MANIFEST = '/mfe/notes/0.0.0-missing/mf-manifest.json';

test.use({ signedIn: true });
test.afterEach(() => restoreRemotes());

/** The fallback replaces the page content only; header and footer still render. */
async function seeFallback(page: Page): Promise<void> {
  await areaUnavailable(page).waitFor();
  await areaUnavailable(page).getByRole('button', { name: 'Retry' }).waitFor();
  await page.getByRole('banner').getByRole('link', { name: 'StudyHub home' }).waitFor();
  await page
    .getByRole('contentinfo')
    .getByText(/© 2025/)
    .waitFor();
}

const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

test('a missing notes build shows the fallback, the rest works, and Retry recovers in place', async ({
  page,
  problems,
}) => {
  const real = readRemotes();
  writeRemotes({ ...real, notes: { version: '0.0.0-missing', entry: MISSING_MANIFEST } });
  problems.allow(notFoundAt(url(MISSING_MANIFEST)), areaFailed('notes'));

  await page.goto('/notes');
  await seeFallback(page);

  await nav(page, 'Home').click();
  await seeHeading(page, 'Unlock Your Academic Potential');
  await nav(page, 'About').click();
  await seeHeading(page, 'About StudyHub');

  await nav(page, 'Notes').click();
  await seeFallback(page);

  // A full page load would drop this marker.
  await page.evaluate(() => Object.assign(window, { e2eSamePage: true }));
  restoreRemotes();
  await areaUnavailable(page).getByRole('button', { name: 'Retry' }).click();
  await seeHeading(page, 'Computer Science & Engineering Notes');
  expect(await page.evaluate(() => 'e2eSamePage' in window)).toBe(true);
  expect(await areaUnavailable(page).count()).toBe(0);
});

const BROKEN: [string, (real: object) => object, (base: string) => ProblemFilter[]][] = [
  [
    'an HTML page instead of a manifest',
    (real) => ({ ...real, notes: { version: '0.0.0-html', entry: '/about' } }),
    // Module Federation loads a non-.json entry as a script; Chromium refuses HTML as script.
    (base) => [
      (problem) =>
        problem.kind === 'console' &&
        problem.text.startsWith(
          `Refused to execute script from '${base}/about' because its MIME type ('text/html')`,
        ),
    ],
  ],
  [
    'a JSON file that is not a manifest',
    (real) => ({ ...real, notes: { version: '0.0.0-json', entry: '/remotes.json' } }),
    () => [],
  ],
  ['no notes entry at all', (real) => ({ ...real, notes: undefined }), () => []],
];

for (const [name, broken, expected] of BROKEN) {
  test(`remotes.json naming ${name} shows the fallback`, async ({ page, problems }) => {
    writeRemotes(broken(readRemotes()));
    const base = new URL(url('/')).origin;
    problems.allow(areaFailed('notes'), ...expected(base));

    await page.goto('/notes');
    await seeFallback(page);
    await nav(page, 'Home').click();
    await seeHeading(page, 'Unlock Your Academic Potential');
  });
}
