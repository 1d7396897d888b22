import { BrowserRouter } from 'react-router-dom';
import styled from 'styled-components';
import { AppProviders, Toasts } from '@studyhub/shared';
import type { OverrideResolution } from './areas/area-overrides';
import { Banner } from './frame/banner';
import { Footer } from './frame/footer';
import { Header } from './frame/header';
import { OverrideBanner } from './frame/override-banner';
import { RouteProgress } from './frame/route-progress';
import { ScrollToTop } from './frame/scroll-to-top';
import { AppRoutes } from './routing/app-routes';

const Layout = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  > div[data-role='content'] {
    flex: 1;
  }
`;

/** `overrides`: the area versions an admin is trying in this browser (decided at start-up). */
export function App({ overrides }: { overrides: OverrideResolution }) {
  return (
    <BrowserRouter>
      <AppProviders>
        <ScrollToTop />
        <RouteProgress />
        <Layout>
          <Banner />
          <OverrideBanner {...overrides} />
          <Header />
          <div data-role="content">
            <AppRoutes />
          </div>
          <Footer />
        </Layout>
        <Toasts />
      </AppProviders>
    </BrowserRouter>
  );
}
