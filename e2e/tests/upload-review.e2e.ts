/**
 * Teachers share notes, admins approve (issue 16, decision 026), in a real browser with real PDFs: a teacher
 * uploads through the form; students see nothing of it; an admin reads it in the in-page reader and approves;
 * then students find it in Recently Uploaded and on the subject page. A second upload is rejected with a reason,
 * which the teacher reads in My uploads and in the mail the server wrote to its outbox. The form itself marks
 * what is missing and, after an upload, stays on the subject with its next unit chosen.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { findSubject } from '@studyhub/contract/catalog';
import { createVerifiedAccount, setRoleThroughApi, type Account } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { url } from '../support/env';
import { waitForMail } from '../support/outbox';
import { seeHeading, subjectCard } from '../support/pages';
import { logInThroughApi, type SessionData } from '../support/session';
import { makePdf, sha256 } from '../support/uploads';

/** A teacher of this test's own: fresh caps, and mail to an address nobody else uses. */
async function newTeacher(label: string): Promise<{ account: Account; session: SessionData }> {
  const account = await createVerifiedAccount(label);
  await setRoleThroughApi(account.email, 'teacher');
  return { account, session: await logInThroughApi(account) };
}

/** Fills the upload form for a third-year, sixth-semester unit of CSE and sends it. */
async function uploadThroughForm(
  page: Page,
  file: { name: string; bytes: Buffer },
  subject: string,
  unit: string,
) {
  await page
    .getByLabel('PDF file')
    .setInputFiles({ name: file.name, mimeType: 'application/pdf', buffer: file.bytes });
  await page.getByLabel('Branch').selectOption('CSE');
  await page.getByLabel('Year').selectOption('Third Year');
  await page.getByLabel('Semester').selectOption('6');
  await page.getByLabel('Subject').selectOption(subject);
  await page.getByLabel('Unit', { exact: true }).selectOption(unit);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
}

/** The subject page of a sixth-semester subject, reached as a student does. */
async function openSubject(page: Page, code: string, name: string) {
  await page.goto('/notes/ThirdYear');
  await subjectCard(page, code).getByRole('link').click();
  await seeHeading(page, `${name} - Units`);
}

const UPLOAD_RECEIVED = '✅ Upload received! An admin will review it before students can see it.';

const reviewCard = (page: Page, fileName: string) =>
  page.getByTestId('review-item').filter({ hasText: fileName });

test('a teacher uploads; an admin reads it in the reader and approves; then students see it', async ({
  open,
}) => {
  const { session } = await newTeacher('uploader');
  const file = {
    name: `networks-unit-4-${randomUUID().slice(0, 8)}.pdf`,
    bytes: await makePdf('CS-602 unit 4'),
  };

  // The teacher's Home offers what a teacher can do; the form says an admin reviews the upload first.
  const teacher = await open({ signedIn: session });
  await teacher.page.goto('/');
  const quickLinks = teacher.page.getByRole('region', { name: 'Quick Links' });
  await quickLinks.getByRole('link', { name: 'My uploads' }).waitFor();
  expect(await quickLinks.getByRole('link', { name: 'Admin Dashboard' }).count()).toBe(0);
  await quickLinks.getByRole('link', { name: 'Upload Notes' }).click();
  await seeHeading(teacher.page, 'Upload Notes');
  await teacher.page.getByText(/Students see what you upload once an admin approves it/).waitFor();
  await uploadThroughForm(teacher.page, file, 'CS-602', 'Unit 4');
  // The full bar shows for 1.5 s before the form is ready for the next unit: watched from the tap on, not read
  // once after the toast, which on a loaded machine can come after the bar has gone.
  await expect(teacher.page.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await teacher.page.getByText(UPLOAD_RECEIVED).first().waitFor();

  // Students see nothing of it yet: not on Home, not on the subject page.
  const student = await open({ signedIn: 'student' });
  await student.page.goto('/');
  await student.page.getByTestId('recent-note').first().waitFor();
  expect(await student.page.getByRole('heading', { name: 'Computer Networks (Unit 4)' }).count()).toBe(0);
  await openSubject(student.page, 'CS-602', 'Computer Networks');
  const units = student.page.getByTestId('unit-card');
  await units.nth(3).getByText('Not uploaded yet').waitFor();

  // The admin finds it from Home's count, reads it in the reader, and approves it.
  const admin = await open({ signedIn: 'admin' });
  await admin.page.goto('/');
  // Home's quick link (the header has one too, checked in frame.e2e).
  await admin.page
    .getByRole('region', { name: 'Quick Links' })
    .getByRole('link', { name: /^Review uploads \d+ waiting$/ })
    .click();
  await seeHeading(admin.page, 'Review uploads');
  const card = reviewCard(admin.page, file.name);
  await card.getByText('CSE | Third Year | Semester 6').waitFor();
  await card.getByRole('button', { name: 'Read' }).click();
  const reader = admin.page.getByRole('dialog');
  await reader.getByRole('status', { name: 'Page 1 of 1' }).waitFor();
  await admin.page.locator('[data-testid="pdf-page"][data-page="1"][data-drawn="true"]').waitFor();
  // Download is in the reader's ⋯ menu.
  await reader.getByRole('button', { name: 'More' }).click();
  const opened = await reader.getByRole('link', { name: 'Download' }).getAttribute('href');
  const fetched = await admin.page.request.get(url(opened!));
  expect(sha256(await fetched.body())).toBe(sha256(file.bytes));
  await reader.getByRole('button', { name: 'Close' }).click();
  await card.getByRole('button', { name: 'Approve' }).click();
  await admin.page.getByText('Approved. Students can now see these notes.').first().waitFor();
  await card.waitFor({ state: 'detached' });

  // Now students find it on Home and on the subject page, with the very bytes the teacher sent.
  await student.page.goto('/');
  await student.page.getByRole('heading', { name: 'Computer Networks (Unit 4)' }).first().waitFor();
  await openSubject(student.page, 'CS-602', 'Computer Networks');
  await units.nth(3).getByRole('button', { name: 'Preview Notes' }).waitFor();
  const href = await units.nth(3).getByRole('link', { name: 'Download Notes' }).getAttribute('href');
  const downloaded = await student.page.request.get(url(href!));
  expect(sha256(await downloaded.body())).toBe(sha256(file.bytes));

  // And the teacher's My uploads says it is approved.
  await teacher.page.goto('/my-uploads');
  await seeHeading(teacher.page, 'My uploads');
  await teacher.page.getByTestId('my-upload').filter({ hasText: file.name }).getByText('Approved').waitFor();
});

test('a rejected upload: the teacher reads the reason in My uploads and in the mail', async ({ open }) => {
  const { account, session } = await newTeacher('rejected');
  const reason = `Unit 2 is missing its diagrams (${randomUUID().slice(0, 8)}).`;
  const file = {
    name: `networks-unit-2-${randomUUID().slice(0, 8)}.pdf`,
    bytes: await makePdf('CS-602 unit 2'),
  };

  const teacher = await open({ signedIn: session });
  await teacher.page.goto('/admin/upload-notes');
  await seeHeading(teacher.page, 'Upload Notes');
  await uploadThroughForm(teacher.page, file, 'CS-602', 'Unit 2');
  await teacher.page.getByText(UPLOAD_RECEIVED).first().waitFor();
  // The form's own link (the header has one too).
  await teacher.page.getByRole('main').getByRole('link', { name: 'My uploads' }).click();
  await seeHeading(teacher.page, 'My uploads');
  const row = teacher.page.getByTestId('my-upload').filter({ hasText: file.name });
  await row.getByText('Pending review').waitFor();

  // The admin rejects it: the dialog wants a reason.
  const admin = await open({ signedIn: 'admin' });
  await admin.page.goto('/admin/review-uploads');
  await seeHeading(admin.page, 'Review uploads');
  await reviewCard(admin.page, file.name).getByRole('button', { name: 'Reject' }).click();
  const dialog = admin.page.getByRole('dialog', { name: 'Reject this upload?' });
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await dialog.getByText('Please say why the upload is rejected.').waitFor();
  await dialog.getByLabel('Reason (the teacher will read it)').fill(reason);
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await admin.page.getByText('Rejected. The teacher will see your reason.').first().waitFor();
  await reviewCard(admin.page, file.name).waitFor({ state: 'detached' });

  // The teacher sees the reason in My uploads, and in the mail.
  await teacher.page.reload();
  await row.getByText('Rejected').waitFor();
  expect(await row.getByTestId('rejection-reason').innerText()).toBe(reason);
  const [, quoted] = await waitForMail(account.email, /Their reason:\n> (.+)/);
  expect(quoted).toBe(reason);
});

test.describe('the upload form', () => {
  test('sent empty, it marks each field; after a unit it keeps the subject and offers the next unit', async ({
    open,
  }) => {
    const { session } = await newTeacher('unit-by-unit');
    const teacher = await open({ signedIn: session });
    const page = teacher.page;
    await page.goto('/admin/upload-notes');
    await seeHeading(page, 'Upload Notes');

    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    for (const [field, message] of [
      ['Branch', 'Choose a branch.'],
      ['Year', 'Choose a year.'],
      ['Semester', 'Choose a semester.'],
      ['Subject', 'Choose a subject.'],
      ['Unit', 'Choose a unit.'],
    ] as const) {
      const select = page.getByLabel(field, { exact: true });
      await expect(select).toHaveAttribute('aria-invalid', 'true');
      await expect(select).toHaveAccessibleDescription(new RegExp(message.replace('.', '\\.')));
    }
    await expect(page.getByText('Choose a PDF file.')).toBeVisible();

    // Knowledge Management: no other test uploads to it.
    const subject = findSubject('CS-604(A)')!;
    const file = {
      name: `km-unit-1-${randomUUID().slice(0, 8)}.pdf`,
      bytes: await makePdf('CS-604(A) unit 1'),
    };
    await uploadThroughForm(page, file, subject.code, 'Unit 1');
    await page.getByText(UPLOAD_RECEIVED).first().waitFor();

    const chosen = (field: string) => page.getByLabel(field, { exact: true }).locator('option:checked');
    await expect(chosen('Unit')).toHaveText(`Unit 2 — ${subject.units[1]}`);
    await expect(chosen('Branch')).toHaveText('CSE');
    await expect(chosen('Year')).toHaveText('Third Year');
    await expect(chosen('Semester')).toHaveText('Semester 6');
    await expect(chosen('Subject')).toHaveText(`${subject.code} — ${subject.name}`);
  });
});
