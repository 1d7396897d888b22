/** Helpers for this area's component tests (the shared ones live in @studyhub/shared/testing). */
import { act } from '@testing-library/react';
import { jest } from '@jest/globals';
import { Route, Routes } from 'react-router-dom';
import { useSession } from '@studyhub/shared';
import { LocationProbe, renderWithProviders, type RenderOptions } from '@studyhub/shared/testing';
import { AuthArea } from './auth-area';
import type { GoogleButtonOptions, GoogleCredentialResponse } from './google/google-identity';

/** The session as the rest of the app (the shell's header) sees it. */
export function SessionProbe() {
  const { token, user } = useSession();
  return <p data-testid="session">{token && user ? `signed in as ${user.name}` : 'signed out'}</p>;
}

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
