import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  isRemoteModule,
  SUPPORTED_CONTRACT_VERSIONS,
  type AreaName,
  type RemoteModule,
} from '@studyhub/contract';
import type { ChosenRemote, ChosenRemotes } from './area-choice';
import type { ModuleLoadResult } from './area-registry';
import { yieldToMain } from '../yield-to-main';
import { isUnavailable } from './fallback-plugin';

const RETRY_DELAY_MS = 400;

/** Registers the chosen versions with the federation runtime. */
export function registerChosen(remotes: ChosenRemotes, force: boolean): void {
  const entries = Object.entries(remotes).map(([name, remote]) => ({ name, entry: remote.entry }));
  // force replaces a registration and drops its cached container, so a retry really loads again.
  if (entries.length > 0) registerRemotes(entries, { force });
}

async function loadOnce(area: AreaName, expose: string): Promise<ModuleLoadResult<RemoteModule<never>>> {
  const id = `${area}/${expose.replace(/^\.\//, '')}`;
  let loaded: unknown;
  try {
    loaded = await loadRemote(id);
    // Running an area's code and rendering its page each hold a slow phone's main thread a while: the page renders
    // in a task of its own, so a tap is answered between the two (decision 014).
    await yieldToMain();
  } catch (error) {
    loaded = { error };
  }
  if (isUnavailable(loaded) || !isRemoteModule(loaded)) return { ok: false, reason: `${id} failed to load` };
  if (!SUPPORTED_CONTRACT_VERSIONS.includes(loaded.contractVersion)) {
    return { ok: false, reason: `${id} speaks contract ${loaded.contractVersion}` };
  }
  return { ok: true, module: loaded };
}

/** One exposed module of a registered version, checked against the contracts this shell supports. */
export async function loadExposedModule(
  area: AreaName,
  expose: string,
  remote: ChosenRemote,
): Promise<ModuleLoadResult<RemoteModule<never>>> {
  const first = await loadOnce(area, expose);
  if (first.ok) return first;
  // One quiet retry covers a blip (a deploy swapping files, a dropped connection) before the user sees it.
  await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
  registerChosen({ [area]: remote }, true);
  return loadOnce(area, expose);
}
