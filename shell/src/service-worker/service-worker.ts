/**
 * The shell's service worker (decision 035), built by Workbox's InjectManifest into /sw.js. What names the code
 * that runs (pages, remotes.json, the areas' manifests and entries) is asked of the network first, so an online
 * load runs what the server says; offline, or past a short timeout, the kept copy answers: the shell from its
 * precache, the areas from the last complete revision (revisions.ts), never two revisions mixed. Files whose
 * names carry their content are answered from the caches first.
 */
import { setCacheNameDetails } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  getCacheKeyForURL,
  matchPrecache,
  precache,
  type PrecacheEntry,
} from 'workbox-precaching';
import type { RouteHandlerCallbackOptions } from 'workbox-core/types';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly } from 'workbox-strategies';
import { SERVICE_WORKER_CACHE_PREFIX } from '@studyhub/contract';
import { savesData } from '@studyhub/shared/saves-data';
import { isPageMessage, type FillReply } from './messages';
import { AREA_EXTRAS_CACHE, createRevisionStore } from './revisions';
import { areaFileKind, isRemotesFile, NETWORK_TIMEOUT_SECONDS, shellPageFor } from './site-requests';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

/** Past this many, the files kept beyond the manifests go oldest first. */
const MAX_AREA_EXTRAS = 400;

setCacheNameDetails({ prefix: SERVICE_WORKER_CACHE_PREFIX, suffix: '' });
precache(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const revisions = createRevisionStore(self.location.origin);
const network = new NetworkOnly({ networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS });
const areaExtras = new CacheFirst({
  cacheName: AREA_EXTRAS_CACHE,
  plugins: [new ExpirationPlugin({ maxEntries: MAX_AREA_EXTRAS })],
});

/** The network's answer within the timeout, else the kept one; a network error when nothing is kept. */
function networkFirst(kept: (request: Request) => Promise<Response | undefined>) {
  return async (options: RouteHandlerCallbackOptions): Promise<Response> => {
    try {
      return await network.handle(options);
    } catch (error) {
      const response = await kept(options.request);
      if (response) return response;
      throw error;
    }
  };
}

const sameOrigin = (url: URL) => url.origin === self.location.origin;

// A navigation gets the live shell's page; offline, the precached page the server would have sent.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && !url.pathname.startsWith('/api/'),
  networkFirst((request) => matchPrecache(shellPageFor(new URL(request.url).pathname))),
);

registerRoute(
  ({ url }) => sameOrigin(url) && isRemotesFile(url),
  networkFirst(() => revisions.remotesFile()),
);

registerRoute(
  ({ url }) => sameOrigin(url) && areaFileKind(url) === 'entry',
  networkFirst((request) => revisions.matchComplete(request)),
);

registerRoute(
  ({ url }) => sameOrigin(url) && areaFileKind(url) === 'immutable',
  async (options) => (await revisions.matchKept(options.request)) ?? areaExtras.handle(options),
);

// The shell's own files: a hashed name from the precache first; one whose name stays (main.js) from the network
// first, so that an online load runs the live shell even before this worker's successor takes over.
registerRoute(
  ({ url }) => sameOrigin(url) && getCacheKeyForURL(url.href) === url.href,
  async ({ request }) => (await matchPrecache(request)) ?? fetch(request),
);
registerRoute(
  ({ url }) => sameOrigin(url) && getCacheKeyForURL(url.href) !== undefined,
  networkFirst((request) => matchPrecache(request)),
);

self.addEventListener('activate', (event) => event.waitUntil(revisions.dropIncomplete()));

self.addEventListener('message', (event) => {
  const message: unknown = event.data;
  if (!isPageMessage(message)) return;
  const answer = (reply: Promise<FillReply>) =>
    event.waitUntil(reply.then((result) => event.ports[0]?.postMessage(result)));
  switch (message.type) {
    case 'SKIP_WAITING':
      event.waitUntil(self.skipWaiting());
      break;
    case 'AREAS_RAN':
      answer(revisions.ran(message.revision, !savesData()));
      break;
    case 'FILL_REVISION_NOW':
      answer(revisions.fillLastRan());
      break;
  }
});
