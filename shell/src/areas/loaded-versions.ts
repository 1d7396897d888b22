import { useSyncExternalStore } from 'react';
import type { AreaName } from '@studyhub/shared';
import type { ReleaseChannel } from './area-choice';

export interface LoadedVersion {
  /** The buildVersion the loaded module reports about itself. */
  version: string;
  channel: ReleaseChannel;
}

export type LoadedVersions = Partial<Record<AreaName, LoadedVersion>>;

let loaded: LoadedVersions = {};
const listeners = new Set<() => void>();

/** The area loader reports each area it loaded, so the page can show which versions it is running. */
export function recordLoadedVersion(area: AreaName, version: LoadedVersion): void {
  const current = loaded[area];
  if (current?.version === version.version && current.channel === version.channel) return;
  loaded = { ...loaded, [area]: version };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLoadedVersions(): LoadedVersions {
  return useSyncExternalStore(subscribe, () => loaded);
}
