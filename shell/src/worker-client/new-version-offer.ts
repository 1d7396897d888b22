import { notify } from '@studyhub/shared';
import { reloadPage } from '../frame/reload-page';
import type { PageMessage } from '../service-worker/messages';

const NEW_VERSION = 'A new version of StudyHub is ready. Tap here to reload.';
const skipWaiting: PageMessage = { type: 'SKIP_WAITING' };

/**
 * Once `worker` has installed beside the one in control, a toast offers it instead of swapping the code under a
 * reading student (decision 035); a tap lets it take over and reloads once it controls the page.
 */
function offer(worker: ServiceWorker): void {
  const show = () =>
    notify.info(NEW_VERSION, {
      toastId: 'new-version',
      autoClose: false,
      onClick: () => {
        // Another tab's tap may have let it take over already.
        if (worker.state !== 'installed') return reloadPage();
        navigator.serviceWorker.addEventListener('controllerchange', reloadPage);
        worker.postMessage(skipWaiting);
      },
    });
  if (worker.state === 'installed') return show();
  worker.addEventListener('statechange', () => {
    if (worker.state === 'installed') show();
  });
}

/** A page a worker controls offers its successor: one waiting already, or one found while the page is open. */
export function offerNewVersions(registration: ServiceWorkerRegistration): void {
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    if (registration.installing) offer(registration.installing);
  });
}
