import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { apiClient } from '../api/client';
import { ADMIN, renderWithProviders, signIn, STUDENT, tokenExpiringIn } from '../testing';
import { useSession, type SessionStatus } from './session-provider';

const SESSION_EXPIRED = '⏳ Session expired. Please log in again.';
const ADMIN_TOKEN = tokenExpiringIn(3600);

/** Shows the session and records every status it was rendered with. */
function SessionProbe({ seen = [] }: { seen?: SessionStatus[] }) {
  const { status, user, token, login, logout, refreshUser } = useSession();
  seen.push(status);
  return (
    <div>
      <p data-testid="status">{status}</p>
      <p data-testid="user">{user ? `${user.name} (${user.role})` : 'nobody'}</p>
      <p data-testid="token">{token ?? 'no token'}</p>
      <button type="button" onClick={() => login(ADMIN, ADMIN_TOKEN)}>
        log in
      </button>
      <button type="button" onClick={() => logout()}>
        log out
      </button>
      <button type="button" onClick={() => logout({ silent: true })}>
        log out silently
      </button>
      <button type="button" onClick={() => refreshUser({ ...STUDENT, role: 'teacher' })}>
        refresh user
      </button>
    </div>
  );
}

const status = () => screen.getByTestId('status').textContent;

beforeEach(() => localStorage.clear());
afterEach(() => {
  jest.restoreAllMocks();
});

describe('SessionProvider start-up', () => {
  it('starts loading, then is anonymous when nothing is stored', () => {
    const seen: SessionStatus[] = [];
    renderWithProviders(<SessionProbe seen={seen} />);
    expect(seen[0]).toBe('loading');
    expect(status()).toBe('anonymous');
    expect(screen.getByTestId('user')).toHaveTextContent('nobody');
  });

  it('restores a valid stored session', () => {
    const token = tokenExpiringIn(3600);
    signIn(STUDENT, token);
    renderWithProviders(<SessionProbe />);
    expect(status()).toBe('authenticated');
    expect(screen.getByTestId('user')).toHaveTextContent('Asha Student (student)');
    expect(screen.getByTestId('token')).toHaveTextContent(token);
    expect(localStorage.getItem('token')).toBe(token);
  });

  it('clears an expired session and shows the expiry notice', async () => {
    signIn(STUDENT, tokenExpiringIn(-10));
    renderWithProviders(<SessionProbe />);
    expect(status()).toBe('anonymous');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(await screen.findByText(SESSION_EXPIRED)).toBeInTheDocument();
  });

  it('clears a session whose user cannot be read and logs the problem', () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem('user', '{not json');
    localStorage.setItem('token', tokenExpiringIn(3600));
    renderWithProviders(<SessionProbe />);
    expect(status()).toBe('anonymous');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(consoleError).toHaveBeenCalledTimes(1);
  });
});

describe('SessionProvider login and logout', () => {
  it('login keeps the user and token in memory and in storage', async () => {
    renderWithProviders(<SessionProbe />);
    await userEvent.click(screen.getByRole('button', { name: 'log in' }));
    expect(status()).toBe('authenticated');
    expect(screen.getByTestId('user')).toHaveTextContent('Ravi Admin (admin)');
    expect(localStorage.getItem('token')).toBe(ADMIN_TOKEN);
    expect(screen.getByTestId('token')).toHaveTextContent(ADMIN_TOKEN);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(ADMIN);
  });

  it('logout ends the session on the server, clears memory and storage and shows the notice', async () => {
    const token = tokenExpiringIn(3600);
    const post = jest.spyOn(apiClient, 'post').mockResolvedValue({ data: { message: 'Logged out.' } });
    signIn(STUDENT, token);
    renderWithProviders(<SessionProbe />);
    expect(status()).toBe('authenticated');
    await userEvent.click(screen.getByRole('button', { name: 'log out' }));
    expect(post).toHaveBeenCalledWith('/api/auth/logout', undefined, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(status()).toBe('anonymous');
    expect(screen.getByTestId('token')).toHaveTextContent('no token');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(await screen.findByText(SESSION_EXPIRED)).toBeInTheDocument();
  });

  it('logout still clears the session when the server cannot be reached', async () => {
    jest.spyOn(apiClient, 'post').mockRejectedValue(new Error('Network Error'));
    signIn(STUDENT);
    renderWithProviders(<SessionProbe />);
    await userEvent.click(screen.getByRole('button', { name: 'log out' }));
    expect(status()).toBe('anonymous');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a silent logout clears the session without the notice (the caller already said why)', async () => {
    signIn(STUDENT);
    renderWithProviders(<SessionProbe />);
    await userEvent.click(screen.getByRole('button', { name: 'log out silently' }));
    expect(status()).toBe('anonymous');
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.queryByText(SESSION_EXPIRED)).not.toBeInTheDocument();
  });

  it('refreshUser takes the server’s view of the user and keeps the token', async () => {
    const token = tokenExpiringIn(3600);
    signIn(STUDENT, token);
    renderWithProviders(<SessionProbe />);
    await userEvent.click(screen.getByRole('button', { name: 'refresh user' }));
    expect(screen.getByTestId('user')).toHaveTextContent(`${STUDENT.name} (teacher)`);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({ role: 'teacher' });
    expect(localStorage.getItem('token')).toBe(token);
  });

  it('follows another tab logging out', () => {
    signIn(STUDENT);
    renderWithProviders(<SessionProbe />);
    expect(status()).toBe('authenticated');
    localStorage.clear();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    });
    expect(status()).toBe('anonymous');
  });
});

describe('SessionProvider while open', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('ends the session when the token expires', async () => {
    signIn(STUDENT, tokenExpiringIn(5));
    renderWithProviders(<SessionProbe />);
    expect(status()).toBe('authenticated');

    act(() => {
      jest.advanceTimersByTime(3_000);
    });
    expect(status()).toBe('authenticated');
    expect(localStorage.getItem('token')).not.toBeNull();

    act(() => {
      jest.advanceTimersByTime(3_000);
    });
    expect(status()).toBe('anonymous');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    // The toast library loads with the first toast (decision 014).
    expect(await screen.findByText(SESSION_EXPIRED)).toBeInTheDocument();
  });
});

it('useSession outside the provider throws', () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  function Orphan() {
    useSession();
    return null;
  }
  expect(() => render(<Orphan />)).toThrow('useSession must be used inside <SessionProvider>');
});
