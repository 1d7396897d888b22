/**
 * Previous-year papers and important questions on a phone (390×844, touch; decision 034): a teacher uploads a
 * paper and proposes a question through the upload form; an admin reads the paper in the reader and approves
 * both; a student opens Home's Previous Year Questions card, finds the subject, previews and downloads the very
 * bytes the teacher sent, and reads the question under its unit.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { findSubject } from '@studyhub/contract/catalog';
import { createVerifiedAccount, setRoleThroughApi } from '../support/accounts';
import { expect, test, type OpenOptions } from '../support/fixtures';
import { url } from '../support/env';
import { seeHeading, subjectCard } from '../support/pages';
import { logInThroughApi } from '../support/session';
import { makePdf, sha256 } from '../support/uploads';

const PHONE: OpenOptions['device'] = {
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
  deviceScaleFactor: 2,
};

// Object Oriented Programming: no demo paper, and no other test uploads papers or questions to it.
const SUBJECT = findSubject('CS-504(B)')!;
const SESSION = { month: 'Dec', year: '2023', label: 'Dec 2023' };
const UNIT = 2;

const drawnPage = (page: Page) => page.locator('[data-testid="pdf-page"][data-page="1"][data-drawn="true"]');

/** The subject's branch, year and semester on the upload form. */
async function chooseSubject(page: Page) {
  await page.getByLabel('Branch', { exact: true }).selectOption('CSE');
  await page.getByLabel('Year', { exact: true }).selectOption('Third Year');
  await page.getByLabel('Semester', { exact: true }).selectOption(String(SUBJECT.semester));
  await page.getByLabel('Subject', { exact: true }).selectOption(SUBJECT.code);
}

const RECEIVED = '✅ Upload received! An admin will review it before students can see it.';
const QUESTION_RECEIVED = '✅ Question received! An admin will review it before students can see it.';

test('a teacher’s paper and question, approved by an admin, reach a student from Home', async ({ open }) => {
  test.setTimeout(120_000);
  const account = await createVerifiedAccount('papers');
  await setRoleThroughApi(account.email, 'teacher');
  const file = {
    name: `oop-${SESSION.month}-${randomUUID().slice(0, 8)}.pdf`,
    bytes: await makePdf('OOP paper'),
  };
  const question = `Explain dynamic dispatch with an example (${randomUUID().slice(0, 8)}).\n(a) in C++\n(b) in Java`;

  // The teacher: a question paper, then an important question, through the one form.
  const teacher = await open({ signedIn: await logInThroughApi(account), device: PHONE });
  await teacher.page.goto('/admin/upload-notes');
  await seeHeading(teacher.page, 'Upload Notes');
  await teacher.page.getByRole('radio', { name: 'Question paper' }).tap();
  await chooseSubject(teacher.page);
  await teacher.page
    .getByLabel('PDF file')
    .setInputFiles({ name: file.name, mimeType: 'application/pdf', buffer: file.bytes });
  await teacher.page.getByLabel('Exam year', { exact: true }).selectOption(SESSION.year);
  await teacher.page.getByLabel('Exam month', { exact: true }).selectOption(SESSION.month);
  await teacher.page.getByLabel('Scheme (optional)').fill('2019 scheme');
  await teacher.page.getByRole('button', { name: 'Upload', exact: true }).tap();
  await teacher.page.getByText(RECEIVED).first().waitFor();

  await teacher.page.getByRole('radio', { name: 'Important question' }).tap();
  // The subject stays chosen across kinds.
  await expect(teacher.page.getByLabel('Subject', { exact: true })).toHaveValue(SUBJECT.code);
  await teacher.page.getByLabel('Unit', { exact: true }).selectOption(`Unit ${UNIT}`);
  await teacher.page.getByLabel('Question', { exact: true }).fill(question);
  await teacher.page.getByLabel('Marks (optional)').fill('7');
  await teacher.page.getByLabel('Asked-in year', { exact: true }).selectOption('2024');
  await teacher.page.getByLabel('Asked-in month', { exact: true }).selectOption('May');
  await teacher.page.getByRole('button', { name: 'Add session' }).tap();
  await teacher.page.getByRole('button', { name: 'Send question' }).tap();
  await teacher.page.getByText(QUESTION_RECEIVED).first().waitFor();

  // The admin reads the paper in the reader and approves both.
  const admin = await open({ signedIn: 'admin', device: PHONE });
  await admin.page.goto('/admin/review-uploads');
  await seeHeading(admin.page, 'Review uploads');
  const paperCard = admin.page.getByTestId('review-item').filter({ hasText: file.name });
  await paperCard.getByText('Question paper', { exact: true }).waitFor();
  await expect(paperCard.getByRole('heading', { level: 2 })).toHaveText(
    `${SUBJECT.code} ${SUBJECT.name} · ${SESSION.label} · 2019 scheme`,
  );
  await paperCard.getByRole('button', { name: 'Read' }).tap();
  const reader = admin.page.getByRole('dialog');
  await reader.getByRole('status', { name: 'Page 1 of 1' }).waitFor();
  await drawnPage(admin.page).waitFor();
  await reader.getByRole('button', { name: 'Close' }).tap();
  await paperCard.getByRole('button', { name: 'Approve' }).tap();
  await paperCard.waitFor({ state: 'detached' });

  const questionCard = admin.page.getByTestId('review-item').filter({ hasText: question.split('\n')[0]! });
  await questionCard.getByText('7 marks · Asked in May 2024').waitFor();
  await expect(questionCard.getByRole('button', { name: 'Read' })).toHaveCount(0);
  await questionCard.getByRole('button', { name: 'Approve' }).tap();
  await questionCard.waitFor({ state: 'detached' });

  // The student: Home's card, the year, the subject, its papers.
  const { page } = await open({ signedIn: 'student', device: PHONE });
  await page.goto('/');
  // Home is alive once it knows the student (the prerendered page does not).
  await page
    .getByRole('region', { name: 'Quick Links' })
    .getByRole('link', { name: 'Browse notes' })
    .waitFor();
  await page.getByRole('link', { name: /Previous Year Questions/ }).tap();
  await seeHeading(page, 'Previous Year Questions');
  await page.getByRole('link', { name: 'Third Year', exact: true }).tap();
  await seeHeading(page, 'Third Year Previous Year Questions');
  const card = subjectCard(page, SUBJECT.code);
  await card.getByText(/^\d+ papers?$/).waitFor();
  await card.getByRole('link').tap();
  await seeHeading(page, `${SUBJECT.name} - Question Papers`);

  const paper = page.getByTestId('paper').filter({ has: page.getByRole('heading', { name: SESSION.label }) });
  await expect(paper).toContainText(`${SESSION.label} · 2019 scheme ·`);
  const papersUrl = page.url();
  await paper.getByRole('button', { name: 'Preview' }).tap();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('status', { name: 'Page 1 of 1' }).waitFor();
  await drawnPage(page).waitFor();
  // The phone's Back closes the reader and stays on the papers.
  await page.goBack();
  await dialog.waitFor({ state: 'detached' });
  expect(page.url()).toBe(papersUrl);

  const href = await paper.getByRole('link', { name: 'Download' }).getAttribute('href');
  const downloaded = await page.request.get(url(href!));
  expect(downloaded.status()).toBe(200);
  expect(sha256(await downloaded.body())).toBe(sha256(file.bytes));

  // From the papers to the questions: the question under its unit, with its marks and session.
  await page
    .getByRole('navigation', { name: 'More for this subject' })
    .getByRole('link', { name: /^Questions \(\d+\)$/ })
    .tap();
  await seeHeading(page, `${SUBJECT.name} - Important Questions`);
  const unit = page.getByRole('region', { name: `Unit ${UNIT}: ${SUBJECT.units[UNIT - 1]}` });
  const asked = unit.getByTestId('question').filter({ hasText: question.split('\n')[0]! });
  await expect(asked).toContainText('7 marks');
  await expect(asked).toContainText('Asked in May 2024');
  expect(await asked.locator('p').first().innerText()).toBe(question);
});
