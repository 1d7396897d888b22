import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { apiClient } from '@studyhub/shared';
import { currentLocation, httpError, networkError, settle, setupFakeTimers } from '@studyhub/shared/testing';
import { renderAuthPage } from '../test-helpers';

const TOKEN = 'Q2hvb3NlIGEgbG9uZyByYW5kb20gdG9rZW4gaGVyZSAh_x';
const renderReset = () =>
  renderAuthPage('reset-password', '/reset-password/:token', { route: `/reset-password/${TOKEN}` });
const password = () => screen.getByLabelText('New Password');
const reset = () => screen.getByRole('button', { name: 'Reset Password' });

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('ResetPasswordPage', () => {
  it('has a new-password field with a show/hide toggle', async () => {
    renderReset();
    expect(password()).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password()).toHaveAttribute('type', 'text');
  });

  it('the password is required', async () => {
    const post = jest.spyOn(apiClient, 'post');
    renderReset();
    await userEvent.click(reset());
    expect(screen.getByRole('alert')).toHaveTextContent('Password is required.');
    expect(post).not.toHaveBeenCalled();
  });

  it('resets, says "✅ Password reset successful!" and goes to /login after 1.5 s', async () => {
    const user = setupFakeTimers();
    const post = jest.spyOn(apiClient, 'post').mockResolvedValue({ data: { message: 'Password reset.' } });
    renderReset();
    await user.type(password(), 'a brand new secret');
    await user.click(reset());
    await settle();
    expect(post).toHaveBeenCalledWith(
      `/api/auth/reset-password/${TOKEN}`,
      {
        password: 'a brand new secret',
      },
      undefined,
    );
    expect(screen.getByRole('status')).toHaveTextContent(/^✅ Password reset successful!$/);
    expect(reset()).toBeDisabled();
    act(() => {
      jest.advanceTimersByTime(1_499);
    });
    expect(currentLocation()).toBe(`/reset-password/${TOKEN}`);
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(currentLocation()).toBe('/login');
  });

  it.each([
    [
      'the server message',
      httpError(400, { message: 'Invalid or expired reset link.' }),
      'Invalid or expired reset link.',
    ],
    ['"Reset failed" without one', networkError(), 'Reset failed'],
  ])('a failure shows %s and stays', async (_label, error, text) => {
    jest.spyOn(apiClient, 'post').mockRejectedValue(error);
    renderReset();
    await userEvent.type(password(), 'a brand new secret');
    await userEvent.click(reset());
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(reset()).toBeEnabled();
    expect(currentLocation()).toBe(`/reset-password/${TOKEN}`);
  });
});
