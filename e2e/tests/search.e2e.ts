/**
 * Finding a subject without five clicks (issue 13, decision 017): Home's and the Notes page's search box, on a
 * phone (390×844, touch) and a desktop; an anonymous visitor's way through the login back to the subject; and
 * Contact's message kept across the login.
 */
import type { CDPSession, Locator, Page, Response } from '@playwright/test';
import { expect, test, type OpenWindow, type Session } from '../support/fixtures';
import { url } from '../support/env';
import { seeHeading } from '../support/pages';
import { DEMO_STUDENT } from '../support/session';

/** How a visitor picks a hit: arrows and Enter on a desktop, a finger on a phone. */
interface Device {
  name: string;
  setUp(session: Session): Promise<void>;
  pick(page: Page, option: Locator): Promise<void>;
}

const touchScreens = new WeakMap<Page, CDPSession>();

const PHONE: Device = {
  name: 'phone (390×844, touch)',
  async setUp({ context, page }) {
    await page.setViewportSize({ width: 390, height: 844 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
    touchScreens.set(page, cdp);
  },
  async pick(page, option) {
    // A real touch: the browser makes the click from it, as on a phone.
    const cdp = touchScreens.get(page);
    const box = await option.boundingBox();
    if (!cdp || !box) throw new Error('No touch screen or no option on screen');
    const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  },
};

const DESKTOP: Device = {
  name: 'desktop (keyboard)',
  async setUp({ page }) {
    await page.setViewportSize({ width: 1280, height: 800 });
  },
  async pick(page, option) {
    const box = page.getByRole('combobox');
    const options = page.getByRole('option');
    const wanted = await option.getAttribute('id');
    const count = await options.count();
    for (let step = 0; step < count; step += 1) {
      await box.press('ArrowDown');
      if ((await box.getAttribute('aria-activedescendant')) === wanted) break;
    }
    expect(await box.getAttribute('aria-activedescendant')).toBe(wanted);
    await box.press('Enter');
  },
};

async function openOn(open: OpenWindow, device: Device, signedIn: boolean): Promise<Page> {
  const session = await open({ signedIn });
  await device.setUp(session);
  return session.page;
}

/** Types into the search box key by key, as a visitor does, and waits for the announced count. */
async function search(page: Page, name: string, text: string): Promise<void> {
  const box = page.getByRole('combobox', { name });
  await box.click();
  await box.pressSequentially(text);
  await page
    .getByRole('status')
    .filter({ hasText: /subjects? found\./ })
    .waitFor();
}

async function logInAsStudent(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO_STUDENT.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_STUDENT.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByText('Login successful!').first().waitFor();
}

/** The subject page as a hit must leave it: its units, not the missing-context message. */
async function seeUnits(page: Page, heading: string, unitTopic: string): Promise<void> {
  await seeHeading(page, heading);
  await page.getByText(unitTopic, { exact: true }).waitFor();
  expect(await page.getByText('Missing subject context. Please navigate via the Notes page.').count()).toBe(
    0,
  );
}

/** The shell's own scripts (areas live under /mfe/) that hold the catalog's text. */
function catalogScripts(page: Page): string[] {
  const found: string[] = [];
  page.on('response', (response: Response) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith('/mfe/') || !/javascript/.test(response.headers()['content-type'] ?? '')) return;
    void response
      .text()
      .then((body) => {
        if (body.includes('Compiler phases & lexical analysis')) found.push(path);
      })
      .catch(() => undefined);
  });
  return found;
}

for (const device of [PHONE, DESKTOP]) {
  test.describe(`subject search on a ${device.name}`, () => {
    test('Home: "compiler" → the hit → "Compiler Design - Units"; the catalog arrives only on focus', async ({
      open,
    }) => {
      const page = await openOn(open, device, true);
      const loaded = catalogScripts(page);
      await page.goto('/', { waitUntil: 'networkidle' });
      await seeHeading(page, 'Unlock Your Academic Potential');
      expect(loaded).toEqual([]);

      await search(page, 'Search categories and subjects', 'compiler');
      expect(loaded).toHaveLength(1);
      // The category filter of product §2 still applies to the same text; a subject matched, so no "Oops!".
      await page.getByRole('status').filter({ hasText: '1 subject found.' }).waitFor();
      expect(await page.getByText('Oops! No matching category found.').count()).toBe(0);
      const hit = page.getByRole('option', { name: /CS-603\(C\) Compiler Design/ });
      await device.pick(page, hit);

      await page.waitForURL(url('/notes/CS-603(C)'));
      await seeUnits(page, 'Compiler Design - Units', 'Compiler phases & lexical analysis');
    });

    test('an anonymous visitor picks a hit, logs in and lands on that subject', async ({ open }) => {
      const page = await openOn(open, device, false);
      await page.goto('/');
      await search(page, 'Search categories and subjects', 'CS603');
      await device.pick(page, page.getByRole('option', { name: /CS-603\(C\)/ }));

      await page.waitForURL(/\/login\?reason=unauthorized&t=\d+$/);
      await page.getByText('Please log in to access this content.').waitFor();
      await logInAsStudent(page);
      await page.waitForURL(url('/notes/CS-603(C)'), { timeout: 10_000 });
      await seeUnits(page, 'Compiler Design - Units', 'Compiler phases & lexical analysis');
    });

    test('/notes: "dbms" finds Database Management Systems and opens its units', async ({ open }) => {
      const page = await openOn(open, device, true);
      await page.goto('/notes');
      await seeHeading(page, 'Computer Science & Engineering Notes');
      await search(page, 'Search subjects', 'dbms');
      await device.pick(page, page.getByRole('option', { name: /CS-502 Database Management Systems/ }));

      await page.waitForURL(url('/notes/CS-502'));
      await seeUnits(page, 'Database Management Systems - Units', 'Relational data model');
    });

    test('Contact logged out: the way to log in, and back with the message kept', async ({ open }) => {
      const page = await openOn(open, device, false);
      const message = `Please add unit 5 of CS-603(C) (${device.name})`;
      await page.goto('/contact-us');
      await page.getByText('Please login to send a message.').waitFor();
      await page.getByRole('textbox', { name: 'Message' }).fill(message);
      await page.getByRole('button', { name: 'Login to Send Message' }).click();

      await page.waitForURL(url('/login'));
      await logInAsStudent(page);
      await page.waitForURL(url('/contact-us'), { timeout: 10_000 });
      await expect(page.getByRole('textbox', { name: 'Message' }).inputValue()).resolves.toBe(message);
      expect(await page.getByText('Please login to send a message.').count()).toBe(0);

      await page.getByRole('button', { name: 'Send Message' }).click();
      await page.getByRole('button', { name: 'Sent ✅' }).waitFor();
      await expect(page.getByRole('textbox', { name: 'Message' }).inputValue()).resolves.toBe('');
      expect(await page.evaluate(() => sessionStorage.getItem('studyhub.contactDraft'))).toBeNull();
    });
  });
}

test.describe('return after login', () => {
  test('an anonymous visitor of /syllabus is back on /syllabus after logging in', async ({ open }) => {
    const page = await openOn(open, DESKTOP, false);
    await page.goto('/syllabus');
    await page.waitForURL(/\/login\?reason=unauthorized&t=\d+$/);
    await logInAsStudent(page);
    await page.waitForURL(url('/syllabus'), { timeout: 10_000 });
  });

  test('a return target naming another site is ignored: the login goes Home', async ({ open }) => {
    const page = await openOn(open, DESKTOP, false);
    await page.goto('/login');
    // Reloading before the start-up tasks finish would cancel their script loads (ERR_ABORTED) —
    // a user acts on the page they see, so wait for the form first.
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    // What a script of ours could be tricked into writing; the login page must still refuse it.
    await page.evaluate(() =>
      history.replaceState({ ...history.state, usr: { returnTo: { path: '//evil.example/x' } } }, ''),
    );
    await page.reload();
    await logInAsStudent(page);
    await page.waitForURL(url('/'), { timeout: 10_000 });
    await seeHeading(page, 'Unlock Your Academic Potential');
  });
});
