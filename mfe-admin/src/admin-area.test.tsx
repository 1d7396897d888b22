import { screen } from '@testing-library/react';
import { describe, expect, it } from '@jest/globals';
import { Route, Routes } from 'react-router-dom';
import { areaRoutes, CONTRACT_VERSION, isRemoteAreaModule } from '@studyhub/shared';
import { ADMIN, LocationProbe, renderWithProviders } from '@studyhub/shared/testing';
import { AdminArea } from './admin-area';
import * as exposed from './expose';

describe('AdminArea', () => {
  it('exposes the contract the shell loads', () => {
    expect(isRemoteAreaModule(exposed)).toBe(true);
    expect(exposed.area).toBe('admin');
    expect(exposed.contractVersion).toBe(CONTRACT_VERSION);
  });

  it('renders the upload page for the route table’s /admin/upload-notes row', () => {
    const entry = areaRoutes('admin').find((row) => row.path === '/admin/upload-notes');
    expect(entry?.page).toBe('upload-notes');
    renderWithProviders(
      <Routes>
        <Route path={entry!.path} element={<AdminArea page={entry!.page} />} />
      </Routes>,
      { route: entry!.path, user: ADMIN },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Upload Notes' })).toBeInTheDocument();
  });

  it.each(['home', 'users', 'nope'])('sends the page %p it does not have yet to /', (page) => {
    renderWithProviders(
      <>
        <Routes>
          <Route path="/admin/*" element={<AdminArea page={page} />} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </>,
      { route: '/admin/x', user: ADMIN },
    );
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
