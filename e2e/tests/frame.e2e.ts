/**
 * The shell's frame and routing: theme, guards, unknown paths, year-path spelling, an About page that talks to
 * no other origin, and the staff links each role finds in the phone's menu (product §2–§4).
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { baseUrl, url } from '../support/env';
import { seeHeading } from '../support/pages';
import { uploadThroughApi } from '../support/uploads';

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

test.describe('theme', () => {
  test('is dark by default; the toggle switches to light and a reload keeps it', async ({ page }) => {
    await page.goto('/');
    await seeHeading(page, 'Unlock Your Academic Potential');
    expect(await isDark(page)).toBe(true);

    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await page.getByRole('button', { name: 'Switch to dark mode' }).waitFor();
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');

    await page.reload();
    await page.getByRole('button', { name: 'Switch to dark mode' }).waitFor();
    // index.html starts dark; the app applies the stored choice right after its first render.
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });
});

test.describe('routing', () => {
  test('an anonymous visitor of /notes is sent to the login page', async ({ page }) => {
    await page.goto('/notes');
    await page.waitForURL(/\/login\?reason=unauthorized&t=\d+$/);
    expect(new URL(page.url()).origin).toBe(new URL(baseUrl()).origin);
    await page.getByText('Please log in to access this content.').waitFor();

    // Once per timestamp: the same URL again does not repeat the message.
    await page.reload();
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    expect(await page.getByText('Please log in to access this content.').count()).toBe(0);
  });

  test('an unknown path lands on Home', async ({ page }) => {
    await page.goto('/no/such/page');
    await page.waitForURL(url('/'));
    await seeHeading(page, 'Unlock Your Academic Potential');
  });

  for (const path of ['/notes/firstyear', '/notes/FirstYear']) {
    test(`${path} shows the first-year notes`, async ({ open }) => {
      const { page } = await open({ signedIn: true });
      await page.goto(path);
      await seeHeading(page, 'First Year CSE Engineering Notes');
      expect(page.url()).toBe(url(path));
    });
  }
});

test.describe('about page', () => {
  test('renders with a locally drawn founder avatar and no request to another origin', async ({
    context,
    page,
  }) => {
    const requested: string[] = [];
    context.on('request', (request) => requested.push(request.url()));

    await page.goto('/about', { waitUntil: 'networkidle' });
    await seeHeading(page, 'About StudyHub');
    const avatar = page.getByRole('img', { name: 'StudyHub Founder avatar' });
    expect(await avatar.innerText()).toBe('SF');
    // Drawn by the page itself, not an <img> fetched from an avatar service.
    expect(await avatar.evaluate((element) => element.tagName)).not.toBe('IMG');

    const origin = new URL(baseUrl()).origin;
    // data: and blob: URLs never leave the browser.
    const foreign = requested.filter((u) => !/^(data|blob):/.test(u) && new URL(u).origin !== origin);
    expect(requested.length).toBeGreaterThan(0);
    expect(foreign).toEqual([]);
  });
});

test.describe('staff links in the phone’s menu', () => {
  const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
  const STAFF_LINKS = ['Upload', 'My uploads', 'Admin', /^Review uploads/] as const;

  /** The links of the header's menu, opened by its button as on a phone. */
  async function openMenu(page: Page) {
    await page.goto('/about');
    await seeHeading(page, 'About StudyHub');
    await page.getByRole('button', { name: 'Open menu' }).tap();
    const menu = page.getByRole('navigation', { name: 'Mobile menu' });
    await menu.waitFor();
    return menu;
  }

  test('a teacher’s has Upload and My uploads, and no admin link', async ({ open }) => {
    const { page } = await open({ signedIn: 'teacher', device: PHONE });
    const menu = await openMenu(page);
    await expect(menu.getByRole('link', { name: 'Upload', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'My uploads', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: /^Review uploads/ })).toHaveCount(0);
  });

  test('an admin’s has Admin and Review uploads with the count of uploads waiting', async ({ open }) => {
    await uploadThroughApi('teacher', { year: 'Third Year', semester: 6, subject: 'CS-606', unit: 5 });
    const { page } = await open({ signedIn: 'admin', device: PHONE });
    const menu = await openMenu(page);
    await expect(menu.getByRole('link', { name: 'Admin', exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: /^Review uploads [1-9]\d* waiting$/ })).toBeVisible();
  });

  test('a student’s has no staff link', async ({ open }) => {
    const { page } = await open({ signedIn: 'student', device: PHONE });
    const menu = await openMenu(page);
    await expect(menu.getByRole('link', { name: 'Notes', exact: true })).toBeVisible();
    for (const name of STAFF_LINKS) {
      await expect(page.getByRole('link', { name, exact: true, includeHidden: true })).toHaveCount(0);
    }
  });
});
