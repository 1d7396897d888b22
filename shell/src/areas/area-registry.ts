import {
  AREA_EXPOSE,
  REPORT_TOKEN_TTL_MS,
  type AreaName,
  type RemoteModule,
  type RemotesFile,
} from '@studyhub/contract';
import type { AreaReport, AreaReportKind } from '@studyhub/contract/schemas';
import { createListeners } from '@studyhub/shared';
import {
  chooseRemotes,
  type AreaVersions,
  type ChosenRemote,
  type ChosenRemotes,
  type ReleaseChannel,
} from './area-choice';
import type { RanRevision } from '../service-worker/messages';
import type { OverrideResolution } from './override-request';
import type { RemotesReply } from './remotes-file';

export type ModuleLoadResult<M> = { ok: true; module: M } | { ok: false; reason: string };
export interface LoadedVersion {
  /** The buildVersion the loaded module reports about itself. */
  version: string;
  channel: ReleaseChannel;
}

export type LoadedVersions = Partial<Record<AreaName, LoadedVersion>>;

/**
 * The one owner of this page load's areas: which version of each was chosen, every load of a module they expose
 * (one cache, in flight or finished), the versions that loaded, and the reports sent about them. Area pages,
 * widgets, preloads and the release line all read it; Retry clears it in one place.
 */
export interface AreaRegistry {
  /**
   * Start-up: learn where the areas live, choose each one's version for this browser and register them (no remote
   * URL is built into the shell). Returns the admin overrides in force, for the banner.
   */
  start(): Promise<OverrideResolution>;
  /**
   * Any module an area exposes (`./Area`, or a widget such as `./RecentNotes`), loaded once and shared by every
   * user of it. The props type `P` is the caller's promise: the expose name decides it, it cannot be checked.
   */
  load<P = object>(area: AreaName, expose: string): Promise<ModuleLoadResult<RemoteModule<P>>>;
  /** The finished load of the module, readable without waiting; undefined while none has finished. */
  result<P = object>(area: AreaName, expose: string): ModuleLoadResult<RemoteModule<P>> | undefined;
  /** Warm an area before its route is opened (link hover, focus or touch): loaded and ready to render. */
  preload(area: AreaName): void;
  /**
   * Idle warming (decision 014): the browser fetches an area's entry and its pages' files into its cache at low
   * priority, and nothing of them runs until the area is opened. A failure is left for the real load to meet.
   */
  warm(area: AreaName): Promise<void>;
  /** The Retry button: read remotes.json again (ops may have rolled back), re-register, forget the area's loads. */
  retry(area: AreaName): Promise<void>;
  /** Why `area` failed, when the reason is a known one (decision 020); asked only after a failure. */
  explainFailure(area: AreaName): Promise<string | null>;
  /** Tells the server the chosen version of `area` opened or failed (decision 025), once per version and kind. */
  report(area: AreaName, kind: AreaReportKind): Promise<void>;
  /** The versions the loaded modules report about themselves, so the page can show what it runs. */
  loadedVersions(): LoadedVersions;
  /** Called after any load finishes, a loaded version is recorded, or a Retry forgets loads. */
  subscribe(listener: () => void): () => void;
  /**
   * What this page load runs: remotes.json as it was read at start-up (or by a Retry) and the manifest of each
   * version chosen from it. The service worker keeps exactly these files for offline use (decision 035).
   */
  revision(): RanRevision;
}

/** What the registry needs of the world: the federation runtime, the network and this browser. Tests pass fakes. */
export interface AreaRegistryPorts {
  /** remotes.json and the report token it came with; a missing or broken file is an empty one. */
  fetchRemotesFile(): Promise<RemotesReply>;
  /** The overrides an admin tries in this browser (decision 008), checked against what `file` has released. */
  resolveOverrides(file: RemotesFile): Promise<OverrideResolution>;
  /** Who a canary is decided for. */
  canaryId(): string;
  /** Registers versions with the federation runtime; `force` replaces a registration and its cached container. */
  register(remotes: ChosenRemotes, force: boolean): void;
  /** One exposed module of a registered version, contract-checked, with one quiet retry. */
  loadModule(
    area: AreaName,
    expose: string,
    remote: ChosenRemote,
  ): Promise<ModuleLoadResult<RemoteModule<never>>>;
  /** Prefetches the area's pages' files, and its entry's when `withEntry`, into the browser's cache. */
  prefetchArea(remote: ChosenRemote, withEntry: boolean): Promise<void>;
  /** A named reason why `remote` failed, or null. */
  explainFailure(area: AreaName, remote: ChosenRemote): Promise<string | null>;
  /** Sends one area report; one that does not arrive costs nothing. */
  sendReport(report: AreaReport): Promise<void>;
}

/** A report token held this long is replaced before a report goes out, so it has half its life left at least. */
const REPORT_TOKEN_REFRESH_MS = REPORT_TOKEN_TTL_MS / 2;

interface Load {
  settled: Promise<ModuleLoadResult<RemoteModule<never>>>;
  result?: ModuleLoadResult<RemoteModule<never>>;
}

const loadKey = (area: AreaName, expose: string) => `${area}/${expose}`;
const isOfArea = (key: string, area: AreaName) => key.startsWith(`${area}/`);

export function createAreaRegistry(ports: AreaRegistryPorts): AreaRegistry {
  let remotes: ChosenRemotes = {};
  /** The remotes.json the chosen versions come from. */
  let ranFile: RemotesFile = {};
  /** What decides the choice; kept so a retry chooses the same again. */
  let chooser: { canaryId: string; overrides: AreaVersions } = { canaryId: '', overrides: {} };
  /** Keyed "area/./Expose"; every user of a module shares its load. */
  const loads = new Map<string, Load>();
  let versions: LoadedVersions = {};
  /** What this page load has reported already: each area, version and kind once. */
  const reported = new Set<string>();
  /** The report token remotes.json came with, and when (by this page's clock, whatever the server's says). */
  let reportTokenHeld: { value: string; receivedAt: number } | null = null;
  let reportTokenRefresh: Promise<void> | null = null;
  const changes = createListeners();

  const choose = (file: RemotesFile) => chooseRemotes(file, chooser.canaryId, chooser.overrides);

  async function fetchRemotesFile(): Promise<RemotesFile> {
    const { file, reportToken } = await ports.fetchRemotesFile();
    if (reportToken) reportTokenHeld = { value: reportToken, receivedAt: Date.now() };
    return file;
  }

  /** One held past half its life is replaced by the one a fresh remotes.json comes with; the choice stays. */
  async function reportToken(): Promise<string | null> {
    if (!reportTokenHeld || Date.now() - reportTokenHeld.receivedAt >= REPORT_TOKEN_REFRESH_MS) {
      reportTokenRefresh ??= fetchRemotesFile()
        .then(() => undefined)
        .finally(() => {
          reportTokenRefresh = null;
        });
      await reportTokenRefresh;
    }
    return reportTokenHeld?.value ?? null;
  }

  function recordLoadedVersion(area: AreaName, version: LoadedVersion): void {
    const current = versions[area];
    if (current?.version === version.version && current.channel === version.channel) return;
    versions = { ...versions, [area]: version };
  }

  async function loadModule(area: AreaName, expose: string): Promise<ModuleLoadResult<RemoteModule<never>>> {
    const remote = remotes[area];
    if (!remote) return { ok: false, reason: `${area} is not deployed` };
    const result = await ports.loadModule(area, expose, remote);
    if (result.ok)
      recordLoadedVersion(area, { version: result.module.buildVersion, channel: remote.channel });
    return result;
  }

  function load<P>(area: AreaName, expose: string): Promise<ModuleLoadResult<RemoteModule<P>>> {
    const key = loadKey(area, expose);
    let entry = loads.get(key);
    if (!entry) {
      const started: Load = {
        settled: loadModule(area, expose).then((result) => {
          started.result = result;
          changes.notify();
          return result;
        }),
      };
      loads.set(key, started);
      entry = started;
    }
    return entry.settled as Promise<ModuleLoadResult<RemoteModule<P>>>;
  }

  return {
    async start() {
      const file = await fetchRemotesFile();
      const resolution = await ports.resolveOverrides(file);
      chooser = { canaryId: ports.canaryId(), overrides: resolution.overrides };
      ranFile = file;
      remotes = choose(file);
      ports.register(remotes, false);
      return resolution;
    },

    load,

    result: <P>(area: AreaName, expose: string) =>
      loads.get(loadKey(area, expose))?.result as ModuleLoadResult<RemoteModule<P>> | undefined,

    preload(area) {
      void load(area, AREA_EXPOSE);
    },

    async warm(area) {
      const remote = remotes[area];
      if (!remote || loads.has(loadKey(area, AREA_EXPOSE))) return;
      // A widget of the area (Home's recent uploads) has loaded its entry already.
      const entryLoaded = [...loads.keys()].some((key) => isOfArea(key, area));
      await ports.prefetchArea(remote, !entryLoaded);
    },

    async retry(area) {
      ranFile = await fetchRemotesFile();
      const latest = choose(ranFile)[area];
      if (latest) {
        remotes[area] = latest;
        ports.register({ [area]: latest }, true);
      } else {
        delete remotes[area];
      }
      for (const key of [...loads.keys()]) if (isOfArea(key, area)) loads.delete(key);
      changes.notify();
    },

    async explainFailure(area) {
      const remote = remotes[area];
      if (!remote) return null;
      try {
        return await ports.explainFailure(area, remote);
      } catch {
        return null;
      }
    },

    /**
     * Only the area, its version, the kind and the server's report token go out: nothing of the user, the page or
     * the error. An admin trying a version of their own reports nothing, as theirs is not what visitors get.
     */
    async report(area, kind) {
      const remote = remotes[area];
      if (!remote || remote.channel === 'override') return;
      const key = `${area}@${remote.version}:${kind}`;
      if (reported.has(key)) return;
      reported.add(key);
      const token = await reportToken();
      await ports.sendReport({ area, version: remote.version, kind, ...(token ? { token } : {}) });
    },

    loadedVersions: () => versions,

    subscribe: changes.subscribe,

    revision: () => ({ remotes: ranFile, chosen: remotes }),
  };
}
