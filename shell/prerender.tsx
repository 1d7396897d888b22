/**
 * Home's first screen as HTML, made at build time (decision 014): the frame and Home rendered by React's server
 * renderer with styled-components' style sheet, as an anonymous visitor in the default theme sees them before
 * any JavaScript runs. bootstrap.tsx hydrates it. Node-only: `studyhub-webpack build` runs it after webpack.
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { ServerStyleSheet } from 'styled-components';
import { PATHS } from '@studyhub/contract';
import { App } from './src/app';
import { createAreaRegistry } from './src/areas/area-registry';
import { browserAreaPorts } from './src/areas/browser-area-ports';
import { NO_OVERRIDES } from './src/areas/override-request';

export function prerender(): { html: string; styles: string } {
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <StaticRouter location={PATHS.home}>
          {/* A registry that is never started: Home's first screen loads no area. */}
          <App areas={createAreaRegistry(browserAreaPorts())} overrides={NO_OVERRIDES} />
        </StaticRouter>,
      ),
    );
    return { html, styles: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}
