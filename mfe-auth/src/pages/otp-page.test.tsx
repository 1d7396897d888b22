import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { apiClient } from '@studyhub/shared';
import {
  currentLocation,
  httpError,
  locationState,
  networkError,
  settle,
  setupFakeTimers,
} from '@studyhub/shared/testing';
import { renderAuthPage } from '../test-helpers';

const EMAIL = 'asha@example.com';
const REGISTRATION = '6a4b5c6d-0000-4000-8000-000000000001';
const BLOCK_KEY = `studyhub.otpBlockedUntil:${EMAIL}`;
const LIMIT = "You've reached the maximum OTP resend limit. Please try again after 10 minutes.";
const RESENT = { data: { message: 'A new OTP has been sent to your email.' } };

const renderOtp = (state: unknown = { email: EMAIL, registration: REGISTRATION }) =>
  renderAuthPage('verify-otp', '/verify-otp', { route: '/verify-otp', state });
const box = (n: number) => screen.getByRole('textbox', { name: `Digit ${n} of 6` }) as HTMLInputElement;
const boxes = () => [1, 2, 3, 4, 5, 6].map(box);
const code = () =>
  boxes()
    .map((input) => input.value)
    .join('');
const resendButton = () => screen.getByRole('button', { name: /^Resend OTP/ });
const verifyButton = () => screen.getByRole('button', { name: 'Verify OTP' });
const advance = (ms: number) =>
  act(() => {
    jest.advanceTimersByTime(ms);
  });

beforeEach(() => localStorage.clear());
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('OtpPage without the sign-up', () => {
  it.each([
    ['no state', null],
    ['state without an email', { other: 1 }],
    ['an empty email', { email: '', registration: REGISTRATION }],
    ['an email without the sign-up id', { email: EMAIL }],
  ])('with %s it says "Email not found. Please register again." and goes to /register', async (_l, state) => {
    renderOtp(state);
    expect(currentLocation()).toBe('/register');
    expect(await screen.findByText('Email not found. Please register again.')).toBeInTheDocument();
  });
});

describe('OtpPage boxes', () => {
  it('has six numeric single-digit boxes, the Verify OTP button and the resend count', () => {
    renderOtp();
    expect(screen.getByRole('group', { name: 'One-time code' })).toBeInTheDocument();
    for (const input of boxes()) expect(input).toHaveAttribute('inputMode', 'numeric');
    // The first box is the autofill target and may receive the whole code; the rest take one digit.
    expect(box(1)).toHaveAttribute('autocomplete', 'one-time-code');
    expect(box(1)).toHaveAttribute('maxLength', '6');
    for (const input of boxes().slice(1)) {
      expect(input).toHaveAttribute('autocomplete', 'off');
      expect(input).toHaveAttribute('maxLength', '1');
    }
    expect(verifyButton()).toHaveAttribute('type', 'submit');
    expect(screen.getByText('Resent: 0 of 3')).toBeInTheDocument();
    expect(screen.getByText(EMAIL)).toBeInTheDocument();
  });

  it('a digit moves focus to the next box; anything else is refused', async () => {
    renderOtp();
    await userEvent.click(box(1));
    await userEvent.keyboard('4');
    expect(box(1)).toHaveValue('4');
    expect(box(2)).toHaveFocus();
    await userEvent.keyboard('x');
    expect(box(2)).toHaveValue('');
    expect(box(2)).toHaveFocus();
    await userEvent.keyboard('2');
    expect(box(3)).toHaveFocus();
    expect(code()).toBe('42');
  });

  it('Backspace in an empty box moves back', async () => {
    renderOtp();
    await userEvent.click(box(1));
    await userEvent.keyboard('12');
    expect(box(3)).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    expect(box(2)).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    expect(box(2)).toHaveValue('');
    expect(box(2)).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    expect(box(1)).toHaveFocus();
  });

  it('pasting a 6-digit code fills every box', async () => {
    renderOtp();
    await userEvent.click(box(3));
    await userEvent.paste('123 456');
    expect(code()).toBe('123456');
    expect(box(6)).toHaveFocus();
  });

  it("a phone's autofill putting the whole code into the first box fills every box", () => {
    renderOtp();
    fireEvent.change(box(1), { target: { value: '654321' } });
    expect(code()).toBe('654321');
    expect(box(6)).toHaveFocus();
  });
});

describe('OtpPage verify', () => {
  it('an incomplete code is refused with "Please enter all 6 digits of the OTP."', async () => {
    const post = jest.spyOn(apiClient, 'post');
    renderOtp();
    await userEvent.click(box(1));
    await userEvent.keyboard('12345');
    await userEvent.click(verifyButton());
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter all 6 digits of the OTP.');
    expect(post).not.toHaveBeenCalled();
  });

  it('a verified code shows the server message and goes to /login after 2 s', async () => {
    const user = setupFakeTimers();
    const post = jest
      .spyOn(apiClient, 'post')
      .mockResolvedValue({ data: { message: 'Email verified successfully. You can now log in.' } });
    renderOtp();
    await user.click(box(1));
    await user.paste('123456');
    await user.click(verifyButton());
    await settle();
    expect(post).toHaveBeenCalledWith(
      '/api/auth/verify-otp',
      {
        email: EMAIL,
        otp: '123456',
        registration: REGISTRATION,
      },
      undefined,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Email verified successfully. You can now log in.');
    advance(1_999);
    expect(currentLocation()).toBe('/verify-otp');
    advance(1);
    expect(currentLocation()).toBe('/login');
  });

  it('hands the page to return to on to the login (decision 017)', async () => {
    const user = setupFakeTimers();
    jest.spyOn(apiClient, 'post').mockResolvedValue({ data: { message: 'Verified.' } });
    const returnTo = { path: '/notes/CS-502', state: { branch: 'CSE', year: 'ThirdYear', semester: '5' } };
    renderOtp({ email: EMAIL, registration: REGISTRATION, returnTo });
    await user.click(box(1));
    await user.paste('123456');
    await user.click(verifyButton());
    await settle();
    advance(2_000);
    expect(currentLocation()).toBe('/login');
    expect(locationState()).toEqual({ returnTo });
  });

  it.each([
    ['the server message', httpError(400, { message: 'Invalid or expired OTP.' }), 'Invalid or expired OTP.'],
    ['"OTP verification failed" without one', networkError(), 'OTP verification failed'],
  ])('a refused code shows %s', async (_label, error, text) => {
    jest.spyOn(apiClient, 'post').mockRejectedValue(error);
    renderOtp();
    await userEvent.click(box(1));
    await userEvent.paste('123456');
    await userEvent.click(verifyButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(currentLocation()).toBe('/verify-otp');
  });
});

describe('OtpPage resend', () => {
  it('waits 30 s, resends, counts "Resent: 1 of 3", clears the boxes and waits 30 s again', async () => {
    const user = setupFakeTimers();
    const post = jest.spyOn(apiClient, 'post').mockResolvedValue(RESENT);
    renderOtp();
    expect(resendButton()).toBeDisabled();
    expect(resendButton()).toHaveTextContent('Resend OTP in 30s');
    advance(29_000);
    expect(resendButton()).toHaveTextContent('Resend OTP in 1s');
    expect(resendButton()).toBeDisabled();
    advance(1_000);
    expect(resendButton()).toHaveTextContent(/^Resend OTP$/);
    expect(resendButton()).toBeEnabled();

    await user.click(box(1));
    await user.keyboard('123');
    await user.click(resendButton());
    await settle();
    expect(post).toHaveBeenCalledWith(
      '/api/auth/resend-otp',
      { email: EMAIL, registration: REGISTRATION },
      undefined,
    );
    expect(screen.getByText('Resent: 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('A new OTP has been sent to your email.');
    expect(code()).toBe('');
    expect(resendButton()).toHaveTextContent('Resend OTP in 30s');
    expect(resendButton()).toBeDisabled();
  });

  it.each([
    [
      'the server message',
      httpError(429, { message: 'Please wait 30 seconds before requesting another OTP.' }),
      'Please wait 30 seconds before requesting another OTP.',
    ],
    ['"Failed to resend OTP" without one', networkError(), 'Failed to resend OTP'],
  ])('a failed resend shows %s and counts nothing', async (_label, error, text) => {
    const user = setupFakeTimers();
    jest.spyOn(apiClient, 'post').mockRejectedValue(error);
    renderOtp();
    advance(30_000);
    await user.click(resendButton());
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    expect(screen.getByText('Resent: 0 of 3')).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });
});

describe('OtpPage block', () => {
  async function resendAfterCooldown(user: ReturnType<typeof setupFakeTimers>) {
    advance(30_000);
    await user.click(resendButton());
    await settle();
  }

  function expectBlocked() {
    for (const input of boxes()) expect(input).toBeDisabled();
    expect(verifyButton()).toBeDisabled();
    expect(resendButton()).toBeDisabled();
  }

  it('asking for a fourth resend blocks for 10 minutes; the unblock toasts and goes to /register after 1.5 s', async () => {
    const user = setupFakeTimers();
    const post = jest.spyOn(apiClient, 'post').mockResolvedValue(RESENT);
    renderOtp();
    for (let count = 1; count <= 3; count += 1) await resendAfterCooldown(user);
    expect(screen.getByText('Resent: 3 of 3')).toBeInTheDocument();
    // The third code can still be entered.
    expect(box(1)).toBeEnabled();

    await resendAfterCooldown(user);
    expect(post).toHaveBeenCalledTimes(3);
    expect(screen.getByRole('alert')).toHaveTextContent(LIMIT);
    expectBlocked();
    expect(screen.getByRole('timer')).toHaveTextContent('Try again in 10m 0s');
    expect(Number(localStorage.getItem(BLOCK_KEY))).toBe(Date.now() + 600_000);
    advance(1_000);
    expect(screen.getByRole('timer')).toHaveTextContent('Try again in 9m 59s');

    advance(598_000);
    expect(screen.getByRole('timer')).toHaveTextContent('Try again in 0m 1s');
    advance(1_000);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByText('Resent: 0 of 3')).toBeInTheDocument();
    for (const input of boxes()) expect(input).toBeEnabled();
    expect(code()).toBe('');
    expect(localStorage.getItem(BLOCK_KEY)).toBeNull();
    advance(1_499);
    expect(currentLocation()).toBe('/verify-otp');
    advance(1);
    expect(currentLocation()).toBe('/register');
    // The toast library loads with the first toast (decision 014), so the toast is awaited, not timed.
    expect(await screen.findByText('You are now unblocked. Please try again.')).toBeInTheDocument();
  });

  it("a 403 blocks until the server's unblockAt", async () => {
    const user = setupFakeTimers();
    const unblockAt = new Date(Date.now() + 30_000 + 120_000).toISOString();
    jest.spyOn(apiClient, 'post').mockRejectedValue(httpError(403, { message: LIMIT, unblockAt }));
    renderOtp();
    await resendAfterCooldown(user);
    expect(screen.getByRole('alert')).toHaveTextContent(LIMIT);
    expectBlocked();
    expect(screen.getByRole('timer')).toHaveTextContent('Try again in 2m 0s');
    advance(119_000);
    expect(screen.getByRole('timer')).toHaveTextContent('Try again in 0m 1s');
    advance(1_000);
    advance(1_500);
    expect(currentLocation()).toBe('/register');
    expect(await screen.findByText('You are now unblocked. Please try again.')).toBeInTheDocument();
  });

  it('a 403 without unblockAt blocks for 10 minutes, with the limit text as fallback', async () => {
    const user = setupFakeTimers();
    jest.spyOn(apiClient, 'post').mockRejectedValue(httpError(403, {}));
    renderOtp();
    await resendAfterCooldown(user);
    expect(screen.getByRole('alert')).toHaveTextContent(LIMIT);
    expect(screen.getByRole('timer')).toHaveTextContent('Try again in 10m 0s');
  });

  it('a reload keeps the block', () => {
    setupFakeTimers();
    localStorage.setItem(BLOCK_KEY, String(Date.now() + 5 * 60_000));
    const first = renderOtp();
    expectBlocked();
    expect(screen.getByRole('timer')).toHaveTextContent('Try again in 5m 0s');
    first.unmount();
    advance(60_000);

    renderOtp();
    expectBlocked();
    expect(screen.getByRole('timer')).toHaveTextContent('Try again in 4m 0s');
  });

  it('a block that ended while away is forgotten', () => {
    localStorage.setItem(BLOCK_KEY, String(Date.now() - 1));
    renderOtp();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(box(1)).toBeEnabled();
    expect(localStorage.getItem(BLOCK_KEY)).toBeNull();
  });

  it("another email's block does not apply", () => {
    localStorage.setItem(BLOCK_KEY, String(Date.now() + 60_000));
    renderOtp({ email: 'ravi@example.com', registration: REGISTRATION });
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });
});
