/**
 * Administration end to end (issue 6; product §2, §6, §8): an admin changes a student's role there and back and
 * deletes a user, and reads both in Activity; a demoted admin's session ends on their next navigation; a student
 * never gets into the admin pages.
 */
import type { Page } from '@playwright/test';
import { createVerifiedAccount, setRoleThroughApi, type Account } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { notFoundAt } from '../support/problems';
import { url } from '../support/env';
import { seeHeading } from '../support/pages';
import { logInThroughApi } from '../support/session';

const userRow = (page: Page, account: Account) =>
  page.getByTestId('user-row').filter({ hasText: account.email });

test('an admin changes a role there and back, deletes a user, and reads both in Activity', async ({
  open,
}) => {
  const student = await createVerifiedAccount('promoted');
  const leaving = await createVerifiedAccount('deleted');
  const { page } = await open({ signedIn: 'admin' });

  await page.goto('/admin');
  await seeHeading(page, 'Welcome, Admin');
  await page.getByRole('link', { name: /User Roles/ }).click();
  await seeHeading(page, 'User Roles');

  const role = userRow(page, student).getByRole('combobox', { name: `Role of ${student.name}` });
  expect(await role.inputValue()).toBe('student');
  await role.selectOption('teacher');
  await page.getByText('Role updated successfully').first().waitFor();
  await page.getByText('Role updated successfully').first().waitFor({ state: 'detached' });
  await role.selectOption('student');
  await page.getByText('Role updated successfully').first().waitFor();

  await userRow(page, leaving)
    .getByRole('button', { name: /^Delete / })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await page.getByText('User deleted').first().waitFor();
  await userRow(page, leaving).waitFor({ state: 'detached' });

  // A fresh load: the list comes from the server again.
  await page.reload();
  await seeHeading(page, 'User Roles');
  expect(await userRow(page, student).getByRole('combobox').inputValue()).toBe('student');
  expect(await userRow(page, leaving).count()).toBe(0);

  await page.goto('/admin');
  await page.getByRole('link', { name: /Activity/ }).click();
  await seeHeading(page, 'Activity');
  const rows = page.getByTestId('activity-row');
  await rows.first().waitFor();
  const texts = await rows.allInnerTexts();
  const email = student.email.toLowerCase();
  expect(texts.findIndex((text) => text.includes(`${email}: teacher → student`))).toBeLessThan(
    texts.findIndex((text) => text.includes(`${email}: student → teacher`)),
  );
  expect(
    texts.some((text) => text.includes('Deleted a user') && text.includes(leaving.email.toLowerCase())),
  ).toBe(true);
  expect(texts.every((text) => !text.includes(student.password))).toBe(true);
});

test('a demoted admin’s session ends on their next navigation to an admin page', async ({ open }) => {
  const account = await createVerifiedAccount('demoted');
  await setRoleThroughApi(account.email, 'admin');
  const session = await logInThroughApi(account);
  // The admin page's session check meets the ended session: the 401s the browser logs are the point of the test.
  // The header's count of waiting uploads, asked again on the navigation, meets the ended session too.
  const { page } = await open({
    signedIn: session,
    allow: [notFoundAt(url('/api/me'), 401), notFoundAt(url('/api/admin/reviews?pageSize=1'), 401)],
  });

  // The admin home asks how many uploads wait for review; demoting before that answer would end the session there.
  const reviewCountAnswered = page.waitForResponse((response) =>
    new URL(response.url()).pathname.startsWith('/api/admin/reviews'),
  );
  await page.goto('/admin');
  await seeHeading(page, 'Welcome, Admin');
  await reviewCountAnswered;

  // A role change ends the user's sessions (docs/security.md item 17): the admin page's session check gets 401.
  await setRoleThroughApi(account.email, 'student');
  await page.getByRole('link', { name: /User Roles/ }).click();
  await page.getByText('Session expired. Please login again.').first().waitFor();
  await page.waitForURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect(await page.getByRole('heading', { name: 'User Roles' }).count()).toBe(0);
});

test('a student opening /admin/users is sent to /', async ({ open }) => {
  const { page } = await open({ signedIn: true });
  await page.goto('/admin/users');
  await seeHeading(page, 'Unlock Your Academic Potential');
  expect(new URL(page.url()).pathname).toBe('/');
  expect(await page.getByRole('heading', { name: 'User Roles' }).count()).toBe(0);
});
