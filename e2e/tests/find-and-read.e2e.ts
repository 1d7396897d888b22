/**
 * Finding a subject with notes on a phone (390×844, touch; decision 033): the year page's counts and its
 * "With notes" chip, cards that are one link each, search ranked by words, a cold signed-in deep link on a slow
 * phone that never shows Login, the subject page's not-found and missing-context messages, and an anonymous
 * tap on a recent upload.
 */
import type { Page } from '@playwright/test';
import { findSubject } from '@studyhub/contract/catalog';
import { expect, test, type OpenOptions } from '../support/fixtures';
import { url } from '../support/env';
import { seeHeading, subjectCard } from '../support/pages';
import { DEMO_STUDENT } from '../support/session';
import { approveThroughApi, unitsWithNotes, uploadThroughApi } from '../support/uploads';

const PHONE: OpenOptions['device'] = {
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
  deviceScaleFactor: 2,
};

const YEAR_TITLE = 'Third Year CSE Engineering Notes';
const MISSING_CONTEXT = 'Missing subject context. Please navigate via the Notes page.';

/** The year page once the availability read has answered: the "With notes" chip only shows then. */
async function openThirdYear(page: Page): Promise<void> {
  await page.goto('/notes/ThirdYear');
  await seeHeading(page, YEAR_TITLE);
  await withNotesChip(page).waitFor();
}

const withNotesChip = (page: Page) => page.getByRole('button', { name: /^With notes \(\d+\)$/ });

/** The card line of decision 033, as the server's availability says it now. */
async function expectedCardLine(code: string): Promise<string> {
  const total = findSubject(code)!.units.length;
  const withNotes = (await unitsWithNotes(code)).filter((unit) => unit <= total).length;
  return withNotes === 0 ? 'No notes yet' : `Notes: ${withNotes} of ${total} units`;
}

test.describe('which subjects have notes', () => {
  test('cards count units with notes; an admin’s upload counts at once, a teacher’s once approved', async ({
    open,
  }) => {
    // Cyber Security has no notes until this test uploads some (no other test uploads to it).
    const code = 'CS-503(C)';
    const { page } = await open({ signedIn: true, device: PHONE });
    await openThirdYear(page);
    const line = (card: string) =>
      subjectCard(page, card).getByText(/^(Notes: \d+ of \d+ units?|No notes yet)$/);
    await expect(line('CS-501')).toHaveText(await expectedCardLine('CS-501'));
    await expect(line(code)).toHaveText('No notes yet');

    const pending = await uploadThroughApi('teacher', {
      year: 'Third Year',
      semester: 5,
      subject: code,
      unit: 1,
    });
    await uploadThroughApi('admin', { year: 'Third Year', semester: 5, subject: code, unit: 3 });
    await openThirdYear(page);
    await expect(line(code)).toHaveText('Notes: 1 of 5 units');

    await approveThroughApi(pending);
    await openThirdYear(page);
    await expect(line(code)).toHaveText('Notes: 2 of 5 units');
  });

  test('the "With notes (n)" chip keeps the n cards that have notes, in catalog order', async ({ open }) => {
    const { page } = await open({ signedIn: true, device: PHONE });
    await openThirdYear(page);
    const cards = page.getByTestId('subject-card');
    const all = await cards.count();
    const chip = withNotesChip(page);
    const n = Number(/\((\d+)\)/.exec((await chip.innerText()).trim())![1]);
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThan(all);

    await chip.tap();
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
    await expect(cards).toHaveCount(n);
    for (const text of await cards.allInnerTexts()) expect(text).toMatch(/Notes: \d+ of \d+ units?/);
    const codes = await cards.locator('strong').allInnerTexts();
    expect([...codes].sort()).toEqual(codes);

    await chip.tap();
    await expect(cards).toHaveCount(all);
  });

  test('the subject page says "n of m units have notes."', async ({ open }) => {
    const { page } = await open({ signedIn: true, device: PHONE });
    await openThirdYear(page);
    await subjectCard(page, 'CS-501').getByRole('link').tap();
    await seeHeading(page, 'Theory of Computation - Units');
    const withNotes = (await unitsWithNotes('CS-501')).length;
    await page
      .getByRole('status')
      .filter({ hasText: `${withNotes} of 5 units have notes.` })
      .waitFor();
  });

  test('at 390×844 the page is under 4,000 px tall and the semester chips scroll sideways in one row', async ({
    open,
  }) => {
    const { page } = await open({ signedIn: true, device: PHONE });
    await openThirdYear(page);
    expect(await page.evaluate(() => document.scrollingElement!.scrollHeight)).toBeLessThan(4000);

    const row = await page.locator('[data-chip-row]').evaluate((element) => ({
      overflowX: getComputedStyle(element).overflowX,
      scrolls: element.scrollWidth > element.clientWidth,
      rows: new Set([...element.querySelectorAll('button')].map((chip) => chip.getBoundingClientRect().top))
        .size,
    }));
    expect(row).toEqual({ overflowX: 'auto', scrolls: true, rows: 1 });
  });
});

test.describe('whole cards are links', () => {
  test('each card has one link, named by its subject; a tap on its corner opens the units', async ({
    open,
  }) => {
    const { page } = await open({ signedIn: true, device: PHONE });
    await openThirdYear(page);
    const cards = page.getByTestId('subject-card');
    for (const card of await cards.all()) {
      const name = await card.getByRole('heading', { level: 2 }).innerText();
      await expect(card.getByRole('link')).toHaveCount(1);
      await expect(card.getByRole('link')).toHaveAccessibleName(name);
    }

    // Far from the name: the corner of the card, where only the stretched link can take the tap.
    const card = subjectCard(page, 'CS-502');
    await card.tap({ position: { x: 12, y: 12 } });
    await page.waitForURL(url('/notes/CS-502'));
    await seeHeading(page, 'Database Management Systems - Units');
    await expect(page.getByTestId('unit-card')).toHaveCount(5);
    await expect(page.getByText(MISSING_CONTEXT)).toHaveCount(0);
  });
});

test.describe('search ranks by words', () => {
  const FIRST_HITS: [query: string, code: string][] = [
    ['turing', 'CS-501'],
    ['normalisation', 'CS-502'],
    ['dbms', 'CS-502'],
    ['os', 'CS-405'],
    ['cn', 'CS-602'],
  ];

  test('/notes: the first hit of each query', async ({ open }) => {
    const { page } = await open({ signedIn: true, device: PHONE });
    await page.goto('/notes');
    await seeHeading(page, 'Computer Science & Engineering Notes');
    const box = page.getByRole('combobox', { name: 'Search subjects' });
    for (const [query, code] of FIRST_HITS) {
      await box.fill(query);
      // Retried until the hits for this query are shown, so a hit list of the previous text never passes.
      await expect(page.getByRole('option').first(), `first hit of "${query}"`).toHaveAccessibleName(
        new RegExp(`^${code.replace(/[()]/g, '\\$&')} `),
      );
    }
  });

  test('Home: "Oops!" only when neither a category nor a subject matches', async ({ open }) => {
    const { page } = await open({ signedIn: true, device: PHONE });
    await page.goto('/');
    await seeHeading(page, 'Unlock Your Academic Potential');
    const box = page.getByRole('combobox', { name: 'Search categories and subjects' });
    const oops = page.getByText('Oops! No matching category found.');

    await box.fill('turing');
    // The notes' hits may join the same status line ("… No page of the notes holds these words.") at any moment.
    await page
      .getByRole('status')
      .filter({ hasText: /^\d+ subjects? found\./ })
      .waitFor();
    await expect(oops).toHaveCount(0);

    await box.fill('qqzzxx');
    await page.getByRole('status').filter({ hasText: 'No subjects found.' }).waitFor();
    await expect(oops).toBeVisible();
  });
});

test.describe('a slow phone’s signed-in deep link', () => {
  test('from the header’s first paint to the cards: never a visible Login, a skeleton instead of a blank', async ({
    open,
  }) => {
    test.setTimeout(180_000);
    const { context, page } = await open({ signedIn: true, device: PHONE });
    // Checked on every DOM change (before it can be painted) and every frame, so no state slips between samples.
    await page.addInitScript(() => {
      const seen = { header: false, cards: false, login: [] as string[], blank: [] as string[] };
      (window as unknown as { firstPaintWatch: typeof seen }).firstPaintWatch = seen;
      const visible = (element: Element) =>
        element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
      const check = () => {
        if (seen.cards) return;
        const header = document.querySelector('header');
        if (!header || !visible(header)) return;
        seen.header = true;
        if (document.querySelector('[data-testid="subject-card"]')) {
          seen.cards = true;
          return;
        }
        const login = [...header.querySelectorAll('a')].filter(
          (link) => link.textContent?.trim() === 'Login' && visible(link),
        );
        if (login.length > 0) seen.login.push(`${Math.round(performance.now())} ms: ${login[0]!.outerHTML}`);
        const main = document.querySelector('main');
        // The HTML may arrive in parts on a slow connection, the header before the page's skeleton, or <main>
        // before its content: until the parser is done, a missing or empty <main> is a page still arriving, not
        // one left blank.
        if ((!main || main.childElementCount === 0) && document.readyState === 'loading') return;
        const skeleton = main?.matches('[aria-busy="true"]') ? main.querySelector('[role="status"]') : null;
        if (skeleton?.textContent !== 'Loading…') {
          seen.blank.push(
            `${Math.round(performance.now())} ms: ${main?.outerHTML.slice(0, 200) ?? 'no main'}`,
          );
        }
      };
      new MutationObserver(check).observe(document, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
      const everyFrame = () => {
        check();
        if (!seen.cards) requestAnimationFrame(everyFrame);
      };
      requestAnimationFrame(everyFrame);
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

    await page.goto('/notes/ThirdYear', { timeout: 150_000 });
    await page.getByTestId('subject-card').first().waitFor({ timeout: 150_000 });
    const seen = await page.evaluate(
      () => (window as unknown as { firstPaintWatch: Record<string, unknown> }).firstPaintWatch,
    );
    expect(seen).toEqual({ header: true, cards: true, login: [], blank: [] });
  });
});

test.describe('the subject page without its context', () => {
  test('an unknown code says "Subject Not Found" with ways on, even without navigation state', async ({
    open,
  }) => {
    const { page } = await open({ signedIn: true, device: PHONE });
    await page.goto('/notes/CS-999');
    await seeHeading(page, 'Subject Not Found');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Search the notes', exact: true })).toBeVisible();
    await main.getByRole('link', { name: 'Home', exact: true }).tap();
    await page.waitForURL(url('/'));
  });

  test('a known subject reached by its address offers "Open Third Year"', async ({ open }) => {
    const { page } = await open({ signedIn: true, device: PHONE });
    await page.goto('/notes/CS-501');
    await page.getByRole('alert').filter({ hasText: MISSING_CONTEXT }).waitFor();
    await page.getByRole('link', { name: 'Open Third Year', exact: true }).tap();
    await page.waitForURL(url('/notes/ThirdYear'));
    await seeHeading(page, YEAR_TITLE);
  });
});

test.describe('an anonymous visitor’s recent upload', () => {
  test('a tap on a recent card leads to the login, and the login to /notes', async ({ open }) => {
    const { page } = await open({ device: PHONE });
    await page.goto('/');
    // The recent uploads load once scrolled near.
    await page.getByRole('heading', { name: 'Why use StudyHub?' }).scrollIntoViewIfNeeded();
    const view = page
      .getByTestId('recent-note')
      .first()
      .getByRole('button', { name: /^View notes: / });
    await view.scrollIntoViewIfNeeded();
    await view.tap();
    await page.waitForURL(url('/login'));
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO_STUDENT.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_STUDENT.password);
    await page.getByRole('button', { name: 'Login', exact: true }).tap();
    await page.waitForURL(url('/notes'));
    await seeHeading(page, 'Computer Science & Engineering Notes');
  });
});
