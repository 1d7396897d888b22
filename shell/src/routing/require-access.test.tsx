import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from '@jest/globals';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppProviders, type SessionUser } from '@studyhub/shared';
import { type Access } from '@studyhub/contract';
import { ADMIN, renderWithProviders, signIn, STUDENT, TEACHER } from '@studyhub/shared/testing';
import { RequireAccess } from './require-access';

function LocationProbe() {
  const { pathname, search, state } = useLocation();
  return (
    <>
      <p data-testid="location">
        {pathname}
        {search}
      </p>
      <p data-testid="state">{JSON.stringify(state)}</p>
    </>
  );
}

function guarded(access: Access) {
  return (
    <Routes>
      <Route path="/" element={<LocationProbe />} />
      <Route path="/login" element={<LocationProbe />} />
      <Route
        path="/page"
        element={
          <RequireAccess access={access}>
            <p>protected content</p>
          </RequireAccess>
        }
      />
    </Routes>
  );
}

function renderGuarded(access: Access, user?: SessionUser, entry: { route?: string; state?: unknown } = {}) {
  return renderWithProviders(guarded(access), { route: '/page', ...entry, ...(user ? { user } : {}) });
}

/** Server rendering runs no effects, so it shows exactly the first render, before the session is read. */
function firstRender(ui: ReactElement): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToStaticMarkup(
    <MemoryRouter initialEntries={['/page']}>
      <AppProviders>{ui}</AppProviders>
    </MemoryRouter>,
  );
  return container;
}

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => localStorage.clear());

describe('RequireAccess', () => {
  it('renders an open route for anyone', () => {
    renderGuarded('open');
    expect(screen.getByText('protected content')).toBeInTheDocument();
  });

  it('sends an anonymous visitor of a login route to /login?reason=unauthorized&t=<timestamp>', () => {
    const before = Date.now();
    renderGuarded('login');
    expect(screen.queryByText('protected content')).not.toBeInTheDocument();
    const match = /^\/login\?reason=unauthorized&t=(\d+)$/.exec(location() ?? '');
    expect(match).not.toBeNull();
    const timestamp = Number(match?.[1]);
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(Date.now());
  });

  it('tells the login page to bring the visitor back here, with this page’s state (decision 017)', () => {
    const context = { branch: 'CSE', year: 'ThirdYear', semester: '6' };
    renderGuarded('login', undefined, { route: '/page?x=1#units', state: context });
    expect(location()).toMatch(/^\/login\?reason=unauthorized&t=\d+$/);
    expect(JSON.parse(screen.getByTestId('state').textContent ?? 'null')).toEqual({
      returnTo: { path: '/page?x=1#units', state: context },
    });
  });

  it('names no state to return with when the page had none', () => {
    renderGuarded('admin');
    expect(JSON.parse(screen.getByTestId('state').textContent ?? 'null')).toEqual({
      returnTo: { path: '/page' },
    });
  });

  it('sends an anonymous visitor of an admin route to the login page too', () => {
    renderGuarded('admin');
    expect(location()).toMatch(/^\/login\?reason=unauthorized&t=\d+$/);
  });

  it.each([
    ['a student', STUDENT],
    ['a teacher', TEACHER],
    ['an admin', ADMIN],
  ])('lets %s in to a login route', (_label, user) => {
    renderGuarded('login', user);
    expect(screen.getByText('protected content')).toBeInTheDocument();
  });

  it.each([
    ['a student', STUDENT],
    ['a teacher', TEACHER],
  ])('sends %s on an admin route to /', (_label, user) => {
    renderGuarded('admin', user);
    expect(screen.queryByText('protected content')).not.toBeInTheDocument();
    expect(location()).toBe('/');
  });

  it.each([
    ['a teacher', TEACHER],
    ['a teacher spelled "Teacher"', { ...TEACHER, role: 'Teacher' }],
    ['an admin', ADMIN],
  ])('lets %s in to a teacher route (decision 026)', (_label, user) => {
    renderGuarded('teacher', user);
    expect(screen.getByText('protected content')).toBeInTheDocument();
  });

  it('sends a student on a teacher route to /', () => {
    renderGuarded('teacher', STUDENT);
    expect(screen.queryByText('protected content')).not.toBeInTheDocument();
    expect(location()).toBe('/');
  });

  it('sends an anonymous visitor of a teacher route to the login page', () => {
    renderGuarded('teacher');
    expect(location()).toMatch(/^\/login\?reason=unauthorized&t=\d+$/);
  });

  it.each(['admin', 'Admin', 'ADMIN'])('lets role %p in to an admin route', (role) => {
    renderGuarded('admin', { ...ADMIN, role });
    expect(screen.getByText('protected content')).toBeInTheDocument();
  });

  it.each(['login', 'teacher', 'admin'] as const)(
    'shows a spinner on the first render of a %s route',
    (access) => {
      signIn(ADMIN);
      const first = firstRender(guarded(access));
      expect(within(first).getByRole('status')).toHaveAccessibleName('Checking your session');
      expect(within(first).queryByText('protected content')).toBeNull();
    },
  );

  it('draws the route’s heading, when it knows it, while the session loads, as the served page did', () => {
    const first = firstRender(
      <RequireAccess access="login" heading="Third Year CSE Engineering Notes">
        <p>protected content</p>
      </RequireAccess>,
    );
    expect(within(first).getByRole('heading', { level: 1 })).toHaveTextContent(
      'Third Year CSE Engineering Notes',
    );
    expect(within(first).queryByText('protected content')).toBeNull();
  });

  it('shows no spinner on an open route while the session loads', () => {
    const first = firstRender(guarded('open'));
    expect(within(first).queryByRole('status')).toBeNull();
    expect(first).toHaveTextContent('protected content');
  });
});
