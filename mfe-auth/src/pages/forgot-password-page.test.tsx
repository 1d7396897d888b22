import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { apiClient } from '@studyhub/shared';
import { deferred, httpError, networkError } from '@studyhub/shared/testing';
import { renderAuthPage } from '../test-helpers';

const renderForgot = () =>
  renderAuthPage('forgot-password', '/forgot-password', { route: '/forgot-password' });
const send = () => userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));

afterEach(() => {
  jest.restoreAllMocks();
});

describe('ForgotPasswordPage', () => {
  it('sends the email and shows the server message', async () => {
    const reply = deferred<unknown>();
    const post = jest.spyOn(apiClient, 'post').mockReturnValue(reply.promise as never);
    renderForgot();
    await userEvent.type(screen.getByLabelText('Email'), ' Asha@Example.com ');
    await send();
    expect(post).toHaveBeenCalledWith('/api/auth/forgot-password', { email: 'asha@example.com' }, undefined);
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await act(async () =>
      reply.resolve({ data: { message: 'If that email is registered, a reset link has been sent.' } }),
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'If that email is registered, a reset link has been sent.',
    );
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeEnabled();
  });

  it('says "Reset link sent" when the server’s message is empty', async () => {
    jest.spyOn(apiClient, 'post').mockResolvedValue({ data: { message: '' } });
    renderForgot();
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.com');
    await send();
    expect(await screen.findByRole('status')).toHaveTextContent(/^Reset link sent$/);
  });

  it.each([
    [
      'the server message',
      httpError(429, { message: 'Too many requests. Please try again later.' }),
      'Too many requests. Please try again later.',
    ],
    ['"Something went wrong." without one', networkError(), 'Something went wrong.'],
  ])('a failure shows %s', async (_label, error, text) => {
    jest.spyOn(apiClient, 'post').mockRejectedValue(error);
    renderForgot();
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.com');
    await send();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('an email that is not one is refused without a request', async () => {
    const post = jest.spyOn(apiClient, 'post');
    renderForgot();
    await send();
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid email address.');
    expect(post).not.toHaveBeenCalled();
  });

  it('links back to Log In', () => {
    renderForgot();
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
  });
});
