import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { apiClient, type SessionUser } from '@studyhub/shared';
import { renderWithProviders, STUDENT } from '@studyhub/shared/testing';
import { Route, Routes, useLocation } from 'react-router-dom';
import { CONTACT_DRAFT_KEY } from './contact-draft';
import { ContactPage } from './contact-page';

function LoginProbe() {
  const { pathname, state } = useLocation();
  return (
    <>
      <p data-testid="location">{pathname}</p>
      <p data-testid="login-state">{JSON.stringify(state)}</p>
    </>
  );
}

function renderContact(user?: SessionUser) {
  return renderWithProviders(
    <Routes>
      <Route path="/contact-us" element={<ContactPage />} />
      <Route path="/login" element={<LoginProbe />} />
    </Routes>,
    { route: '/contact-us', ...(user ? { user } : {}) },
  );
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('ContactPage logged out', () => {
  it('the submit button reads "Login to Send Message" and leads to the login page', async () => {
    renderContact();
    const button = screen.getByRole('button', { name: 'Login to Send Message' });
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute('type', 'submit');
    await userEvent.click(button);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
    expect(JSON.parse(screen.getByTestId('login-state').textContent ?? 'null')).toEqual({
      returnTo: { path: '/contact-us' },
    });
  });

  it('says why, with a link to log in that comes back here: "Please login to send a message."', async () => {
    renderContact();
    expect(screen.getByRole('button', { name: 'Login to Send Message' })).toHaveAccessibleDescription(
      'Please login to send a message.',
    );
    await userEvent.click(screen.getByRole('link', { name: 'Log in' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
    expect(JSON.parse(screen.getByTestId('login-state').textContent ?? 'null')).toEqual({
      returnTo: { path: '/contact-us' },
    });
  });

  it('name and email are read-only and empty', () => {
    renderContact();
    for (const name of ['Name', 'Email']) {
      expect(field(name)).toHaveAttribute('readonly');
      expect(field(name)).toHaveValue('');
    }
  });

  it('a typed message is kept for this tab and is there again after the login', async () => {
    const first = renderContact();
    await userEvent.type(field('Message'), 'Hello there');
    expect(sessionStorage.getItem(CONTACT_DRAFT_KEY)).toBe('Hello there');
    first.unmount();

    renderContact(STUDENT);
    expect(field('Message')).toHaveValue('Hello there');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });
});

describe('ContactPage logged in', () => {
  it('fills name and email from the session, read-only', async () => {
    renderContact(STUDENT);
    expect(field('Name')).toHaveValue('Asha Student');
    expect(field('Email')).toHaveValue('asha@example.com');
    for (const name of ['Name', 'Email']) expect(field(name)).toHaveAttribute('readonly');

    await userEvent.type(field('Name'), 'x');
    expect(field('Name')).toHaveValue('Asha Student');
  });

  it('offers an enabled send button and a required message box', () => {
    renderContact(STUDENT);
    expect(screen.queryByText('Please login to send a message.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Login to Send Message' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    expect(field('Message')).toBeRequired();
  });
});

describe('ContactPage sending', () => {
  it('posts name, email and message, shows "Sent ✅" for 3 s and clears the message', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    let answer: (value: unknown) => void = () => undefined;
    const post = jest
      .spyOn(apiClient, 'post')
      .mockReturnValue(new Promise((resolve) => (answer = resolve)) as never);
    renderContact(STUDENT);

    await user.type(field('Message'), 'Please add CS-601 notes');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(post).toHaveBeenCalledWith(
      '/api/contact',
      { name: 'Asha Student', email: 'asha@example.com', message: 'Please add CS-601 notes' },
      undefined,
    );
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();

    await act(async () => answer({ data: { message: 'Message sent. Thank you!' } }));
    expect(screen.getByRole('button', { name: 'Sent ✅' })).toBeDisabled();
    expect(field('Message')).toHaveValue('');
    expect(sessionStorage.getItem(CONTACT_DRAFT_KEY)).toBeNull();

    act(() => {
      jest.advanceTimersByTime(2_900);
    });
    expect(screen.getByRole('button', { name: 'Sent ✅' })).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(200);
    });
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it('a failed send is only logged and keeps the message', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(apiClient, 'post').mockRejectedValue(new Error('offline'));
    renderContact(STUDENT);

    await userEvent.type(field('Message'), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('button', { name: 'Send Message' })).toBeEnabled();
    expect(field('Message')).toHaveValue('Hello');
    expect(sessionStorage.getItem(CONTACT_DRAFT_KEY)).toBe('Hello');
    expect(consoleError).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('ContactPage social links', () => {
  it('lists a code host, a professional network, a mailto link and a photo site, opening safely', () => {
    renderContact();
    const hrefs = ['GitHub', 'LinkedIn', 'Email', 'Instagram'].map((name) => {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      return link.getAttribute('href') ?? '';
    });
    expect(hrefs[0]).toMatch(/github\.com/);
    expect(hrefs[1]).toMatch(/linkedin\.com/);
    expect(hrefs[2]).toMatch(/^mailto:/);
    expect(hrefs[3]).toMatch(/instagram\.com/);
  });
});
