import { act, screen, waitFor, within } from '@testing-library/react';
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
  renderWithProviders,
  settle,
  setupFakeTimers,
  STUDENT,
} from '@studyhub/shared/testing';
import { installGoogleStub, renderAuthPage } from '../test-helpers';
import { LoginPage } from './login-page';

const TOKEN = tokenExpiringIn(3600);
const USER = { ...STUDENT, _id: 'user-1', isGoogle: false, createdAt: '2025-05-09T00:00:00.000Z' };
const REPLY = { data: { message: 'Login successful!', user: USER, token: TOKEN } };
const LOGIN_REQUIRED = 'Please log in to access this content.';

const renderLogin = (route = '/login') => renderAuthPage('login', '/login', { route });
const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Password');

async function fillAndSubmit(user = userEvent.setup()) {
  await user.type(email(), 'Asha@Example.com');
  await user.type(password(), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('LoginPage form', () => {
  it('has email, password with a show/hide toggle, the links and the Login button', async () => {
    renderLogin();
    expect(email()).toHaveAttribute('type', 'email');
    expect(password()).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password()).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password()).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('button', { name: 'Login' })).toHaveAttribute('type', 'submit');
  });

  it.each([
    ['nothing', '', '', 'Email is required.'],
    ['no password', 'asha@example.com', '', 'Password is required.'],
    ['no email', '', 'secret', 'Email is required.'],
  ])('with %s it says so in the banner and sends nothing', async (_label, emailText, passwordText, text) => {
    const post = jest.spyOn(apiClient, 'post');
    renderLogin();
    if (emailText) await userEvent.type(email(), emailText);
    if (passwordText) await userEvent.type(password(), passwordText);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    expect(post).not.toHaveBeenCalled();
  });
});

describe('LoginPage success', () => {
  it('stores the session, toasts "Login successful!" and goes to / after 1 s', async () => {
    const user = setupFakeTimers();
    const reply = deferred<typeof REPLY>();
    const post = jest.spyOn(apiClient, 'post').mockReturnValue(reply.promise as never);
    renderLogin();

    await fillAndSubmit(user);
    expect(post).toHaveBeenCalledWith(
      '/api/auth/login',
      { email: 'asha@example.com', password: 'correct horse' },
      { withCredentials: true },
    );
    expect(screen.getByRole('button', { name: 'Logging in...' })).toBeDisabled();

    await act(async () => reply.resolve(REPLY));
    expect(localStorage.getItem('token')).toBe(TOKEN);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(USER);
    // The session is the shared one: everything else on the page (the shell's header) sees it at once.
    expect(screen.getByTestId('session')).toHaveTextContent('signed in as Asha Student');
    expect(screen.getByText('Login successful!')).toBeInTheDocument();

    act(() => {
      jest.advanceTimersByTime(999);
    });
    expect(currentLocation()).toBe('/login');
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(currentLocation()).toBe('/');
  });
});

describe('LoginPage return after login (decision 017)', () => {
  const CONTEXT = { branch: 'CSE', year: 'ThirdYear', semester: '6' };

  async function logInFrom(state: unknown) {
    const user = setupFakeTimers();
    jest.spyOn(apiClient, 'post').mockResolvedValue(REPLY);
    renderAuthPage('login', '/login', { route: '/login?reason=unauthorized&t=1', state });
    await fillAndSubmit(user);
    await settle();
    expect(screen.getByText('Login successful!')).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(999);
    });
    expect(currentLocation()).toBe('/login?reason=unauthorized&t=1');
    act(() => {
      jest.advanceTimersByTime(1);
    });
  }

  it('goes back to the page that sent the visitor, with the state it needs, after 1 s', async () => {
    await logInFrom({ returnTo: { path: '/notes/CS-603(C)', state: CONTEXT } });
    expect(currentLocation()).toBe('/notes/CS-603(C)');
    expect(locationState()).toEqual(CONTEXT);
  });

  it('goes back to a guarded page such as /syllabus', async () => {
    await logInFrom({ returnTo: { path: '/syllabus' } });
    expect(currentLocation()).toBe('/syllabus');
  });

  it.each([
    '//evil.com',
    '/\\evil.com',
    'https://evil.com',
    'javascript:alert(1)',
    '/%2F%2Fevil.com',
    '/login',
    `/${'a'.repeat(5000)}`,
  ])('goes Home instead of the unsafe target %p', async (path) => {
    await logInFrom({ returnTo: { path, state: CONTEXT } });
    expect(currentLocation()).toBe('/');
    expect(locationState()).toBeNull();
  });

  it('hands the target on to the sign-up page', async () => {
    const returnTo = { path: '/contact-us' };
    renderAuthPage('login', '/login', { route: '/login', state: { returnTo } });
    await userEvent.click(screen.getByRole('link', { name: 'Sign Up' }));
    expect(currentLocation()).toBe('/register');
    expect(locationState()).toEqual({ returnTo });
  });
});

describe('LoginPage failure banner', () => {
  it('shows the server message', async () => {
    jest
      .spyOn(apiClient, 'post')
      .mockRejectedValue(httpError(401, { message: 'Invalid email or password.' }));
    renderLogin();
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(localStorage.getItem('token')).toBeNull();
    expect(currentLocation()).toBe('/login');
  });

  it.each([
    ['no answer', networkError()],
    ['an answer without a message', httpError(500, '<html>oops</html>')],
  ])('falls back to "Login failed" on %s', async (_label, error) => {
    jest.spyOn(apiClient, 'post').mockRejectedValue(error);
    renderLogin();
    await fillAndSubmit();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/^Login failed$/)).toBeInTheDocument();
  });

  it('hides itself after 4 s', async () => {
    const user = setupFakeTimers();
    jest
      .spyOn(apiClient, 'post')
      .mockRejectedValue(httpError(401, { message: 'Invalid email or password.' }));
    renderLogin();
    await fillAndSubmit(user);
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid email or password.');
    act(() => {
      jest.advanceTimersByTime(3_900);
    });
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(100);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a new failure restarts the 4 s', async () => {
    const user = setupFakeTimers();
    jest
      .spyOn(apiClient, 'post')
      .mockRejectedValue(httpError(401, { message: 'Invalid email or password.' }));
    renderLogin();
    await fillAndSubmit(user);
    await settle();
    act(() => {
      jest.advanceTimersByTime(3_000);
    });
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await settle();
    act(() => {
      jest.advanceTimersByTime(3_000);
    });
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(1_000);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('can be dismissed', async () => {
    jest
      .spyOn(apiClient, 'post')
      .mockRejectedValue(httpError(401, { message: 'Invalid email or password.' }));
    renderLogin();
    await fillAndSubmit();
    await screen.findByRole('alert');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('LoginPage unauthorized redirect', () => {
  it('says "Please log in to access this content." once per timestamp', () => {
    const first = renderLogin('/login?reason=unauthorized&t=1715250000000');
    expect(screen.getByRole('alert')).toHaveTextContent(LOGIN_REQUIRED);
    first.unmount();

    // A reload of the same URL stays quiet.
    const reload = renderLogin('/login?reason=unauthorized&t=1715250000000');
    expect(screen.queryByText(LOGIN_REQUIRED)).not.toBeInTheDocument();
    reload.unmount();

    // A new redirect has a new timestamp and speaks again.
    renderLogin('/login?reason=unauthorized&t=1715250099999');
    expect(screen.getByRole('alert')).toHaveTextContent(LOGIN_REQUIRED);
  });

  it('says nothing on a plain visit or without a timestamp', () => {
    const plain = renderLogin('/login');
    expect(screen.queryByText(LOGIN_REQUIRED)).not.toBeInTheDocument();
    plain.unmount();
    renderLogin('/login?reason=unauthorized');
    expect(screen.queryByText(LOGIN_REQUIRED)).not.toBeInTheDocument();
  });

  it('hides after 4 s like any banner message', () => {
    setupFakeTimers();
    renderLogin('/login?reason=unauthorized&t=42');
    expect(screen.getByText(LOGIN_REQUIRED)).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(4_000);
    });
    expect(screen.queryByText(LOGIN_REQUIRED)).not.toBeInTheDocument();
  });
});

describe('LoginPage Google sign-in', () => {
  it('shows no Google button while the server names no client id', () => {
    renderWithProviders(<LoginPage />, {
      route: '/login',
      siteConfig: { googleClientId: null, uploadTimeoutMs: 10_000 },
    });
    expect(screen.queryByRole('group', { name: 'Google sign-in' })).not.toBeInTheDocument();
  });

  it('shows no Google button while the configuration is unknown', () => {
    renderWithProviders(<LoginPage />, { route: '/login' });
    expect(screen.queryByRole('group', { name: 'Google sign-in' })).not.toBeInTheDocument();
  });
});

describe('LoginPage Google sign-in with a client id', () => {
  const CLIENT_ID = 'client-123.apps.googleusercontent.com';
  const CREDENTIAL = makeToken({
    sub: 'google-sub-1',
    name: 'Asha Student',
    email: 'asha@gmail.com',
    picture: 'https://example.com/asha.png',
  });
  let google: ReturnType<typeof installGoogleStub>;

  async function renderWithGoogle() {
    google = installGoogleStub();
    renderAuthPage('login', '/login', {
      route: '/login',
      siteConfig: { googleClientId: CLIENT_ID, uploadTimeoutMs: 10_000 },
    });
    await waitFor(() => expect(google.renderButton).toHaveBeenCalled());
  }

  afterEach(() => google.uninstall());

  it('shows Google’s button', async () => {
    await renderWithGoogle();
    expect(google.initialize).toHaveBeenCalledWith(expect.objectContaining({ client_id: CLIENT_ID }));
    const [parent, options] = google.renderButton.mock.calls[0] ?? [];
    expect(parent).toBe(screen.getByRole('group', { name: 'Google sign-in' }));
    expect(options).toMatchObject({ text: 'signin_with' });
  });

  it('posts the credential with its decoded fields, toasts "Google account logged in!", goes / after 1 s', async () => {
    await renderWithGoogle();
    jest.useFakeTimers();
    const post = jest.spyOn(apiClient, 'post').mockResolvedValue({
      data: { message: 'Google account logged in!', user: { ...USER, isGoogle: true }, token: TOKEN },
    });
    google.answer({ credential: CREDENTIAL });
    await settle();
    expect(post).toHaveBeenCalledWith(
      '/api/auth/google',
      {
        credential: CREDENTIAL,
        name: 'Asha Student',
        email: 'asha@gmail.com',
        googleId: 'google-sub-1',
        avatar: 'https://example.com/asha.png',
      },
      undefined,
    );
    expect(localStorage.getItem('token')).toBe(TOKEN);
    expect(screen.getByTestId('session')).toHaveTextContent('signed in as Asha Student');
    expect(screen.getByText('Google account logged in!')).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(999);
    });
    expect(currentLocation()).toBe('/login');
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(currentLocation()).toBe('/');
  });

  it('goes back to the page that sent the visitor, like the password login', async () => {
    google = installGoogleStub();
    renderAuthPage('login', '/login', {
      route: '/login',
      state: { returnTo: { path: '/syllabus' } },
      siteConfig: { googleClientId: CLIENT_ID, uploadTimeoutMs: 10_000 },
    });
    await waitFor(() => expect(google.renderButton).toHaveBeenCalled());
    jest.useFakeTimers();
    jest.spyOn(apiClient, 'post').mockResolvedValue({
      data: { message: 'Google account logged in!', user: { ...USER, isGoogle: true }, token: TOKEN },
    });
    google.answer({ credential: CREDENTIAL });
    await settle();
    act(() => {
      jest.advanceTimersByTime(1000);
    });
    expect(currentLocation()).toBe('/syllabus');
  });

  it.each([
    [
      'the server message',
      httpError(401, { message: 'Your Google account email is not verified.' }),
      'Your Google account email is not verified.',
    ],
    ['the fallback without one', networkError(), 'Google Sign-Up failed.'],
  ])('a failed sign-in toasts %s', async (_label, error, text) => {
    await renderWithGoogle();
    jest.spyOn(apiClient, 'post').mockRejectedValue(error);
    google.answer({ credential: CREDENTIAL });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a credential that cannot be read toasts the client’s message and sends nothing', async () => {
    await renderWithGoogle();
    const post = jest.spyOn(apiClient, 'post');
    google.answer({ credential: 'not-a-jwt' });
    expect(await screen.findByText(/^Invalid token specified/)).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('toasts "Google login failed" when the widget answers without a credential', async () => {
    await renderWithGoogle();
    const post = jest.spyOn(apiClient, 'post');
    google.answer({});
    expect(await screen.findByText('Google login failed')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });
});
