/**
 * Test helpers for every package's component tests: render inside the real providers (theme, session, router,
 * toasts), with a session put in storage the way a login would.
 */
// Also brings the jest-dom matcher types to every package whose tests use these helpers.
import '@testing-library/jest-dom/jest-globals';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders, Toasts } from '../providers';
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
