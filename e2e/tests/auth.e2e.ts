/**
 * Accounts end to end on the composed production site (product §2, §4, §8): sign up with the code from the mail
 * outbox, log in and out, reset a forgotten password, and the OTP block after three resends.
 */
import type { Page } from '@playwright/test';
import {
  ageLastCode,
  createVerifiedAccount,
  newAccount,
  ownAddress,
  type Account,
} from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { notFoundAt } from '../support/problems';
import { url } from '../support/env';
import { CODE_PATTERN, RESET_LINK_PATTERN, waitForMail } from '../support/outbox';
import { seeHeading } from '../support/pages';

/** A refused login is a 401 the browser reports on its console; these tests cause it on purpose. */
const refusedLogin = () => notFoundAt(url('/api/auth/login'), 401);

async function logIn(page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function enterCode(page: Page, code: string): Promise<void> {
  for (const [index, digit] of [...code].entries()) {
    await page.getByLabel(`Digit ${index + 1} of 6`).fill(digit);
  }
}

test.describe('sign-up and sign-in', () => {
  test('register, verify the emailed code, log in, see the signed-in header, log out', async ({ page }) => {
    const account = newAccount('signup');

    await page.goto('/register');
    await page.getByLabel('Full Name').fill(account.name);
    await page.getByText(`${account.name.length}/30 characters`).waitFor();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm Password').fill(account.password);
    await page.getByRole('button', { name: 'Register' }).click();

    await page.waitForURL(/\/verify-otp$/);
    await page.getByText('OTP sent to your email').first().waitFor();
    const [, code] = await waitForMail(account.email, CODE_PATTERN);
    await enterCode(page, code!);
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await page.waitForURL(/\/login$/, { timeout: 10_000 });

    await logIn(page, account);
    await page.getByText('Login successful!').first().waitFor();
    await page.waitForURL((current) => current.pathname === '/', { timeout: 10_000 });
    await seeHeading(page, 'Unlock Your Academic Potential');
    const logout = page.getByRole('button', { name: 'Logout' });
    await logout.waitFor();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').email)).toBe(
      account.email,
    );

    const token = await page.evaluate(() => localStorage.getItem('token'));
    const me = () => fetch(url('/api/me'), { headers: { authorization: `Bearer ${token}` } });
    expect((await me()).status).toBe(200);

    await logout.click();
    await page.waitForURL(/\/login$/);
    await page.getByText('⏳ Session expired. Please log in again.').first().waitFor();
    await page.getByRole('link', { name: 'Login', exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // The server ended the session too: a copy of the token no longer works (docs/security.md item 38).
    for (let tries = 0; (await me()).status !== 401; tries += 1) {
      if (tries > 50) throw new Error('The logged-out token still works');
      await page.waitForTimeout(100);
    }
  });

  test('a wrong password shows the server message in the banner and keeps the visitor signed out', async ({
    page,
    problems,
  }) => {
    const account = await createVerifiedAccount('wrong-password');
    problems.allow(refusedLogin());
    await logIn(page, { email: account.email, password: `${account.password}x` });
    await page.getByText('Invalid email or password.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});

test.describe('password reset', () => {
  test('the emailed link sets a new password; the new one works and the old one does not', async ({
    page,
    problems,
  }) => {
    const account = await createVerifiedAccount('reset');
    problems.allow(refusedLogin());

    await page.goto('/forgot-password');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    const [, link] = await waitForMail(account.email, RESET_LINK_PATTERN);

    const newPassword = `${account.password}-new`;
    await page.goto(link!);
    await page.getByLabel('New Password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('✅ Password reset successful!').first().waitFor();
    await page.waitForURL(/\/login$/, { timeout: 10_000 });

    await logIn(page, account);
    await page.getByText('Invalid email or password.').waitFor();

    await logIn(page, { email: account.email, password: newPassword });
    await page.waitForURL((current) => current.pathname === '/', { timeout: 10_000 });
    await page.getByRole('button', { name: 'Logout' }).waitFor();
  });
});

test.describe('one-time code resends', () => {
  test('three resends block the page for ten minutes, then the visitor is sent back to register', async ({
    open,
  }) => {
    const address = ownAddress();
    const { page } = await open({ address });
    const account = newAccount('block');
    await page.clock.install();

    await page.goto('/register');
    await page.getByLabel('Full Name').fill(account.name);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm Password').fill(account.password);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL(/\/verify-otp$/);

    const resend = page.getByRole('button', { name: 'Resend OTP', exact: true });
    const countingDown = page.getByRole('button', { name: /^Resend OTP in \d+s$/ });
    for (let count = 1; count <= 3; count += 1) {
      // Both clocks move past the 30 s cooldown: the page's (run forward once its countdown is running) and the
      // server's (the code's age).
      await countingDown.waitFor();
      ageLastCode(account.email, address);
      await page.clock.runFor(31_000);
      await resend.click();
      await page.getByText(`Resent: ${count} of 3`).waitFor();
    }
    await waitForMail(account.email, CODE_PATTERN, 4);

    await countingDown.waitFor();
    ageLastCode(account.email, address);
    await page.clock.runFor(31_000);
    await resend.click();
    await page
      .getByText("You've reached the maximum OTP resend limit. Please try again after 10 minutes.")
      .first()
      .waitFor();
    await expect(page.getByLabel('Digit 1 of 6').isDisabled()).resolves.toBe(true);

    await page.clock.runFor(10 * 60_000 + 1_000);
    await page.getByText('You are now unblocked. Please try again.').first().waitFor();
    await page.clock.runFor(2_000);
    await page.waitForURL(/\/register$/, { timeout: 10_000 });
  });
});
