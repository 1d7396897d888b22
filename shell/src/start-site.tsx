import { startTransition } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { PATHS } from '@studyhub/contract';
import { createAreaRegistry, type AreaRegistry } from './areas/area-registry';
import { browserAreaPorts } from './areas/browser-area-ports';
import { showsOverrides, type OverrideResolution } from './areas/override-request';
import { App } from './app';
import { registerServiceWorker } from './worker-client/register-service-worker';
import { yieldToMain } from './yield-to-main';

const rootOptions: RootOptions = {
  // An area that fails is already replaced by its fallback; React would otherwise log it as an error too.
  onCaughtError: (error, info) => console.warn('Caught by an area boundary:', error, info.componentStack),
};

/**
 * The page's HTML is prerendered (decision 014): Home as an anonymous visitor with no area overrides sees it,
 * which React takes over where this load would render the same, or the frame around a page skeleton, which
 * React's first render replaces (it clears the container when it commits, so the skeleton stays until then).
 */
function mount(container: HTMLElement, areas: AreaRegistry, overrides: OverrideResolution): void {
  const site = (
    <BrowserRouter>
      <App areas={areas} overrides={overrides} />
    </BrowserRouter>
  );
  const prerendered = container.firstElementChild !== null;
  const matches = location.pathname === PATHS.home && !showsOverrides(overrides);
  // As a transition React works in slices of a few milliseconds and lets the phone answer taps in between;
  // the page on screen is already complete (prerendered) or empty, so nothing waits for it.
  startTransition(() => {
    if (prerendered && matches) {
      hydrateRoot(container, site, rootOptions);
      return;
    }
    createRoot(container, rootOptions).render(site);
  });
}

/** Areas are registered from /remotes.json before the first render; a failure there still renders the frame. */
export async function startSite(): Promise<void> {
  const areas = createAreaRegistry(browserAreaPorts());
  const overrides = await areas.start();
  await yieldToMain();
  const container = document.getElementById('root');
  if (!container) throw new Error('No #root element to mount into');
  mount(container, areas, overrides);
  // Production builds of the shell only: never in tests or on the development server (decision 035).
  if (__STUDYHUB_SERVICE_WORKER_URL__ && 'serviceWorker' in navigator)
    registerServiceWorker(__STUDYHUB_SERVICE_WORKER_URL__, areas.revision());
}
