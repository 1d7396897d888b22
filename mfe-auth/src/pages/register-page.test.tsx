import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { apiClient } from '@studyhub/shared';
import {
  currentLocation,
  deferred,
  httpError,
  locationState,
  makeToken,
  networkError,
  tokenExpiringIn,
  settle,
  STUDENT,
} from '@studyhub/shared/testing';
import { installGoogleStub, renderAuthPage } from '../test-helpers';

const renderRegister = (options = {}) =>
  renderAuthPage('register', '/register', { route: '/register', ...options });
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Register' }));

async function fill(values: { name?: string; email?: string; password?: string; confirm?: string }) {
  if (values.name) await userEvent.type(input('Full Name'), values.name);
  if (values.email) await userEvent.type(input('Email'), values.email);
  if (values.password) await userEvent.type(input('Password'), values.password);
  if (values.confirm) await userEvent.type(input('Confirm Password'), values.confirm);
}

const VALID = {
  name: 'Asha Student',
  email: 'Asha@Example.com',
  password: 'long enough',
  confirm: 'long enough',
};

beforeEach(() => localStorage.clear());
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('RegisterPage form', () => {
  it('counts the name live, "n/30 characters", and takes at most 30', async () => {
    renderRegister();
    expect(screen.getByText('0/30 characters')).toBeInTheDocument();
    expect(input('Full Name')).toHaveAttribute('maxLength', '30');
    await userEvent.type(input('Full Name'), 'Asha');
    expect(screen.getByText('4/30 characters')).toBeInTheDocument();
    expect(input('Full Name')).toHaveAccessibleDescription('4/30 characters');
    await userEvent.type(input('Full Name'), 'x'.repeat(40));
    expect(input('Full Name').value).toHaveLength(30);
    expect(screen.getByText('30/30 characters')).toBeInTheDocument();
  });

  it.each([
    [7, 'Weak'],
    [8, 'Medium'],
    [11, 'Medium'],
    [12, 'Strong'],
    [15, 'Strong'],
    [16, 'Very Strong'],
  ])('labels a %i-character password %p', (length, label) => {
    renderRegister();
    fireEvent.change(input('Password'), { target: { value: 'p'.repeat(length) } });
    expect(screen.getByText(`Password strength: ${label}`)).toBeInTheDocument();
  });

  it('shows no strength label for an empty password', () => {
    renderRegister();
    expect(screen.queryByText(/Password strength/)).not.toBeInTheDocument();
  });

  it('the password has a show/hide toggle; the confirmation stays hidden', async () => {
    renderRegister();
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input('Password')).toHaveAttribute('type', 'text');
    expect(input('Confirm Password')).toHaveAttribute('type', 'password');
  });

  it('links to Log In', () => {
    renderRegister();
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
  });
});

describe('RegisterPage validation', () => {
  it('an empty form gets the name, email and password messages, and nothing is sent', async () => {
    const post = jest.spyOn(apiClient, 'post');
    renderRegister();
    await submit();
    expect(input('Full Name')).toHaveAccessibleDescription(
      '0/30 characters Name must be at least 3 characters.',
    );
    expect(input('Full Name')).toHaveAttribute('aria-invalid', 'true');
    expect(input('Email')).toHaveAccessibleDescription('Enter a valid email address.');
    expect(input('Password')).toHaveAccessibleDescription('Password must be at least 8 characters long.');
    expect(screen.queryByText('Passwords do not match.')).not.toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it.each([
    ['a 2-character name', { ...VALID, name: 'Al' }, 'Name must be at least 3 characters.'],
    ['a name of spaces', { ...VALID, name: '     ' }, 'Name must be at least 3 characters.'],
    [
      'an email without a dot after the at sign',
      { ...VALID, email: 'asha@example' },
      'Enter a valid email address.',
    ],
    ['an email with a space', { ...VALID, email: 'as ha@example.com' }, 'Enter a valid email address.'],
    [
      'a 7-character password',
      { ...VALID, password: 'seven77', confirm: 'seven77' },
      'Password must be at least 8 characters long.',
    ],
    ['a different confirmation', { ...VALID, confirm: 'long enough!' }, 'Passwords do not match.'],
  ])('%s is refused with its message', async (_label, values, message) => {
    const post = jest.spyOn(apiClient, 'post');
    renderRegister();
    await fill(values);
    await submit();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('editing a field clears its message', async () => {
    renderRegister();
    await fill({ ...VALID, confirm: 'nope' });
    await submit();
    expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
    await userEvent.type(input('Confirm Password'), 'x');
    expect(screen.queryByText('Passwords do not match.')).not.toBeInTheDocument();
  });
});

describe('RegisterPage submit', () => {
  it('registers, toasts "OTP sent to your email" and goes to /verify-otp with the email and the sign-up', async () => {
    const reply = deferred<unknown>();
    const post = jest.spyOn(apiClient, 'post').mockReturnValue(reply.promise as never);
    renderRegister();
    await fill(VALID);
    await submit();
    expect(post).toHaveBeenCalledWith(
      '/api/auth/register',
      {
        name: 'Asha Student',
        email: 'asha@example.com',
        password: 'long enough',
      },
      undefined,
    );
    expect(screen.getByRole('button', { name: 'Registering...' })).toBeDisabled();

    await act(async () =>
      reply.resolve({ data: { message: 'OTP sent to your email', registration: 'sign-up-1' } }),
    );
    expect(currentLocation()).toBe('/verify-otp');
    expect(locationState()).toEqual({ email: 'asha@example.com', registration: 'sign-up-1' });
    expect(await screen.findByText('OTP sent to your email')).toBeInTheDocument();
  });

  it('hands the page to return to on to the code page, and back to Log In (decision 017)', async () => {
    const returnTo = { path: '/syllabus' };
    jest
      .spyOn(apiClient, 'post')
      .mockResolvedValue({ data: { message: 'OTP sent', registration: 'sign-up-1' } });
    renderRegister({ state: { returnTo } });
    await fill(VALID);
    await submit();
    await screen.findByText('OTP sent to your email');
    expect(currentLocation()).toBe('/verify-otp');
    expect(locationState()).toEqual({ email: 'asha@example.com', registration: 'sign-up-1', returnTo });
  });

  it('the Log In link keeps the page to return to', async () => {
    const returnTo = { path: '/contact-us' };
    renderRegister({ state: { returnTo } });
    await userEvent.click(screen.getByRole('link', { name: 'Log In' }));
    expect(currentLocation()).toBe('/login');
    expect(locationState()).toEqual({ returnTo });
  });

  it.each([
    [
      'the server message',
      httpError(429, { message: 'Too many requests. Please try again later.' }),
      'Too many requests. Please try again later.',
    ],
    ['"Registration failed." without one', networkError(), 'Registration failed.'],
  ])('a failure toasts %s and stays', async (_label, error, text) => {
    jest.spyOn(apiClient, 'post').mockRejectedValue(error);
    renderRegister();
    await fill(VALID);
    await submit();
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(currentLocation()).toBe('/register');
    expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
  });
});

describe('RegisterPage Google sign-up', () => {
  it('shows no Google button without a client id', () => {
    renderRegister({ siteConfig: { googleClientId: null } });
    expect(screen.queryByRole('group', { name: 'Google sign-in' })).not.toBeInTheDocument();
  });

  it('signs up, toasts "Google account registered & logged in!" and goes / after 1 s', async () => {
    const google = installGoogleStub();
    renderRegister({ siteConfig: { googleClientId: 'client-1' } });
    await waitFor(() => expect(google.renderButton).toHaveBeenCalled());
    expect(google.renderButton.mock.calls[0]?.[1]).toMatchObject({ text: 'signup_with' });
    jest.useFakeTimers();
    const token = tokenExpiringIn(3600);
    const user = { ...STUDENT, _id: 'user-1', isGoogle: true, createdAt: '2025-05-09T00:00:00.000Z' };
    jest.spyOn(apiClient, 'post').mockResolvedValue({ data: { message: 'ok', user, token } });
    google.answer({ credential: makeToken({ sub: 's', name: 'Asha', email: 'a@gmail.com' }) });
    await settle();
    expect(screen.getByText('Google account registered & logged in!')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe(token);
    act(() => {
      jest.advanceTimersByTime(1_000);
    });
    expect(currentLocation()).toBe('/');
    google.uninstall();
  });
});
