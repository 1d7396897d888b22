/**
 * StudyHub on a phone (issue 13 §3): touch devices 390×844, 360 and 320 px wide. The code page, the admin lists
 * as cards, the /branch card tap, and a sweep of every route of the route table at 320 px for anything wider
 * than the screen or any control off it, and of every route at 390 px for a link or button smaller than a finger.
 */
import type { Locator, Page } from '@playwright/test';
import { ROUTE_TABLE, type RouteEntry } from '@studyhub/contract';
import { createVerifiedAccount, newAccount, type Account } from '../support/accounts';
import { expect, test, type OpenOptions } from '../support/fixtures';
import { url } from '../support/env';
import { CODE_PATTERN, waitForMail } from '../support/outbox';
import { seeHeading } from '../support/pages';
import { DEMO_STUDENT, demoSession, type DemoRole } from '../support/session';

const phone = (width: number, height = 844): OpenOptions['device'] => ({
  viewport: { width, height },
  hasTouch: true,
  isMobile: true,
  deviceScaleFactor: 2,
});

interface Overflow {
  scrollWidth: number;
  innerWidth: number;
  /** Elements that stick out of the screen sideways, as "tag#id.class 'text' left..right". */
  wide: string[];
  /** Visible controls not wholly on screen sideways, even inside a scroller (that hides them with no hint). */
  offscreenControls: string[];
  /** The names (aria-label or text) of what sticks out of the shell's header. */
  frame: string[];
}

/** The shell's header (not a card's own <header> inside the page). */
const FRAME_HEADER = 'header:not(main header)';

/**
 * What sticks out sideways on the page as it is now, against the device's width: a mobile browser widens its
 * layout viewport (innerWidth) to fit wide content and zooms out, so innerWidth itself would hide the fault.
 * The shell's header is measured on its own (a failure names its controls), then clipped, so a fault there is
 * reported once instead of as every element of the page being laid out too wide.
 */
async function measureOverflow(page: Page): Promise<Overflow> {
  // Toasts slide in from the side; measure them where they come to rest.
  await page.waitForFunction(() => !document.querySelector('[class*="-enter--"]'));
  const width = page.viewportSize()!.width;
  const frame = await page.evaluate(
    ({ width, selector }) =>
      [...(document.querySelector(selector)?.querySelectorAll('*') ?? [])]
        .filter((element) => {
          const rect = element.getBoundingClientRect();
          return rect.width > 0 && (rect.left < -0.5 || rect.right > width + 0.5);
        })
        .map((element) => element.getAttribute('aria-label') ?? (element.textContent ?? '').trim()),
    { width, selector: FRAME_HEADER },
  );
  await page.addStyleTag({ content: `${FRAME_HEADER} { overflow-x: clip; }` });
  const rest = await page.evaluate(
    ({ width, selector }) => {
      const describe = (element: Element, rect: DOMRect) => {
        const name =
          element.getAttribute('aria-label') ??
          (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
        const classes = [...element.classList].slice(0, 2).join('.');
        return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${classes ? `.${classes}` : ''} '${name}' ${Math.round(rect.left)}..${Math.round(rect.right)}`;
      };
      const shown = (element: Element, rect: DOMRect) => {
        if (rect.width === 0 || rect.height === 0) return false;
        const style = getComputedStyle(element);
        if (style.visibility === 'hidden' || Number(style.opacity) === 0) return false;
        // Visually hidden (screen-reader only) text is clipped to nothing.
        return !(rect.width <= 1 && rect.height <= 1);
      };
      /** True when an ancestor clips it to a box that is itself on screen (a scroller, a hidden overflow). */
      const clippedOnScreen = (element: Element) => {
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          if (getComputedStyle(parent).overflowX !== 'visible') {
            const box = parent.getBoundingClientRect();
            return box.left >= -0.5 && box.right <= width + 0.5;
          }
        }
        return false;
      };
      const wide: string[] = [];
      const offscreenControls: string[] = [];
      const controls =
        'a[href], button, input, select, textarea, [role="button"], [tabindex]:not([tabindex="-1"])';
      for (const element of document.body.querySelectorAll('*')) {
        if (element.closest(selector)) continue;
        const rect = element.getBoundingClientRect();
        if (!shown(element, rect)) continue;
        if (rect.left >= -0.5 && rect.right <= width + 0.5) continue;
        // The year page's chips scroll sideways by design (decision 033): the chip cut at the edge is the hint.
        if (element.matches(controls) && !element.closest('[data-chip-row]'))
          offscreenControls.push(describe(element, rect));
        else if (!clippedOnScreen(element)) wide.push(describe(element, rect));
      }
      return {
        scrollWidth: document.scrollingElement!.scrollWidth,
        innerWidth: window.innerWidth,
        wide,
        offscreenControls,
      };
    },
    { width, selector: FRAME_HEADER },
  );
  return { ...rest, frame };
}

async function expectNoOverflow(page: Page, where: string): Promise<void> {
  const { frame, ...overflow } = await measureOverflow(page);
  const { width } = page.viewportSize()!;
  expect({ where, ...overflow }).toEqual({
    where,
    scrollWidth: width,
    innerWidth: width,
    wide: [],
    offscreenControls: [],
  });
  expect({ where, frame }).toEqual({
    where,
    frame: [],
  });
}

/** The element is wholly inside the viewport sideways and at least the given size. */
async function expectOnScreen(locator: Locator, page: Page, min = { width: 24, height: 24 }): Promise<void> {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  const { width } = page.viewportSize()!;
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  expect(box!.width).toBeGreaterThanOrEqual(min.width);
  expect(box!.height).toBeGreaterThanOrEqual(min.height);
}

/** Waits until an area page has rendered and stopped fetching. */
async function settled(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  // Fonts and late layout (toasts, images) settle.
  await page.waitForTimeout(200);
}

const adminHeaders = () => ({
  authorization: `Bearer ${demoSession('admin').token}`,
  'content-type': 'application/json',
});

test.describe('the code page on a phone', () => {
  test('at 360 and 320 px nothing overflows; the six boxes and Verify are on screen, tappable, and verify', async ({
    open,
  }) => {
    const { page } = await open({ device: phone(360) });
    const account: Account = newAccount('phone-otp');

    await page.goto('/register');
    await page.getByLabel('Full Name').fill(account.name);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm Password').fill(account.password);
    await page.getByRole('button', { name: 'Register' }).tap();
    await page.waitForURL(/\/verify-otp$/);
    await seeHeading(page, 'Verify OTP');

    const boxes = page.getByRole('group', { name: 'One-time code' }).getByRole('textbox');
    const verify = page.getByRole('button', { name: 'Verify OTP' });
    for (const width of [360, 320]) {
      await page.setViewportSize({ width, height: 740 });
      await page.waitForTimeout(100);
      await expectNoOverflow(page, `/verify-otp at ${width}px`);
      expect(await boxes.count()).toBe(6);
      for (let index = 0; index < 6; index += 1) {
        await expectOnScreen(boxes.nth(index), page, { width: 24, height: 44 });
      }
      await expectOnScreen(verify, page, { width: 44, height: 40 });
      await expectOnScreen(page.getByRole('button', { name: /^Resend OTP/ }), page, {
        width: 44,
        height: 44,
      });
    }

    // At 320 px: tap a box, type one digit each; the code verifies.
    const [, code] = await waitForMail(account.email, CODE_PATTERN);
    await boxes.first().tap();
    await page.keyboard.type(code!);
    expect(
      await boxes.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)),
    ).toEqual([...code!]);
    await verify.tap();
    await page.waitForURL(/\/login$/, { timeout: 10_000 });
  });
});

test.describe('admin lists on a phone', () => {
  test('Users: each user is a card with the role select and Delete on screen, and both work', async ({
    open,
  }) => {
    const target = await createVerifiedAccount('phone-role');
    const { page } = await open({ signedIn: 'admin', device: phone(390) });
    await page.goto('/admin/users');
    await seeHeading(page, 'User Roles');

    const card = page.getByTestId('user-row').filter({ hasText: target.email.toLowerCase() });
    const role = card.getByRole('combobox', { name: `Role of ${target.name}` });
    const remove = card.getByRole('button', { name: /^Delete / });
    await expectOnScreen(role, page);
    await expectOnScreen(remove, page, { width: 44, height: 36 });
    // A card: the labels show beside the values.
    expect(await card.innerText()).toMatch(/Email\s+\S+@example\.com/);
    await expectNoOverflow(page, '/admin/users at 390px');

    await role.selectOption('teacher');
    await page.getByText('Role updated successfully').first().waitFor();
    expect(await role.inputValue()).toBe('teacher');

    await remove.tap();
    const confirm = page.getByRole('alertdialog').getByRole('button', { name: 'Delete' });
    await expectOnScreen(confirm, page, { width: 44, height: 36 });
    await confirm.tap();
    await page.getByText('User deleted').first().waitFor();
    await card.waitFor({ state: 'detached' });
  });

  test('Manage Syllabus: Edit and Delete on screen; a deleted entry is named in Activity', async ({
    open,
  }) => {
    const code = `PH${Date.now().toString(36).toUpperCase()}`;
    const added = await fetch(url('/api/syllabus'), {
      method: 'POST',
      headers: adminHeaders(),
      body: JSON.stringify({
        name: 'Phone Test Department',
        code,
        program: 'MCA',
        system: 'Annual',
        grading: 'CBCS',
        pdfs: { '2': 'https://example.edu/phone/sem2.pdf' },
      }),
    });
    expect(added.status).toBe(201);

    const { page } = await open({ signedIn: 'admin', device: phone(360) });
    await page.goto('/admin/syllabus-table');
    await seeHeading(page, 'Manage Syllabus');
    const card = page.getByTestId('syllabus-row').filter({ hasText: `(${code})` });
    await card.waitFor();
    await expectNoOverflow(page, '/admin/syllabus-table at 360px');

    const edit = card.getByRole('button', { name: /^Edit / });
    await expectOnScreen(edit, page);
    await edit.tap();
    const editor = page.getByRole('form', { name: new RegExp(`^Edit .*\\(${code}\\)`) });
    await editor.waitFor();
    await expectNoOverflow(page, 'syllabus inline editor at 360px');
    await editor.getByRole('button', { name: 'Cancel' }).tap();
    await editor.waitFor({ state: 'detached' });

    const remove = card.getByRole('button', { name: /^Delete / });
    await expectOnScreen(remove, page, { width: 44, height: 36 });
    await remove.tap();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).tap();
    await page.getByText('Syllabus entry deleted.').first().waitFor();
    await card.waitFor({ state: 'detached' });

    await page.goto('/admin/activity');
    await seeHeading(page, 'Activity');
    const row = page
      .getByTestId('activity-row')
      .filter({ hasText: 'Deleted a syllabus entry' })
      .filter({ hasText: `Phone Test Department (${code})` });
    await row.first().waitFor();
    expect(await row.first().innerText()).toContain('MCA · Annual · CBCS · Syllabus · semester PDFs 2');
    await expectNoOverflow(page, '/admin/activity at 360px');
  });

  test('Messages: a long message and address stay inside the card at 320 px', async ({ open }) => {
    const student = demoSession('student');
    const sent = await fetch(url('/api/contact'), {
      method: 'POST',
      headers: { authorization: `Bearer ${student.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Phone Tester',
        email: student.user.email,
        message: `A long word on a small screen: ${'x'.repeat(120)}`,
      }),
    });
    expect(sent.status).toBeLessThan(300);
    const { page } = await open({ signedIn: 'admin', device: phone(320) });
    await page.goto('/admin/messages');
    await seeHeading(page, 'Messages');
    await page.getByTestId('contact-message').first().waitFor();
    await expectNoOverflow(page, '/admin/messages at 320px');
  });
});

test.describe('the header’s menu on a phone', () => {
  test('opens on a tap, turns into a close button, closes on a link and on Escape with focus back', async ({
    open,
  }) => {
    const { page } = await open({ device: phone(390) });
    await page.goto('/');
    await seeHeading(page, 'Unlock Your Academic Potential');
    const menu = page.getByRole('navigation', { name: 'Mobile menu', includeHidden: true });
    await expect(menu.isVisible()).resolves.toBe(false);

    await page.getByRole('button', { name: 'Open menu' }).tap();
    await menu.waitFor();
    const close = page.getByRole('button', { name: 'Close menu' });
    await expect(close.getAttribute('aria-expanded')).resolves.toBe('true');
    await menu.getByRole('link', { name: 'About' }).tap();
    await page.waitForURL(url('/about'));
    await menu.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Open menu' }).tap();
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle.evaluate((button) => button === document.activeElement)).resolves.toBe(true);
  });
});

test.describe('/branch on a phone', () => {
  test('a tap anywhere on a branch card opens it', async ({ open }) => {
    const { page } = await open({ signedIn: true, device: phone(390) });
    await page.goto('/branch');
    await seeHeading(page, 'Choose Your Branch');
    await page.getByText('Notes available', { exact: true }).tap();
    await page.waitForURL(url('/notes'));
    await seeHeading(page, 'Computer Science & Engineering Notes');

    await page.goBack();
    await seeHeading(page, 'Choose Your Branch');
    await page.getByRole('heading', { level: 2, name: 'Civil', exact: true }).tap();
    await page.waitForURL(url('/NoNotesAvailable'));
    await seeHeading(page, 'Notes Not Available');
  });
});

/** Who opens each route: its access decides (open routes anonymously, so the login pages show). */
const ROLE_FOR: Record<RouteEntry['access'], DemoRole | false> = {
  open: false,
  login: 'student',
  teacher: 'teacher',
  admin: 'admin',
};
const roleFor = (route: RouteEntry) => ROLE_FOR[route.access];

/** A concrete address for a route path; the subject page is reached by its link (it needs navigation state). */
const addressOf = (route: RouteEntry) =>
  route.path.replace(':token', 'A'.repeat(43)).replace(':subjectCode', 'CS-501');

/** Opens a route's page as its visitor would reach it. */
async function visit(page: Page, route: RouteEntry): Promise<void> {
  if (route.page === 'subject') {
    await page.goto('/notes/ThirdYear');
    await page.getByTestId('subject-card').first().getByRole('link').tap();
    await page.waitForURL(/\/notes\/CS-/);
  } else {
    await page.goto(addressOf(route));
  }
}

test.describe('no horizontal overflow at 320 px', () => {
  for (const route of ROUTE_TABLE) {
    test(route.path, async ({ open }) => {
      const { page } = await open({ signedIn: roleFor(route), device: phone(320, 700) });
      await visit(page, route);
      await settled(page);
      await expectNoOverflow(page, `${route.path} (${route.access})`);
    });
  }
});

/** A finger's size: WCAG 2.5.5's target size, Apple's 44 pt. */
const TAP_TARGET_PX = 44;

/**
 * The visible links and buttons of the page as it is now that are smaller than a finger, as "name w×h". A link
 * inside running text is exempt (WCAG 2.5.5's "inline" exception): its parent holds words of its own around it
 * (a sentence), and padding it to 44 px would pull the lines of that text apart.
 */
async function smallTargets(page: Page): Promise<string[]> {
  await page.evaluate(() => document.fonts.ready);
  // Toasts slide in from the side; measure them where they come to rest.
  await page.waitForFunction(() => !document.querySelector('[class*="-enter--"]'));
  return page.evaluate((min) => {
    const inRunningText = (element: Element) => {
      const parent = element.parentElement;
      if (element.tagName !== 'A' || !parent) return false;
      const words = [...parent.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE);
      return words.some((node) => (node.textContent ?? '').trim().length > 0);
    };
    // A stretched link (the year page's cards) takes taps on its ::after, laid over its positioned ancestor.
    const tapArea = (element: Element) => {
      const after = getComputedStyle(element, '::after');
      const stretched = after.content !== 'none' && after.position === 'absolute';
      const over = stretched && element instanceof HTMLElement ? element.offsetParent : null;
      return (over ?? element).getBoundingClientRect();
    };
    return [...document.querySelectorAll('a[href], button')].flatMap((element) => {
      const rect = tapArea(element);
      // Hidden, or visually hidden (a skip link until focused).
      if (rect.width <= 1 || rect.height <= 1 || getComputedStyle(element).visibility === 'hidden') return [];
      if (inRunningText(element) || (rect.width >= min && rect.height >= min)) return [];
      const name = element.getAttribute('aria-label') ?? (element.textContent ?? '').trim().slice(0, 40);
      return [
        `${element.tagName.toLowerCase()} '${name}' ${Math.round(rect.width)}×${Math.round(rect.height)}`,
      ];
    });
  }, TAP_TARGET_PX);
}

test.describe('tap targets at 390×844', () => {
  for (const route of ROUTE_TABLE) {
    test(route.path, async ({ open }) => {
      const { page } = await open({ signedIn: roleFor(route), device: phone(390) });
      await visit(page, route);
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect({ route: route.path, small: await smallTargets(page) }).toEqual({
        route: route.path,
        small: [],
      });
    });
  }

  test('a toast’s close button', async ({ open }) => {
    const { page } = await open({ device: phone(390) });
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO_STUDENT.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_STUDENT.password);
    await page.getByRole('button', { name: 'Login', exact: true }).tap();
    await page.getByText('Login successful!').first().waitFor();
    await expect(page.getByRole('button', { name: 'close' })).toBeVisible();
    expect(await smallTargets(page)).toEqual([]);
  });
});
