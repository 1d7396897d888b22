/**
 * Picking up where a student left off, on 390×844 touch phones (decision 041): a student reads to page 3 of a unit
 * on one phone and another phone's Home offers that page; a followed subject's approved notes bring the digest
 * mail, whose unfollow link stops the follow on a tap; a starred unit is on My bookmarks and opens from there.
 * Each test signs up a student of its own, so the demo student's Home and bookmarks stay as other tests expect.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { AxeResults } from 'axe-core';
import type { Locator, Page } from '@playwright/test';
import { createVerifiedAccount } from '../support/accounts';
import { url } from '../support/env';
import { expect, test, type OpenWindow } from '../support/fixtures';
import { waitForMail } from '../support/outbox';
import { seeHeading, subjectCard } from '../support/pages';
import { PHONE } from '../support/service-worker';
import { logInThroughApi, type SessionData } from '../support/session';
import { approveThroughApi, uploadThroughApi } from '../support/uploads';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Read on one phone and picked up on another: Pattern Recognition, semester 5. */
const READ = { code: 'CS-503(B)', title: 'Pattern Recognition - Units', unit: 2, pages: 4 } as const;
/** Followed, then given notes by a teacher: Computer Graphics & Visualization, semester 6. */
const FOLLOWED = { code: 'CS-603(B)', name: 'Computer Graphics & Visualization', unit: 4 } as const;

/** A PDF of `count` pages, each saying its number in large type. */
async function pagesPdf(count: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let page = 1; page <= count; page += 1) {
    pdf.addPage([595, 842]).drawText(`Page ${page}`, { x: 60, y: 700, size: 48, font });
  }
  return Buffer.from(await pdf.save());
}

/** A student of the test's own, signed up and logged in through the API. */
async function newStudent(label: string): Promise<SessionData> {
  return logInThroughApi(await createVerifiedAccount(label));
}

/** The page this phone keeps for the student's only file read (the recorder's storage, decision 041). */
const keptPage = (page: Page, student: SessionData) =>
  page.evaluate((key) => {
    const files = JSON.parse(localStorage.getItem(key) ?? '[]') as { page: number }[];
    return files[0]?.page ?? null;
  }, `studyhub-progress-${student.user._id}`);

/** The page the server holds for the student's last file read. */
async function serverPage(student: SessionData): Promise<number | null> {
  const reply = await fetch(url('/api/progress'), { headers: { authorization: `Bearer ${student.token}` } });
  const { items } = (await reply.json()) as { items: { page: number }[] };
  return items[0]?.page ?? null;
}

const phone = (open: OpenWindow, session: SessionData) => open({ signedIn: session, device: PHONE });

const unitCard = (page: Page, unit: number) => page.getByTestId('unit-card').nth(unit - 1);
const pageStatus = (dialog: Locator, page: number, count: number) =>
  dialog.getByRole('status', { name: `Page ${page} of ${count}`, exact: true });

async function openSubject(page: Page, yearPath: string, code: string, title: string): Promise<void> {
  await page.goto(yearPath);
  await subjectCard(page, code).getByRole('link').tap();
  await seeHeading(page, title);
}

/** axe's serious and critical findings on the page as it is (accessibility.e2e's gate). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run(context: Document): Promise<AxeResults> } };
    return (await axe.run(document)).violations.map(({ id, impact, nodes }) => ({
      id,
      impact: impact ?? null,
      nodes: nodes.map((node) => node.target.join(' ')),
    }));
  });
  return violations
    .filter(({ impact }) => impact === 'serious' || impact === 'critical')
    .flatMap(({ id, nodes }) => nodes.map((node) => `${id}: ${node}`));
}

test.describe('pick up where you left off (decision 041)', () => {
  test.beforeAll(async () => {
    const unit = { year: 'Third Year', semester: 5, subject: READ.code, unit: READ.unit } as const;
    await uploadThroughApi('admin', unit, await pagesPdf(READ.pages));
  });

  test('a unit read to page 3 on one phone opens at page 3 from Home on another', async ({ open }) => {
    const student = await newStudent('pick-up');
    const first = await phone(open, student);
    await openSubject(first.page, '/notes/ThirdYear', READ.code, READ.title);
    await unitCard(first.page, READ.unit).getByRole('button', { name: 'Preview Notes' }).tap();
    const dialog = first.page.getByRole('dialog', { name: new RegExp(`Unit ${READ.unit}:`) });
    await pageStatus(dialog, 1, READ.pages).waitFor();
    for (const shown of [2, 3]) {
      await dialog.getByRole('button', { name: 'Next page' }).tap();
      await pageStatus(dialog, shown, READ.pages).waitFor();
    }
    // The page in view has its star in the dialog's title bar, beside ✕: it takes no row of the phone's screen.
    const star = dialog.getByRole('button', { name: 'Bookmark page 3' });
    await expect(star).toBeVisible();
    const middle = async (button: Locator) => {
      const box = (await button.boundingBox())!;
      return box.y + box.height / 2;
    };
    const closeMiddle = await middle(dialog.getByRole('button', { name: 'Close' }));
    expect(Math.abs((await middle(star)) - closeMiddle)).toBeLessThan(4);
    // The phone keeps the page at once; it reaches the server as the page goes away (keepalive), not 15 s later.
    await expect.poll(() => keptPage(first.page, student)).toBe(3);
    await first.page.goto('/about');
    await expect.poll(() => serverPage(student), { timeout: 10_000 }).toBe(3);

    const second = await phone(open, student);
    await second.page.goto('/');
    const item = second.page.getByTestId('continue-reading');
    await expect(item).toContainText('Pattern Recognition');
    await expect(item).toContainText(`Unit ${READ.unit} · page 3 of ${READ.pages}`);
    await item.getByRole('link', { name: 'Continue at page 3' }).tap();
    await expect(second.page).toHaveURL(new RegExp(`\\?unit=${READ.unit}&page=3$`));
    const reader = second.page.getByRole('dialog', { name: new RegExp(`Unit ${READ.unit}:`) });
    await pageStatus(reader, 3, READ.pages).waitFor();

    // The subject's page offers the same page on the unit's row.
    await openSubject(second.page, '/notes/ThirdYear', READ.code, READ.title);
    await expect(
      unitCard(second.page, READ.unit).getByRole('link', { name: 'Continue at page 3' }),
    ).toBeVisible();
    // Home now starts with the semester the student browsed.
    await second.page.goto('/');
    await expect(second.page.getByRole('heading', { name: 'Your semester: Semester 5' })).toBeVisible();
    expect(await seriousViolations(second.page)).toEqual([]);
  });

  test('a followed subject’s approved notes bring the digest, whose link stops the follow', async ({
    open,
  }) => {
    const student = await newStudent('follow');
    const { page } = await phone(open, student);
    await openSubject(page, '/notes/ThirdYear', FOLLOWED.code, `${FOLLOWED.name} - Units`);
    await page.getByRole('button', { name: 'Follow', exact: true }).tap();
    await expect(page.getByRole('button', { name: 'Following ✓' })).toHaveAttribute('aria-pressed', 'true');

    const upload = await uploadThroughApi('teacher', {
      year: 'Third Year',
      semester: 6,
      subject: FOLLOWED.code,
      unit: FOLLOWED.unit,
    });
    await approveThroughApi(upload);
    const [link] = await waitForMail(student.user.email, /https?:\/\/\S+\/unfollow\?\S+/);
    const unfollowLink = new URL(link);

    await page.goto(`${unfollowLink.pathname}${unfollowLink.search}`);
    await seeHeading(page, 'Stop mails about a subject');
    expect(await seriousViolations(page)).toEqual([]);
    // Opening the link changed nothing: mail scanners open links.
    await page.goto('/following');
    await expect(page.getByTestId('follow')).toHaveCount(1);
    await page.goto(`${unfollowLink.pathname}${unfollowLink.search}`);
    await page.getByRole('button', { name: /^Stop (mails about|these mails)/ }).tap();
    await expect(page.getByText(`You will get no more mails about ${FOLLOWED.name}.`)).toBeVisible();

    await page.getByRole('link', { name: 'See what you follow' }).tap();
    await seeHeading(page, 'Following');
    await expect(page.getByText(/You follow no subject/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a starred unit is on My bookmarks and opens from there', async ({ open }) => {
    const student = await newStudent('bookmark');
    const { page } = await phone(open, student);
    await openSubject(page, '/notes/ThirdYear', READ.code, READ.title);
    await unitCard(page, READ.unit)
      .getByRole('button', { name: `Bookmark unit ${READ.unit}` })
      .tap();
    const dialog = page.getByRole('dialog', { name: `Bookmark unit ${READ.unit}` });
    await dialog.getByLabel('Note (optional)').fill('Before the mid-term');
    await dialog.getByRole('button', { name: 'Save bookmark' }).tap();
    await expect(dialog).toBeHidden();
    await expect(
      unitCard(page, READ.unit).getByRole('button', { name: `Bookmark unit ${READ.unit}` }),
    ).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('button', { name: 'Open menu' }).tap();
    await page
      .getByRole('navigation', { name: 'Mobile menu' })
      .getByRole('link', { name: 'My bookmarks' })
      .tap();
    await seeHeading(page, 'My bookmarks');
    const bookmark = page.getByTestId('bookmark');
    await expect(bookmark).toHaveCount(1);
    await expect(bookmark).toContainText('Before the mid-term');
    expect(await seriousViolations(page)).toEqual([]);
    await bookmark.getByRole('link', { name: /^Open: Unit 2/ }).tap();
    const reader = page.getByRole('dialog', { name: new RegExp(`Unit ${READ.unit}:`) });
    await pageStatus(reader, 1, READ.pages).waitFor();
  });
});
