/**
 * Saving for offline on a 390×844 touch phone (decision 036): a student saves a unit (its size shown), /saved lists
 * it with the total, and with the connection gone the student goes to /saved in the loaded page and reads the
 * copy in the in-page reader, its first page drawn from the phone. Remove works; an explicit logout says what it
 * removes and removes it; a session that expired keeps the copies; and with the service worker, /saved loaded with
 * no network at all opens the copy.
 */
import { PDFDocument, rgb } from 'pdf-lib';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { seeHeading, subjectCard } from '../support/pages';
import { readRemotes } from '../support/remotes';
import { controlledPhone, keptRemotes, offlineFailures, PHONE } from '../support/service-worker';
import { DEMO_STUDENT, logInThroughApi, type SessionData } from '../support/session';
import { uploadThroughApi } from '../support/uploads';

const SUBJECT = 'CS-504(A)';
const SUBJECT_TITLE = 'Internet and Web Technology - Units';
const UNIT = 2;
/** The unit's title on the subject page and on /saved: "Unit 2: HTML". */
const UNIT_TITLE = /^Unit 2: /;

/**
 * Two pages of coloured bands and no text, so drawing them needs no font data from the network: what is drawn
 * offline comes from the stored copy alone.
 */
async function makeBands(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let index = 0; index < 2; index += 1)
    pdf
      .addPage([595, 842])
      .drawRectangle({ x: 40, y: 300, width: 515, height: 400, color: rgb(0.1, 0.3, 0.7) });
  return Buffer.from(await pdf.save());
}

const unitCard = (page: Page) => page.getByTestId('unit-card').nth(UNIT - 1);

async function openSubject(page: Page): Promise<void> {
  await page.goto('/notes/ThirdYear');
  await subjectCard(page, SUBJECT).getByRole('link').tap();
  await seeHeading(page, SUBJECT_TITLE);
}

/** Saves the unit from its card and waits for "Saved ✓"; answers the size the button showed. */
async function saveUnit(page: Page): Promise<string> {
  const save = unitCard(page).getByRole('button', { name: /^Save for offline · \d+ KB$/ });
  const size = /· (\d+ KB)$/.exec(await save.innerText())![1]!;
  await save.tap();
  await unitCard(page).getByText('Saved ✓').waitFor();
  return size;
}

/** To /saved through the header's menu: a navigation inside the loaded page. */
async function goToSaved(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).tap();
  await page.getByRole('navigation', { name: 'Mobile menu' }).getByRole('link', { name: 'Saved' }).tap();
  await seeHeading(page, 'Saved for offline');
}

const savedCacheNames = (page: Page) =>
  page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('studyhub-saved-')));

/** Waits until the reader has drawn its first page. */
const firstPageDrawn = (dialog: Locator) =>
  dialog.locator('[data-testid="pdf-page"][data-page="1"][data-drawn="true"]:has(canvas)').waitFor();

/** Pixels of the reader's first page that are not white. */
function inkOnFirstPage(dialog: Locator) {
  return dialog
    .locator('[data-testid="pdf-page"][data-page="1"] canvas')
    .evaluate((canvas: HTMLCanvasElement) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let ink = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i + 3]! > 0 && data[i]! < 200) ink += 1;
      return ink;
    });
}

/** Reads the file's requests of the context: a saved copy is read without one. */
function countFileRequests(context: BrowserContext): () => number {
  let count = 0;
  context.on('request', (request) => {
    if (
      request.url().includes(`/api/download/CSE/Third_Year/Semester_5/${encodeURIComponent(SUBJECT)}/${UNIT}`)
    )
      count += 1;
  });
  return () => count;
}

test.describe('saved for offline', () => {
  let session: SessionData;

  test.beforeAll(async () => {
    await uploadThroughApi(
      'admin',
      { year: 'Third Year', semester: 5, subject: SUBJECT, unit: UNIT },
      await makeBands(),
    );
    // A session of its own: the explicit logout ends it on the server, and the suite's demo session must live on.
    session = await logInThroughApi(DEMO_STUDENT);
  });

  test('a saved unit is listed with its size, read offline from the phone, removed, and gone after logout', async ({
    open,
  }) => {
    const { context, page } = await open({ signedIn: session, device: PHONE, allow: [offlineFailures] });
    await openSubject(page);
    const size = await saveUnit(page);

    await goToSaved(page);
    const item = page.getByTestId('saved-item');
    await expect(item.getByRole('heading', { name: UNIT_TITLE })).toBeVisible();
    await expect(item.getByText(size, { exact: true })).toBeVisible();
    await expect(page.getByText(`1 file · ${size} in all`)).toBeVisible();
    await expect(page.getByText(/^This site uses .+ of the .+ this browser allows it\.$/)).toBeVisible();

    // Offline, in the loaded page: Home (its Your semester arrived: the network goes once Home is there, and an
    // API read still on its way may fail), then back to /saved, and the copy opens from the phone.
    await page.getByRole('link', { name: 'StudyHub home' }).tap();
    await expect(page.getByTestId('your-semester')).toBeVisible();
    await context.setOffline(true);
    const fileRequests = countFileRequests(context);
    await goToSaved(page);
    await item.getByRole('button', { name: /^Open Unit 2: / }).tap();
    const dialog = page.getByRole('dialog', { name: /^CS-504\(A\) · Unit 2: / });
    await firstPageDrawn(dialog);
    expect(await inkOnFirstPage(dialog)).toBeGreaterThan(1000);
    expect(fileRequests()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Remove, offline too.
    await item.getByRole('button', { name: /^Remove Unit 2: / }).tap();
    await page.getByText(/^Nothing saved yet/).waitFor();
    await context.setOffline(false);

    // Saved again, then an explicit logout says what goes and removes it.
    await openSubject(page);
    await saveUnit(page);
    expect(await savedCacheNames(page)).toEqual([`studyhub-saved-${session.user._id}`]);
    await page.getByRole('button', { name: 'Logout' }).tap();
    const question = page.getByRole('alertdialog', { name: 'Log out?' });
    await expect(question).toContainText(
      `Logging out removes 1 unit (${size}) saved for offline on this phone.`,
    );
    await question.getByRole('button', { name: 'Log out' }).tap();
    await seeHeading(page, 'Login');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await savedCacheNames(page)).toEqual([]);
  });

  test('a session that expired keeps the copies, and /saved still opens them', async ({ open }) => {
    const own = await logInThroughApi(DEMO_STUDENT);
    const { page } = await open({ signedIn: own, device: PHONE });
    await openSubject(page);
    await saveUnit(page);

    // The token's time runs out (the browser reads only its expiry; the server is not asked on /saved).
    await page.evaluate(() => {
      const [header, , signature] = localStorage.getItem('token')!.split('.');
      const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) - 60 })).replace(/=+$/, '');
      localStorage.setItem('token', `${header}.${payload}.${signature}`);
    });
    await page.goto('/saved');
    await seeHeading(page, 'Saved for offline');
    await page.getByText(/^Your session has ended/).waitFor();
    await expect(page.getByTestId('saved-item').getByRole('heading', { name: UNIT_TITLE })).toBeVisible();
    expect(await savedCacheNames(page)).toEqual([`studyhub-saved-${own.user._id}`]);
    await page
      .getByTestId('saved-item')
      .getByRole('button', { name: /^Open Unit 2: / })
      .tap();
    const dialog = page.getByRole('dialog', { name: /^CS-504\(A\) · Unit 2: / });
    await firstPageDrawn(dialog);
  });

  test('with the service worker, /saved loads with no network and opens the copy', async ({ open }) => {
    const own = await logInThroughApi(DEMO_STUDENT);
    const { context, page } = await controlledPhone(open, { signedIn: own, allow: [offlineFailures] });
    await expect.poll(() => keptRemotes(page), { timeout: 30_000 }).toEqual(readRemotes());
    await openSubject(page);
    await saveUnit(page);

    await context.setOffline(true);
    try {
      const navigation = await page.goto('/saved');
      expect(navigation?.fromServiceWorker()).toBe(true);
      await seeHeading(page, 'Saved for offline');
      await page
        .getByTestId('saved-item')
        .getByRole('button', { name: /^Open Unit 2: / })
        .tap();
      const dialog = page.getByRole('dialog', { name: /^CS-504\(A\) · Unit 2: / });
      await firstPageDrawn(dialog);
      expect(await inkOnFirstPage(dialog)).toBeGreaterThan(1000);
    } finally {
      await context.setOffline(false);
    }
  });
});
