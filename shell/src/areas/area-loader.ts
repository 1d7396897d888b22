import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  AREA_EXPOSE,
  isRemoteAreaModule,
  SUPPORTED_CONTRACT_VERSIONS,
  type AreaName,
  type RemoteAreaModule,
  type RemotesFile,
} from '@studyhub/shared';
import { isUnavailable } from './fallback-plugin';
import { fetchRemotesFile } from './remotes-file';

export type AreaLoadResult = { ok: true; module: RemoteAreaModule } | { ok: false; reason: string };

const RETRY_DELAY_MS = 400;
let remotes: RemotesFile = {};
const loads = new Map<AreaName, Promise<AreaLoadResult>>();

function register(file: RemotesFile, force: boolean): void {
  const entries = Object.entries(file).map(([name, remote]) => ({ name, entry: remote.entry }));
  // force replaces a registration and drops its cached container, so a retry really loads again.
  if (entries.length > 0) registerRemotes(entries, { force });
}

/** Start-up: learn where the areas live and register them (no remote URL is built into the shell). */
export async function registerAreas(): Promise<void> {
  remotes = await fetchRemotesFile();
  register(remotes, false);
}

async function loadOnce(area: AreaName): Promise<AreaLoadResult> {
  if (!remotes[area]) return { ok: false, reason: `${area} is not deployed` };
  let loaded: unknown;
  try {
    loaded = await loadRemote(`${area}/${AREA_EXPOSE.slice(2)}`);
  } catch (error) {
    loaded = { error };
  }
  if (isUnavailable(loaded) || !isRemoteAreaModule(loaded))
    return { ok: false, reason: `${area} failed to load` };
  if (!SUPPORTED_CONTRACT_VERSIONS.includes(loaded.contractVersion)) {
    return { ok: false, reason: `${area} speaks contract ${loaded.contractVersion}` };
  }
  return { ok: true, module: loaded };
}

async function loadWithRetry(area: AreaName): Promise<AreaLoadResult> {
  const first = await loadOnce(area);
  if (first.ok || !remotes[area]) return first;
  // One quiet retry covers a blip (a deploy swapping files, a dropped connection) before the user sees it.
  await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
  register({ [area]: remotes[area] }, true);
  return loadOnce(area);
}

/** The area's module, loaded once and shared by every route of the area (and by preloads). */
export function loadArea(area: AreaName): Promise<AreaLoadResult> {
  let load = loads.get(area);
  if (!load) {
    load = loadWithRetry(area);
    loads.set(area, load);
  }
  return load;
}

/** Warm an area before its route is opened (link hover or focus). */
export function preloadArea(area: AreaName): void {
  void loadArea(area);
}

/** The Retry button: read remotes.json again (ops may have rolled back), re-register, load afresh. */
export async function reloadArea(area: AreaName): Promise<void> {
  loads.delete(area);
  const latest = (await fetchRemotesFile())[area];
  if (!latest) {
    delete remotes[area];
    return;
  }
  remotes[area] = latest;
  register({ [area]: latest }, true);
}
