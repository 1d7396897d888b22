import type { PageMessage, RanRevision } from '../service-worker/messages';

/** How long the page must have fetched nothing before the worker may start. */
const QUIET_MS = 2_000;

/**
 * Resolves once the page has loaded and then fetched nothing for QUIET_MS. A deep link's area, its data and the
 * reader come after the load event: a worker installing and filling a revision then took a slow phone's bandwidth
 * from them (decision 035's figures).
 */
function whenPageSettled(): Promise<void> {
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settled = () => {
      observer.disconnect();
      resolve();
    };
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(settled, QUIET_MS);
    };
    const observer = new PerformanceObserver(restart);
    const begin = () => {
      observer.observe({ type: 'resource' });
      restart();
    };
    if (document.readyState === 'complete') begin();
    else addEventListener('load', begin, { once: true });
  });
}

/**
 * Registers the shell's service worker (decision 035) once the page has settled, so neither the first render nor
 * the page's own fetches wait for it, and tells it what this page load ran, so that it keeps that revision for
 * offline use. A page the worker controls loads new-version-offer.ts (from the worker's precache) to offer a
 * successor. The platform's own API: workbox-window, or the offer's code in the first load, took Home's
 * first-load JavaScript past its budget (decision 014).
 */
export function registerServiceWorker(url: string, ran: RanRevision): void {
  const { serviceWorker } = navigator;
  const areasRan: PageMessage = { type: 'AREAS_RAN', revision: ran };
  const start = (): void => {
    // Offline its script cannot be fetched: the registration waits for the connection instead of failing.
    if (!navigator.onLine) {
      addEventListener('online', start, { once: true });
      return;
    }
    void serviceWorker
      .register(url)
      .then((registration) => {
        if (serviceWorker.controller)
          void import(/* webpackChunkName: "new-version" */ './new-version-offer').then((offer) =>
            offer.offerNewVersions(registration),
          );
        return serviceWorker.ready;
      })
      .then((ready) => ready.active?.postMessage(areasRan))
      // The browser's own error says why (no HTTPS, storage refused): the site works on without offline copies.
      .catch(console.warn);
  };
  void whenPageSettled().then(start);
}
