import { Workbox } from 'workbox-window';
import { reloadPage } from '../frame/reload-page';
import type { PageMessage, RanRevision } from '../service-worker/messages';
import type { WorkerUpdates } from './worker-updates';

/**
 * Registers the shell's service worker (decision 035) once the page has loaded (workbox-window waits for the load
 * event, so the first render never waits for it), tells it what this page load ran so that it keeps that
 * revision for offline use, and hands a waiting successor to `updates`. Reload lets the successor take over
 * (SKIP_WAITING) and reloads once it controls the page.
 */
export function registerServiceWorker(url: string, ran: RanRevision, updates: WorkerUpdates): void {
  const workbox = new Workbox(url);
  workbox.addEventListener('waiting', () =>
    updates.offer(() => {
      workbox.addEventListener('controlling', reloadPage);
      workbox.messageSkipWaiting();
    }),
  );
  const areasRan: PageMessage = { type: 'AREAS_RAN', revision: ran };
  workbox
    .register()
    .then(() => workbox.messageSW(areasRan))
    .catch((error: unknown) => console.warn('The service worker is not available:', error));
}
