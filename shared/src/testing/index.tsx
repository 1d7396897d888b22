/**
 * Test helpers for every package's component tests: render inside the real providers (theme, session, router,
 * toasts), with a session put in storage the way a login would.
 */
// Also brings the jest-dom matcher types to every package whose tests use these helpers.
import '@testing-library/jest-dom/jest-globals';
import { jest } from '@jest/globals';
import { act, render, screen, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppProviders } from '../providers';
import { Toasts } from '../ui/toasts';
import { writeStoredSession, type SessionUser } from '../session/session-store';
import type { SiteConfig } from '../site-config/site-config-provider';

function base64Url(value: unknown): string {
  // btoa rather than Buffer: this helper is type-checked in packages without Node types (mfe-notes).
  const binary = String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value)));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A JWT-shaped token with the given payload. The browser never checks signatures; only the server does. */
export function makeToken(payload: Record<string, unknown>): string {
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(payload)}.c2lnbmF0dXJl`;
}

/** A token expiring `seconds` from now (negative: already expired). */
export function tokenExpiringIn(seconds: number): string {
  return makeToken({ sub: 'user-1', exp: Math.floor(Date.now() / 1000) + seconds });
}

export const STUDENT: SessionUser = {
  _id: 'student-1',
  name: 'Asha Student',
  email: 'asha@example.com',
  role: 'student',
};
export const TEACHER: SessionUser = {
  _id: 'teacher-1',
  name: 'Meera Teacher',
  email: 'meera@example.com',
  role: 'teacher',
};
export const ADMIN: SessionUser = {
  _id: 'admin-1',
  name: 'Ravi Admin',
  email: 'ravi@example.com',
  role: 'admin',
};

export function signIn(user: SessionUser, token: string = tokenExpiringIn(3600)): void {
  writeStoredSession(user, token);
}

export interface RenderOptions {
  /** Initial URL, e.g. "/notes/ThirdYear". */
  route?: string;
  /** Navigation state of the initial entry. */
  state?: unknown;
  /** Signs this user in (a valid token) before rendering. */
  user?: SessionUser;
  /** The server's public configuration; default null (unknown), and GET /api/config is never called. */
  siteConfig?: SiteConfig | null;
}

export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}): RenderResult {
  if (options.user) signIn(options.user);
  return render(
    <MemoryRouter initialEntries={[{ ...splitRoute(options.route ?? '/'), state: options.state }]}>
      <AppProviders siteConfig={options.siteConfig ?? null}>
        {ui}
        <Toasts />
      </AppProviders>
    </MemoryRouter>,
  );
}

function splitRoute(route: string): { pathname: string; search: string } {
  const [pathname = '/', search = ''] = route.split('?');
  return { pathname, search: search ? `?${search}` : '' };
}

/** Where the router is, with its navigation state, for tests that check redirects. */
export function LocationProbe() {
  const { pathname, search, state } = useLocation();
  return (
    <p data-testid="location" data-state={JSON.stringify(state ?? null)}>
      {pathname}
      {search}
    </p>
  );
}

export const currentLocation = () => screen.getByTestId('location').textContent;
export const locationState = (): unknown =>
  JSON.parse(screen.getByTestId('location').dataset.state ?? 'null');

/** What axios rejects with when the server answers an error (only the parts apiErrorMessage reads). */
export function httpError(status: number, data: unknown = {}): Error {
  return Object.assign(new Error(`Request failed with status code ${status}`), {
    name: 'AxiosError',
    isAxiosError: true,
    response: { status, data },
  });
}

/** A request that never got an answer (offline). */
export function networkError(): Error {
  return Object.assign(new Error('Network Error'), { name: 'AxiosError', isAxiosError: true });
}

/**
 * The browser going offline (false) or back online (true), as it tells a page: `navigator.onLine` and the window's
 * event. Call jest.restoreAllMocks() after the test.
 */
export function setBrowserOnline(online: boolean): void {
  jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

/** Fake timers and a user-event instance that moves them. Call jest.useRealTimers() after the test. */
export function setupFakeTimers() {
  jest.useFakeTimers();
  return userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
}

/** A promise and the function that settles it, to hold a request open while the busy state is checked. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/**
 * Lets settled requests run their handlers and React render what they set. Under fake timers it also runs
 * what is due now (React schedules renders outside act on a timer), without moving the clock.
 */
export async function settle(): Promise<void> {
  await act(async () => {
    for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
    if ('clock' in setTimeout) await jest.advanceTimersByTimeAsync(0);
  });
}

/**
 * Stands in for `@studyhub/shared/reader` in an area's component tests (pdf.js needs a canvas and a worker, which
 * jsdom has not); see FAKE_READER_MODULE. It shows what the page handed the reader; the reader itself is tested
 * in shared/src/reader, and draws real PDFs in the browser suite.
 */
export function FakePdfReader({
  title,
  file,
  startPage,
  marks,
}: {
  title: string;
  file: { url: string; downloadUrl: string } | { stored: Blob; fileName: string };
  startPage?: number;
  marks?: readonly string[];
}) {
  const opensAt = { 'data-start-page': startPage, 'data-marks': marks?.join(' ') };
  if ('stored' in file)
    return (
      <div
        role="document"
        aria-label={title}
        data-stored={file.fileName}
        data-size={file.stored.size}
        {...opensAt}
      />
    );
  return (
    <div role="document" aria-label={title} data-url={file.url} {...opensAt}>
      <a href={file.downloadUrl}>Download</a>
    </div>
  );
}

/**
 * `jest.mock('@studyhub/shared/reader', () => jest.requireActual<typeof Testing>('@studyhub/shared/testing')
 * .FAKE_READER_MODULE)`, with `import type * as Testing from '@studyhub/shared/testing'`.
 */
export const FAKE_READER_MODULE = { __esModule: true, default: FakePdfReader, warmUpEngine: () => undefined };
export * from './fake-cache-storage';
