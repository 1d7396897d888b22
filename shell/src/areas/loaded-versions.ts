import { useSyncExternalStore } from 'react';
import { createListeners } from '@studyhub/shared';
import { type AreaName } from '@studyhub/contract';
import type { ReleaseChannel } from './area-choice';

export interface LoadedVersion {
  /** The buildVersion the loaded module reports about itself. */
  version: string;
  channel: ReleaseChannel;
}

export type LoadedVersions = Partial<Record<AreaName, LoadedVersion>>;

let loaded: LoadedVersions = {};
const loadedChanges = createListeners();

/** The area loader reports each area it loaded, so the page can show which versions it is running. */
export function recordLoadedVersion(area: AreaName, version: LoadedVersion): void {
  const current = loaded[area];
  if (current?.version === version.version && current.channel === version.channel) return;
  loaded = { ...loaded, [area]: version };
  loadedChanges.notify();
}

const NONE_LOADED: LoadedVersions = {};

export function useLoadedVersions(): LoadedVersions {
  // A prerendered page (decision 014) is made before any area has loaded.
  return useSyncExternalStore(
    loadedChanges.subscribe,
    () => loaded,
    () => NONE_LOADED,
  );
}
