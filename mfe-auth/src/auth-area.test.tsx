import { screen } from '@testing-library/react';
import { describe, expect, it } from '@jest/globals';
import { Route, Routes } from 'react-router-dom';
import { areaRoutes, CONTRACT_VERSION, isRemoteAreaModule } from '@studyhub/contract';
import { currentLocation, LocationProbe, renderWithProviders } from '@studyhub/shared/testing';
import { AuthArea } from './auth-area';
import * as exposed from './expose';

describe('AuthArea', () => {
  it('exposes the contract the shell loads', () => {
    expect(isRemoteAreaModule(exposed)).toBe(true);
    expect(exposed.area).toBe('auth');
    expect(exposed.contractVersion).toBe(CONTRACT_VERSION);
  });

  it.each([
    ['/login', 'Login'],
    ['/register', 'Register'],
    ['/forgot-password', 'Forgot Password'],
    ['/reset-password/abc', 'Reset Password'],
  ])('renders the route table’s page for %s', (route, heading) => {
    const entry = areaRoutes('auth').find((row) => row.path.split('/:')[0] === route.replace(/\/abc$/, ''));
    if (!entry) throw new Error(`No auth route for ${route}`);
    renderWithProviders(
      <Routes>
        <Route path={entry.path} element={<AuthArea page={entry.page} />} />
      </Routes>,
      { route },
    );
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('sends an unknown page to /', () => {
    renderWithProviders(
      <>
        <Routes>
          <Route path="/login" element={<AuthArea page="nope" />} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </>,
      { route: '/login' },
    );
    expect(currentLocation()).toBe('/');
  });
});
