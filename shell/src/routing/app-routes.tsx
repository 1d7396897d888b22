import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Spinner } from '@studyhub/shared';
import { ROUTE_TABLE, type RouteEntry } from '@studyhub/contract';
import { AreaHost } from '../areas/area-host';
import { HomePage } from '../pages/home/home-page';
import { RequireAccess } from './require-access';

// Home is the first screen and comes with the shell; the other shell pages load when opened (decision 014).
const AboutPage = lazy(() =>
  import('../pages/about/about-page').then((page) => ({ default: page.AboutPage })),
);
const ContactPage = lazy(() =>
  import('../pages/contact/contact-page').then((page) => ({ default: page.ContactPage })),
);

/** The shell's own pages (everything else belongs to an area). */
const SHELL_PAGES: Record<string, ComponentType> = {
  home: HomePage,
  about: AboutPage,
  contact: ContactPage,
};

/** The page's heading while its route's guard or area loads, when the route knows it (decision 014). */
const headingOf = (route: RouteEntry) => (route.titleIsHeading ? route.title : undefined);

function pageElement(route: RouteEntry): ReactElement {
  if (route.area) return <AreaHost area={route.area} page={route.page} heading={headingOf(route)} />;
  const ShellPage = SHELL_PAGES[route.page];
  if (!ShellPage) throw new Error(`No shell page "${route.page}" for ${route.path}`);
  return (
    <Suspense fallback={<Spinner label="Loading the page" />}>
      <ShellPage />
    </Suspense>
  );
}

/** The whole route table of product §2, guarded; any unknown path goes to /. */
export function AppRoutes() {
  return (
    <Routes>
      {ROUTE_TABLE.map((route) => (
        <Route
          key={route.path}
          path={route.path}
          element={
            <RequireAccess access={route.access} heading={headingOf(route)}>
              {pageElement(route)}
            </RequireAccess>
          }
        />
      ))}
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
