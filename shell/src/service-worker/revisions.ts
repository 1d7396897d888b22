/**
 * The areas' files kept for offline use, one cache per revision (decision 035). A revision is what one page load
 * ran: remotes.json as the server sent it and the area versions chosen from it. Its cache is filled one file at a
 * time and becomes the complete revision only when every file the areas' manifests name has arrived; until then
 * the previous complete revision answers, and a fill that fails is dropped without touching it.
 */
import {
  manifestFiles,
  parseRemotesFile,
  SERVICE_WORKER_CACHE_PREFIX,
  type AreaManifest,
} from '@studyhub/contract';
import { REMOTES_FILE_URL } from '../areas/remotes-file';
import type { FillReply, RanRevision } from './messages';

const REVISION_CACHE_PREFIX = `${SERVICE_WORKER_CACHE_PREFIX}-revision-`;
/** Files of area versions a page fetched beyond their manifests (the reader's pdf.js worker and data). */
export const AREA_EXTRAS_CACHE = `${SERVICE_WORKER_CACHE_PREFIX}-area-extras`;
/** The worker's own notes, kept across its restarts and its updates. */
const STATE_CACHE = `${SERVICE_WORKER_CACHE_PREFIX}-state`;
const STATE = {
  /** The name of the complete revision's cache. */
  complete: '/service-worker-state/complete-revision',
  /** The last revision a page ran, for a fill the visitor asks for later. */
  lastRan: '/service-worker-state/last-ran',
  /** How the last fill ended, as a FillReply with the revision's cache name. */
  lastFill: '/service-worker-state/last-fill',
} as const;

/** Area versions are kept whatever the Vary header says: a version folder's bytes never change. */
const MATCH = { ignoreVary: true, ignoreSearch: true } as const;

export interface RevisionStore {
  /** remotes.json of the complete revision, or undefined when there is none yet. */
  remotesFile(): Promise<Response | undefined>;
  /** A file of the complete revision (its manifests and entries). */
  matchComplete(request: Request): Promise<Response | undefined>;
  /** A file of an area version, wherever it is kept: its bytes are the same in every revision. */
  matchKept(request: Request): Promise<Response | undefined>;
  /** A page ran `revision`: remembered, and kept unless `fill` is false (the visitor saves data). */
  ran(revision: RanRevision, fill: boolean): Promise<FillReply>;
  /** Keeps the last revision a page ran, whatever the connection (the visitor asked for it). */
  fillLastRan(): Promise<FillReply>;
  /** Drops revision caches that are neither complete nor being filled (left by a worker stopped mid-fill). */
  dropIncomplete(): Promise<void>;
}

async function readState<T>(key: string): Promise<T | undefined> {
  const stored = await (await caches.open(STATE_CACHE)).match(key);
  return stored ? ((await stored.json()) as T) : undefined;
}

async function writeState(key: string, value: unknown): Promise<void> {
  await (await caches.open(STATE_CACHE)).put(key, Response.json(value));
}

/** The revision's cache name: a digest of what it ran, so the same revision is the same cache. */
async function revisionCacheName(revision: RanRevision): Promise<string> {
  const entries = Object.values(revision.chosen).map((remote) => remote.entry);
  const text = JSON.stringify({ remotes: revision.remotes, entries });
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  const hex = [...digest.slice(0, 8)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${REVISION_CACHE_PREFIX}${hex}`;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createRevisionStore(origin: string): RevisionStore {
  /** Caches being filled by this worker now, which dropIncomplete leaves alone. */
  const filling = new Set<string>();
  /** One fill at a time: each waits for the one before. */
  let queue: Promise<unknown> = Promise.resolve();

  const completeName = () => readState<string>(STATE.complete);

  async function keptCacheNames(): Promise<string[]> {
    return (await caches.keys()).filter(
      (name) => name.startsWith(REVISION_CACHE_PREFIX) || name === AREA_EXTRAS_CACHE,
    );
  }

  async function matchKept(request: Request | string): Promise<Response | undefined> {
    for (const name of await keptCacheNames()) {
      const kept = await (await caches.open(name)).match(request, MATCH);
      if (kept) return kept;
    }
    return undefined;
  }

  /** A file into the revision's cache: from a cache of ours when kept already, else from the network. */
  async function keep(cache: Cache, url: URL): Promise<Response> {
    const present = await cache.match(url, MATCH);
    if (present) return present;
    const kept = await matchKept(url.href);
    const response = kept ?? (await fetch(url));
    if (!response.ok) throw new Error(`${url.pathname} answered ${response.status}`);
    await cache.put(url, response.clone());
    return response;
  }

  async function fill(revision: RanRevision): Promise<FillReply> {
    const name = await revisionCacheName(revision);
    if ((await completeName()) === name) return { complete: true };
    filling.add(name);
    const cache = await caches.open(name);
    let reply: FillReply;
    try {
      for (const { entry } of Object.values(revision.chosen)) {
        const manifestUrl = new URL(entry, origin);
        const manifest = (await (await keep(cache, manifestUrl)).json()) as AreaManifest;
        for (const file of manifestFiles(manifest)) await keep(cache, new URL(file, manifestUrl));
      }
      await cache.put(REMOTES_FILE_URL, Response.json(parseRemotesFile(revision.remotes)));
      // The switch: from here on the new revision answers offline.
      await writeState(STATE.complete, name);
      for (const old of await caches.keys()) {
        if (old.startsWith(REVISION_CACHE_PREFIX) && old !== name && !filling.has(old))
          await caches.delete(old);
      }
      reply = { complete: true };
    } catch (error) {
      await caches.delete(name);
      reply = { complete: false, reason: `Not kept for offline use: ${reasonOf(error)}` };
      console.warn(reply.reason);
    } finally {
      filling.delete(name);
    }
    await writeState(STATE.lastFill, { ...reply, revision: name });
    return reply;
  }

  const queued = (revision: RanRevision) => {
    const next = queue.then(() => fill(revision));
    queue = next.catch(() => undefined);
    return next;
  };

  return {
    async remotesFile() {
      const name = await completeName();
      return name ? (await caches.open(name)).match(REMOTES_FILE_URL) : undefined;
    },

    async matchComplete(request) {
      const name = await completeName();
      return name ? (await caches.open(name)).match(request, MATCH) : undefined;
    },

    matchKept,

    async ran(revision, fillNow) {
      await writeState(STATE.lastRan, revision);
      return fillNow ? queued(revision) : { complete: false, reason: 'Saving data: nothing is kept ahead.' };
    },

    async fillLastRan() {
      const revision = await readState<RanRevision>(STATE.lastRan);
      return revision ? queued(revision) : { complete: false, reason: 'No page has run its areas yet.' };
    },

    async dropIncomplete() {
      const complete = await completeName();
      for (const name of await caches.keys()) {
        if (name.startsWith(REVISION_CACHE_PREFIX) && name !== complete && !filling.has(name))
          await caches.delete(name);
      }
    },
  };
}
