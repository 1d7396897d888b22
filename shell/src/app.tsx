import { lazy, Suspense, type ReactNode } from 'react';
import styled from 'styled-components';
import { AppProviders, Toasts } from '@studyhub/shared';
import { AreaPreloader } from './areas/area-preloader';
import type { AreaRegistry } from './areas/area-registry';
import { AreaRegistryProvider } from './areas/area-registry-context';
import { showsOverrides, type OverrideResolution } from './areas/override-request';
import { Banner } from './frame/banner';
import { DocumentTitle } from './frame/document-title';
import { Footer } from './frame/footer';
import { Header } from './frame/header';
import { RouteFocus } from './frame/route-focus';
import { RouteProgress } from './frame/route-progress';
import { ScrollToTop } from './frame/scroll-to-top';
import { CONTENT_ID, SkipLink } from './frame/skip-link';
import { StaleToasts } from './frame/stale-toasts';
import { AppRoutes } from './routing/app-routes';

// Only an admin trying area versions sees the banner; everyone else never loads its code (decision 014).
const OverrideBanner = lazy(() =>
  import('./frame/override-banner').then((banner) => ({ default: banner.OverrideBanner })),
);

const Layout = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  > div[data-role='content'] {
    flex: 1;
    /* The footer starts below the first screen, so an area's page arriving after the frame moves nothing
       in view (decision 014). */
    min-height: 100vh;
    /* Focused only as the skip link's target: the page's own controls show where focus is. */
    outline: none;
  }
`;

/**
 * The whole site inside the caller's router (the browser's, or a static one when prerendering).
 * `areas`: the page's area registry; `overrides`: the area versions an admin is trying in this browser (both
 * decided at start-up); `content`: what the frame holds instead of the routed page (the prerendered skeleton).
 */
export function App({
  areas,
  overrides,
  content = <AppRoutes />,
}: {
  areas: AreaRegistry;
  overrides: OverrideResolution;
  content?: ReactNode;
}) {
  return (
    <AreaRegistryProvider registry={areas}>
      <AppProviders>
        <ScrollToTop />
        <RouteProgress />
        <DocumentTitle />
        <RouteFocus />
        <StaleToasts />
        <Layout>
          <SkipLink />
          <Banner />
          {showsOverrides(overrides) && (
            <Suspense fallback={null}>
              <OverrideBanner {...overrides} />
            </Suspense>
          )}
          <Header />
          <div data-role="content" id={CONTENT_ID} tabIndex={-1}>
            {content}
          </div>
          <Footer />
        </Layout>
        <Toasts />
        <AreaPreloader />
      </AppProviders>
    </AreaRegistryProvider>
  );
}
