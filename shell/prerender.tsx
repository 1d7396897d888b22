/**
 * The shell's pages as HTML, made at build time (decision 014), by React's server renderer with
 * styled-components' style sheet, as a visitor in the default theme sees them before any JavaScript runs: Home's
 * first screen (bootstrap.tsx hydrates it), for every route whose heading is its title the frame around a page
 * skeleton with that heading, and for every other route the frame around a page skeleton (React replaces them
 * with the page). Node-only: `studyhub-webpack build` runs it after webpack.
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { ServerStyleSheet } from 'styled-components';
import { headedPageFile, PATHS, ROUTE_TABLE, SHELL_PAGES } from '@studyhub/contract';
import { App } from './src/app';
import { createAreaRegistry } from './src/areas/area-registry';
import { browserAreaPorts } from './src/areas/browser-area-ports';
import { NO_OVERRIDES } from './src/areas/override-request';
import { PageSkeleton } from './src/frame/page-skeleton';

type PrerenderedPage = { html: string; styles: string };

/** A path no route or link matches: the skeleton's frame marks no link as the current page. */
const NO_ROUTE = '/_';

function render(location: string, content?: ReactNode): PrerenderedPage {
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <StaticRouter location={location}>
          {/* A registry that is never started: the prerendered pages load no area. */}
          <App areas={createAreaRegistry(browserAreaPorts())} overrides={NO_OVERRIDES} content={content} />
        </StaticRouter>,
      ),
    );
    return { html, styles: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}

/** Each page by its file in the build. */
export function prerender(): Record<string, PrerenderedPage> {
  const headed = ROUTE_TABLE.filter((route) => route.titleIsHeading);
  return {
    [SHELL_PAGES.home]: render(PATHS.home),
    [SHELL_PAGES.app]: render(NO_ROUTE, <PageSkeleton />),
    ...Object.fromEntries(
      headed.map((route) => [
        headedPageFile(route),
        render(
          NO_ROUTE,
          <PageSkeleton heading={route.title} headingNeedsStoredSession={route.access !== 'open'} />,
        ),
      ]),
    ),
  };
}
