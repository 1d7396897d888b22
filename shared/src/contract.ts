/**
 * The runtime contract between the shell and the areas (DESIGN §3).
 * Every area exposes `./Area`, a module shaped like RemoteAreaModule, and publishes mf-manifest.json.
 */
import type { ComponentType } from 'react';

/** Bumped when the shape below changes incompatibly; the shell lists the versions it can render. */
export const CONTRACT_VERSION = 1;
export const SUPPORTED_CONTRACT_VERSIONS: readonly number[] = [1];

export const AREAS = ['auth', 'notes', 'syllabus', 'admin'] as const;
export type AreaName = (typeof AREAS)[number];

/** The Module Federation expose every area provides; the shell loads `${area}/Area`. */
export const AREA_EXPOSE = './Area';

export interface AreaRoutesProps {
  /** Which of the area's pages the shell's route table matched (ROUTE_TABLE[].page). */
  page: string;
}

/** What every exposed module carries besides its component: who built it and which contract it speaks. */
export interface RemoteModule<P = object> {
  default: ComponentType<P>;
  area: AreaName;
  contractVersion: number;
  /** The deployed build's version, e.g. "1.0.0-3f2a9c1d". */
  buildVersion: string;
}

export type RemoteAreaModule = RemoteModule<AreaRoutesProps>;

/**
 * Components an area lends to the shell's own pages, beside its `./Area` (DESIGN §1: the notes area's
 * RecentNotes on Home). Each is a RemoteModule whose component takes no props.
 */
export const WIDGET_EXPOSES = {
  recentNotes: { area: 'notes', expose: './RecentNotes' },
} as const satisfies Record<string, { area: AreaName; expose: string }>;

export type RemoteWidgetModule = RemoteModule;

/** The shape check of any exposed module (props cannot be checked at run time; the expose name decides them). */
export function isRemoteModule(value: unknown): value is RemoteModule<never> {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<RemoteModule>;
  return (
    typeof candidate.default === 'function' &&
    typeof candidate.area === 'string' &&
    (AREAS as readonly string[]).includes(candidate.area) &&
    typeof candidate.contractVersion === 'number' &&
    typeof candidate.buildVersion === 'string'
  );
}

export function isRemoteAreaModule(value: unknown): value is RemoteAreaModule {
  return isRemoteModule(value);
}

/** One area's entry in /remotes.json. */
export interface RemoteEntry {
  version: string;
  /** URL of the area's mf-manifest.json, e.g. "/mfe/notes/1.0.0-3f2a9c1d/mf-manifest.json". */
  entry: string;
}

export type RemotesFile = Partial<Record<AreaName, RemoteEntry>>;

/** Keeps only well-formed entries of known areas, so one bad line cannot take the whole site down. */
export function parseRemotesFile(value: unknown): RemotesFile {
  const remotes: RemotesFile = {};
  if (typeof value !== 'object' || value === null) return remotes;
  for (const area of AREAS) {
    const entry = (value as Record<string, unknown>)[area];
    if (typeof entry !== 'object' || entry === null) continue;
    const { version, entry: url } = entry as Record<string, unknown>;
    if (typeof version === 'string' && typeof url === 'string' && url.length > 0) {
      remotes[area] = { version, entry: url };
    }
  }
  return remotes;
}
