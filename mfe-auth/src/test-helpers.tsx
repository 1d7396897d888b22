/** Helpers for this area's component tests (the shared ones live in @studyhub/shared/testing). */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jest } from '@jest/globals';
import { Route, Routes, useLocation } from 'react-router-dom';
import { useSession } from '@studyhub/shared';
import { renderWithProviders, type RenderOptions } from '@studyhub/shared/testing';
import { AuthArea } from './auth-area';
import type { GoogleButtonOptions, GoogleCredentialResponse } from './google/google-identity';

export function LocationProbe() {
  const { pathname, search, state } = useLocation();
  return (
    <p data-testid="location" data-state={JSON.stringify(state ?? null)}>
      {pathname}
      {search}
    </p>
  );
}

/** The session as the rest of the app (the shell's header) sees it. */
export function SessionProbe() {
  const { token, user } = useSession();
  return <p data-testid="session">{token && user ? `signed in as ${user.name}` : 'signed out'}</p>;
}

export const currentLocation = () => screen.getByTestId('location').textContent;
export const locationState = (): unknown =>
  JSON.parse(screen.getByTestId('location').dataset.state ?? 'null');

/** One auth page at `path` (its route-table path), with a location and a session probe beside it. */
export function renderAuthPage(page: string, path: string, options: RenderOptions = {}) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path={path} element={<AuthArea page={page} />} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
      <SessionProbe />
    </>,
    options,
  );
}

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

/** A stand-in for Google's script: records the set-up and lets a test answer as Google would. */
export function installGoogleStub() {
  let callback: ((response: GoogleCredentialResponse) => void) | null = null;
  const initialize = jest.fn(
    (options: { client_id: string; callback(r: GoogleCredentialResponse): void }) => {
      callback = options.callback;
    },
  );
  const renderButton = jest.fn((parent: HTMLElement, _options: GoogleButtonOptions) => {
    const button = document.createElement('button');
    button.textContent = 'Sign in with Google';
    parent.appendChild(button);
  });
  window.google = { accounts: { id: { initialize, renderButton } } };
  return {
    initialize,
    renderButton,
    /** Google calling back, with a credential or (the widget failing) without one. */
    answer(response: GoogleCredentialResponse) {
      if (!callback) throw new Error('Google was never initialised');
      act(() => callback?.(response));
    },
    uninstall() {
      delete window.google;
    },
  };
}
