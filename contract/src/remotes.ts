/**
 * The runtime contract between the shell and the areas (architecture §3).
 * Every area exposes `./Area`, a module shaped like RemoteAreaModule, and publishes mf-manifest.json.
 */
import type { ComponentType } from 'react';

/**
 * Bumped when the shape below changes incompatibly; the shell lists the versions it can render.
 * 2 (decision 014): an area takes Module Federation's runtime from the shell, the catalog is no longer part of
 * the shared package, and toasts go through `notify`. A contract-1 area would break in such a shell, and a
 * contract-2 area in an older one, so the two change in one release (releaseTogether).
 */
export const CONTRACT_VERSION = 2;
export const SUPPORTED_CONTRACT_VERSIONS: readonly number[] = [2];

export const AREAS = ['auth', 'notes', 'syllabus', 'admin'] as const;
export type AreaName = (typeof AREAS)[number];

export function isAreaName(value: unknown): value is AreaName {
  return (AREAS as readonly unknown[]).includes(value);
}

/** The Module Federation expose every area provides; the shell loads `${area}/Area`. */
export const AREA_EXPOSE = './Area';

/** The script and style files mf-manifest.json lists for one expose or shared module. */
interface ManifestAssets {
  js?: { sync?: string[]; async?: string[] };
  css?: { sync?: string[]; async?: string[] };
}

/** The parts of an area's mf-manifest.json that name the files of its entry, its pages and its shared modules. */
export interface AreaManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { path?: string; assets?: ManifestAssets }[];
  shared?: { assets?: ManifestAssets }[];
}

const entryFile = (manifest: AreaManifest): string[] => {
  const entry = manifest.metaData?.remoteEntry;
  return entry?.name ? [`${entry.path ? `${entry.path}/` : ''}${entry.name}`] : [];
};

/**
 * `./Area`'s files and, unless the page has it already, the entry's, relative to the manifest's folder (areas
 * build with publicPath auto). What the shell warms at idle and the server names for preloading (decision 014).
 */
export function areaFiles(manifest: AreaManifest, withEntry: boolean): string[] {
  const pages = manifest.exposes?.find((expose) => expose.path === AREA_EXPOSE)?.assets?.js?.sync ?? [];
  return [...(withEntry ? entryFile(manifest) : []), ...pages];
}

/**
 * Every file the manifest names, once, relative to its folder: the entry and the scripts and styles of every
 * expose and shared module, loaded at once or later. What a page can load of this build, bar files its code
 * finds by itself (the reader's pdf.js worker and data); the service worker keeps them for offline use.
 */
export function manifestFiles(manifest: AreaManifest): string[] {
  const assets = [...(manifest.exposes ?? []), ...(manifest.shared ?? [])].flatMap(({ assets: named }) => [
    ...(named?.js?.sync ?? []),
    ...(named?.js?.async ?? []),
    ...(named?.css?.sync ?? []),
    ...(named?.css?.async ?? []),
  ]);
  return [...new Set([...entryFile(manifest), ...assets])];
}

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
 * Components an area lends to the shell's own pages, beside its `./Area` (architecture §1: the notes area's
 * RecentNotes on Home). Each is a RemoteModule whose component takes no props.
 */
export const WIDGET_EXPOSES = {
  recentNotes: { area: 'notes', expose: './RecentNotes' },
  /** A signed-in student's semester, "Continue reading" and their subjects (decision 041). */
  yourSemester: { area: 'notes', expose: './YourSemester' },
} as const satisfies Record<string, { area: AreaName; expose: string }>;

export type RemoteWidgetModule = RemoteModule;

/** The shape check of any exposed module (props cannot be checked at run time; the expose name decides them). */
export function isRemoteModule(value: unknown): value is RemoteModule<never> {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<RemoteModule>;
  return (
    typeof candidate.default === 'function' &&
    isAreaName(candidate.area) &&
    typeof candidate.contractVersion === 'number' &&
    typeof candidate.buildVersion === 'string'
  );
}

export function isRemoteAreaModule(value: unknown): value is RemoteAreaModule {
  return isRemoteModule(value);
}

/** Versions are folder names in URLs: letters, digits, dots, dashes, underscores, plus signs. */
export const VERSION_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,63}$/;

/** Where a released version of an area is served (the deploy layout of `@studyhub/deploy-folder`). */
export function areaEntryUrl(area: AreaName, version: string): string {
  return `/mfe/${area}/${version}/mf-manifest.json`;
}

/**
 * The shell's two pages (decision 014): `/` gets Home prerendered; every other client-side route gets the same
 * page with an empty root, which the browser renders (a static host may serve either; the shell copes). The
 * shell's build writes them and the server serves them.
 */
export const SHELL_PAGES = { home: 'index.html', app: 'app.html' } as const;

/** The shell's web app manifest, linked from both pages (decision 037); like them, its name never changes. */
export const WEB_APP_MANIFEST_FILE = 'manifest.webmanifest';

/**
 * The shell's service worker (decision 035), built beside its pages and served from the site root so that its
 * scope is the whole site; revalidated on every request like the pages.
 */
export const SERVICE_WORKER_FILE = 'sw.js';

/** The start of every Cache Storage name the service worker owns; caches named otherwise are never its to clear. */
export const SERVICE_WORKER_CACHE_PREFIX = 'studyhub-sw';

/** One version of an area: its name and the URL of its mf-manifest.json. */
export interface RemoteVersion {
  version: string;
  /** URL of the area's mf-manifest.json, e.g. "/mfe/notes/1.0.0-3f2a9c1d/mf-manifest.json". */
  entry: string;
}

/** A version served to `percent` % of browsers (1–99) beside the live one (decision 008). */
export interface CanaryVersion extends RemoteVersion {
  percent: number;
}

/** One area's entry in /remotes.json: the live version, and optionally a canary. */
export interface RemoteEntry extends RemoteVersion {
  canary?: CanaryVersion;
}

export type RemotesFile = Partial<Record<AreaName, RemoteEntry>>;

export function isCanaryPercent(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 99;
}

function parseRemoteVersion(value: unknown): RemoteVersion | null {
  if (typeof value !== 'object' || value === null) return null;
  const { version, entry } = value as Record<string, unknown>;
  return typeof version === 'string' && typeof entry === 'string' && entry.length > 0
    ? { version, entry }
    : null;
}

/** One area's entry, or null when it is unusable; a malformed canary is dropped and the live version kept. */
export function parseRemoteEntry(value: unknown): RemoteEntry | null {
  const live = parseRemoteVersion(value);
  if (!live) return null;
  const canaryValue = (value as Record<string, unknown>).canary;
  const canary = parseRemoteVersion(canaryValue);
  const percent = (canaryValue as Record<string, unknown> | undefined)?.percent;
  return canary && isCanaryPercent(percent) ? { ...live, canary: { ...canary, percent } } : live;
}

/** Keeps only well-formed entries of known areas, so one bad line cannot take the whole site down. */
export function parseRemotesFile(value: unknown): RemotesFile {
  const remotes: RemotesFile = {};
  if (typeof value !== 'object' || value === null) return remotes;
  for (const area of AREAS) {
    const entry = parseRemoteEntry((value as Record<string, unknown>)[area]);
    if (entry) remotes[area] = entry;
  }
  return remotes;
}

/**
 * What a build needs of the platform package (`@studyhub/shared`) and what its own copy provides (decision 020), written by the
 * config factory next to build-info.json and mf-manifest.json. The shared package is one singleton at run time
 * and the shell's copy is the one that runs (`loaded-first`), so an area's `needs` are compared with the shell's
 * `provides`: by a release, and by the shell when an area fails.
 */
export const SHARED_USAGE_FILE = 'shared-usage.json';

export interface SharedUsage {
  /** The shared package's name (`@studyhub/shared`). */
  package: string;
  /** The version this build was made with: `<package version>-<hash of its sources>`, its federation version. */
  version: string;
  /** Every export of the copy in this build (the shell's copy is what every area runs against). */
  provides: string[];
  /** The exports this build's own code uses, as webpack's module graph records them. */
  needs: string[];
  /**
   * The other workspace packages' versions: the contract, which every app bundles its own copy of, and the
   * tooling that built it (decision 027). Recorded for people and tools reading a release; not compared.
   */
  builtWith: Record<string, string>;
  /**
   * A fingerprint of each provided export's type (decision 028): an export the area needs whose fingerprint in its
   * own copy differs from the shell's changed its signature. Absent in builds made before it was recorded.
   */
  signatures?: Record<string, string>;
}

/** The names in `needs` that `provides` lacks, in `needs`' order. */
export function missingExports(needs: readonly string[], provides: readonly string[]): string[] {
  const have = new Set(provides);
  return needs.filter((name) => !have.has(name));
}

/** Whether a `signatures` value read from a file is what a build writes: export names to fingerprints. */
export function isExportFingerprints(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((fingerprint) => typeof fingerprint === 'string')
  );
}

/**
 * The names in `area.needs` whose type differs between the area's copy and the shell's copy, in `needs`' order;
 * none when either build predates the fingerprints (a rollback to one must still work).
 */
export function changedExports(
  area: Pick<SharedUsage, 'needs' | 'signatures'>,
  shell: Pick<SharedUsage, 'signatures'>,
): string[] {
  const [built, provided] = [area.signatures, shell.signatures];
  if (!built || !provided) return [];
  return area.needs.filter(
    (name) => built[name] !== undefined && provided[name] !== undefined && built[name] !== provided[name],
  );
}

/**
 * The response header of `/remotes.json` that carries a report token: the server's signed word that it served
 * the versions the token names, for a short while. A report counts only with one (decision 025); the header keeps
 * the file itself in the format the release tooling writes.
 */
export const REPORT_TOKEN_HEADER = 'Report-Token';
/**
 * How long a report token is good for; a page open longer asks for a fresh one. Here, not beside the report's
 * schema, so the shell reads it without bringing zod onto Home.
 */
export const REPORT_TOKEN_TTL_MS = 3600_000;
