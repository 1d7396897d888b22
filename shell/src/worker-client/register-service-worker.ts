import type { PageMessage, RanRevision } from '../service-worker/messages';

/**
 * Registers the shell's service worker (decision 035) once the page has loaded, so the first render never waits
 * for it, and tells it what this page load ran, so that it keeps that revision for offline use. A page the worker
 * controls loads new-version-offer.ts (from the worker's precache) to offer a successor. The platform's own API:
 * workbox-window, or the offer's code in the first load, took Home's first-load JavaScript past its budget
 * (decision 014).
 */
export function registerServiceWorker(url: string, ran: RanRevision): void {
  const { serviceWorker } = navigator;
  const areasRan: PageMessage = { type: 'AREAS_RAN', revision: ran };
  const start = () =>
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
  if (document.readyState === 'complete') start();
  else addEventListener('load', start);
}
