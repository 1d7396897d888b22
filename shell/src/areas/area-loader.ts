import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  AREA_EXPOSE,
  areaFiles,
  isRemoteModule,
  SUPPORTED_CONTRACT_VERSIONS,
  type AreaManifest,
  type AreaName,
  type AreaRoutesProps,
  type RemoteModule,
  type RemotesFile,
  REPORT_TOKEN_TTL_MS,
} from '@studyhub/contract';
import {
  chooseRemotes,
  versionEntry,
  type AreaVersions,
  type ChosenRemote,
  type ChosenRemotes,
} from './area-choice';
import { mayOverride, NO_OVERRIDES, type OverrideResolution } from './override-request';
import { canaryId } from './canary-id';
import { isUnavailable } from './fallback-plugin';
import { recordLoadedVersion } from './loaded-versions';
import { fetchRemotesFile, isReleasedManifest } from './remotes-file';

export type ModuleLoadResult<M> = { ok: true; module: M } | { ok: false; reason: string };
export type AreaLoadResult = ModuleLoadResult<RemoteModule<AreaRoutesProps>>;

const RETRY_DELAY_MS = 400;
/** A report token held this long is replaced before a report goes out, so it has half its life left at least. */
const REPORT_TOKEN_REFRESH_MS = REPORT_TOKEN_TTL_MS / 2;
/** The version of each area this page load uses (live, canary or an admin's override). */
let remotes: ChosenRemotes = {};
/** What decides the choice; kept so a retry chooses the same again. */
let chooser: { canaryId: string; overrides: AreaVersions } = { canaryId: '', overrides: {} };
/** The report token remotes.json came with, and when (by this page's clock, whatever the server's says). */
let reportTokenHeld: { value: string; receivedAt: number } | null = null;
let reportTokenRefresh: Promise<void> | null = null;
/** One load per exposed module, keyed "area/./Expose"; every user of a module shares it. */
const loads = new Map<string, Promise<ModuleLoadResult<RemoteModule<never>>>>();

const loadKey = (area: AreaName, expose: string) => `${area}/${expose}`;

function register(file: ChosenRemotes, force: boolean): void {
  const entries = Object.entries(file).map(([name, remote]) => ({ name, entry: remote.entry }));
  // force replaces a registration and drops its cached container, so a retry really loads again.
  if (entries.length > 0) registerRemotes(entries, { force });
}

const choose = (file: RemotesFile) => chooseRemotes(file, chooser.canaryId, chooser.overrides);

function keepReportToken(token: string | null): void {
  if (token) reportTokenHeld = { value: token, receivedAt: Date.now() };
}

/**
 * The token this page's area reports carry (decision 025). One held past half its life is replaced by the one a
 * fresh remotes.json comes with; the versions this page chose stay as they are.
 */
export async function reportToken(): Promise<string | null> {
  if (!reportTokenHeld || Date.now() - reportTokenHeld.receivedAt >= REPORT_TOKEN_REFRESH_MS) {
    reportTokenRefresh ??= fetchRemotesFile()
      .then(({ reportToken: token }) => keepReportToken(token))
      .finally(() => {
        reportTokenRefresh = null;
      });
    await reportTokenRefresh;
  }
  return reportTokenHeld?.value ?? null;
}

/**
 * Start-up: learn where the areas live, choose each one's version for this browser and register them (no remote
 * URL is built into the shell). Returns the admin overrides in force, for the banner.
 */
export async function registerAreas(): Promise<OverrideResolution> {
  const { file, reportToken: token } = await fetchRemotesFile();
  keepReportToken(token);
  const resolution = mayOverride()
    ? await (
        await import('./area-overrides')
      ).resolveOverrides((area, version) => isReleasedManifest(area, versionEntry(area, file[area], version)))
    : NO_OVERRIDES;
  chooser = { canaryId: canaryId(), overrides: resolution.overrides };
  remotes = choose(file);
  register(remotes, false);
  return resolution;
}

async function loadOnce(area: AreaName, expose: string): Promise<ModuleLoadResult<RemoteModule<never>>> {
  if (!remotes[area]) return { ok: false, reason: `${area} is not deployed` };
  const id = `${area}/${expose.replace(/^\.\//, '')}`;
  let loaded: unknown;
  try {
    loaded = await loadRemote(id);
  } catch (error) {
    loaded = { error };
  }
  if (isUnavailable(loaded) || !isRemoteModule(loaded)) return { ok: false, reason: `${id} failed to load` };
  if (!SUPPORTED_CONTRACT_VERSIONS.includes(loaded.contractVersion)) {
    return { ok: false, reason: `${id} speaks contract ${loaded.contractVersion}` };
  }
  recordLoadedVersion(area, { version: loaded.buildVersion, channel: remotes[area]?.channel ?? 'live' });
  return { ok: true, module: loaded };
}

async function loadWithRetry(area: AreaName, expose: string): Promise<ModuleLoadResult<RemoteModule<never>>> {
  const first = await loadOnce(area, expose);
  if (first.ok || !remotes[area]) return first;
  // One quiet retry covers a blip (a deploy swapping files, a dropped connection) before the user sees it.
  await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
  register({ [area]: remotes[area] }, true);
  return loadOnce(area, expose);
}

/** The version of `area` this page load uses and where it came from, once the areas are registered. */
export function chosenRemote(area: AreaName): ChosenRemote | undefined {
  return remotes[area];
}

/**
 * Any module an area exposes (`./Area`, or a widget such as `./RecentNotes`), loaded once and shared by every
 * user of it. The props type `P` is the caller's promise: the expose name decides it, it cannot be checked.
 */
export function loadAreaModule<P = object>(
  area: AreaName,
  expose: string,
): Promise<ModuleLoadResult<RemoteModule<P>>> {
  const key = loadKey(area, expose);
  let load = loads.get(key);
  if (!load) {
    load = loadWithRetry(area, expose);
    loads.set(key, load);
  }
  return load as Promise<ModuleLoadResult<RemoteModule<P>>>;
}

/** The area's pages (`./Area`), shared by every route of the area (and by preloads). */
export function loadArea(area: AreaName): Promise<AreaLoadResult> {
  return loadAreaModule<AreaRoutesProps>(area, AREA_EXPOSE);
}

/** Warm an area before its route is opened (link hover, focus or touch): loaded and ready to render. */
export function preloadArea(area: AreaName): void {
  void loadArea(area);
}

/**
 * Idle warming (decision 014): the browser fetches an area's entry and its pages' files into its cache at low
 * priority, and nothing of them runs until the area is opened, so a phone's main thread is left alone. A failure
 * is left for the real load to meet and report.
 */
export async function warmArea(area: AreaName): Promise<void> {
  const remote = remotes[area];
  if (!remote || loads.has(loadKey(area, AREA_EXPOSE))) return;
  // A widget of the area (Home's recent uploads) has loaded its entry already.
  const entryLoaded = [...loads.keys()].some((key) => key.startsWith(`${area}/`));
  const manifestUrl = new URL(remote.entry, location.href);
  try {
    const reply = await fetch(manifestUrl);
    if (!reply.ok) return;
    for (const file of areaFiles((await reply.json()) as AreaManifest, !entryLoaded)) {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.as = 'script';
      link.href = new URL(file, manifestUrl).href;
      document.head.append(link);
    }
  } catch {
    // The area's own load will try again and show what went wrong.
  }
}

/**
 * Why `area` failed, when the reason is a known one: its build needs shared exports this page's copy lacks
 * (decision 020). Asked only after a failure; the comparison is a chunk of its own, fetched then.
 */
export async function explainFailure(area: AreaName): Promise<string | null> {
  const remote = remotes[area];
  if (!remote) return null;
  try {
    const { sharedMismatch } = await import('./shared-mismatch');
    return await sharedMismatch(area, remote);
  } catch {
    return null;
  }
}

/** The Retry button: read remotes.json again (ops may have rolled back), re-register, load afresh. */
export async function reloadArea(area: AreaName): Promise<void> {
  for (const key of [...loads.keys()]) if (key.startsWith(`${area}/`)) loads.delete(key);
  const { file, reportToken: token } = await fetchRemotesFile();
  keepReportToken(token);
  const latest: ChosenRemote | undefined = choose(file)[area];
  if (!latest) {
    delete remotes[area];
    return;
  }
  remotes[area] = latest;
  register({ [area]: latest }, true);
}
