/**
 * The emergency retirement of the shell's service worker (decision 035, docs/operations.md): with
 * RETIRE_SERVICE_WORKER on, /sw.js is this script. A browser that has the shell's worker finds a changed /sw.js on
 * its next navigation; this worker takes over at once, deletes the caches the shell's worker owns (their names
 * start with SERVICE_WORKER_CACHE_PREFIX) and unregisters itself, so the next page load goes to the network alone.
 * It has no fetch handler: whatever it controls meanwhile goes to the network. The PDFs a student saved for
 * offline reading live in caches of their own, which the page owns; they stay.
 */
import { SERVICE_WORKER_CACHE_PREFIX } from '@studyhub/contract';

export const RETIRED_SERVICE_WORKER = `// StudyHub's service worker is retired (RETIRE_SERVICE_WORKER): it clears its caches and unregisters itself.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => name.startsWith(${JSON.stringify(SERVICE_WORKER_CACHE_PREFIX)})).map((name) => caches.delete(name))),
      )
      .then(() => self.registration.unregister()),
  );
});
`;
