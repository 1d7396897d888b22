import {
  areaEntryUrl,
  inCanary,
  type AreaName,
  type RemotesFile,
  type RemoteVersion,
} from '@studyhub/contract';

/** Where the version a page loads came from: what is live, the area's canary, or an admin's own choice. */
export type ReleaseChannel = 'live' | 'canary' | 'override';

export interface ChosenRemote extends RemoteVersion {
  channel: ReleaseChannel;
}

export type ChosenRemotes = Partial<Record<AreaName, ChosenRemote>>;
/** Versions by area, e.g. the ones an admin is trying. */
export type AreaVersions = Partial<Record<AreaName, string>>;

/**
 * The manifest URL of another released version of an area: the live entry with its version folder swapped,
 * so it also works where remotes.json names absolute URLs (a CDN); the deploy layout's URL otherwise.
 */
export function versionEntry(area: AreaName, live: RemoteVersion | undefined, version: string): string {
  const folder = live ? `/${live.version}/` : null;
  return live && folder && live.entry.includes(folder)
    ? live.entry.replace(folder, `/${version}/`)
    : areaEntryUrl(area, version);
}

/**
 * Which version of each area this page load uses: an admin's override, else the canary when `canaryId` falls in
 * its share, else the live version. Deterministic, so a retry and the next page load choose the same.
 */
export function chooseRemotes(file: RemotesFile, canaryId: string, overrides: AreaVersions): ChosenRemotes {
  const chosen: ChosenRemotes = {};
  for (const [area, remote] of Object.entries(file) as [AreaName, NonNullable<RemotesFile[AreaName]>][]) {
    const override = overrides[area];
    if (override) {
      chosen[area] = { version: override, entry: versionEntry(area, remote, override), channel: 'override' };
    } else if (remote.canary && inCanary(area, canaryId, remote.canary.percent)) {
      chosen[area] = { version: remote.canary.version, entry: remote.canary.entry, channel: 'canary' };
    } else {
      chosen[area] = { version: remote.version, entry: remote.entry, channel: 'live' };
    }
  }
  return chosen;
}
