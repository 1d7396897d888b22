import { startTransition } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { PATHS } from '@studyhub/contract';
import { createAreaRegistry, type AreaRegistry } from './areas/area-registry';
import { browserAreaPorts } from './areas/browser-area-ports';
import { showsOverrides, type OverrideResolution } from './areas/override-request';
import { App } from './app';
import { yieldToMain } from './yield-to-main';

const rootOptions: RootOptions = {
  // An area that fails is already replaced by its fallback; React would otherwise log it as an error too.
  onCaughtError: (error, info) => console.warn('Caught by an area boundary:', error, info.componentStack),
};

/**
 * The page's HTML is Home as prerendered for an anonymous visitor with no area overrides (decision 014): React
 * takes it over where this load would render the same, and renders afresh otherwise.
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
    container.replaceChildren();
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
}
