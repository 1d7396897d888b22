/**
 * Runs one area on its own for its team's development (architecture §2): the shared providers, a router over the
 * area's rows of the route table, and no guards, so any page can be opened directly.
 */
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import type { AreaName, AreaRoutesProps } from '@studyhub/contract';
import { AppProviders } from './providers';
import { Toasts } from './ui/toasts';
import { areaRoutes } from '@studyhub/contract';

export function mountStandalone(area: AreaName, Area: ComponentType<AreaRoutesProps>): void {
  const routes = areaRoutes(area);
  const container = document.getElementById('root');
  if (!container) throw new Error('No #root element to mount into');
  createRoot(container).render(
    <BrowserRouter>
      <AppProviders>
        <nav aria-label="Standalone" style={{ padding: 12, display: 'flex', gap: 12, flexWrap: 'wrap' }}>
          <strong>{area} (standalone)</strong>
          {routes
            .filter((route) => !route.path.includes(':'))
            .map((route) => (
              <Link key={route.path} to={route.path}>
                {route.path}
              </Link>
            ))}
        </nav>
        <Routes>
          {routes.map((route) => (
            <Route key={route.path} path={route.path} element={<Area page={route.page} />} />
          ))}
        </Routes>
        <Toasts />
      </AppProviders>
    </BrowserRouter>,
  );
}
