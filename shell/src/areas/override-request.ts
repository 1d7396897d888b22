/**
 * What every page load needs to know about "try a version in your browser" (decision 008), without its code: the
 * code (area-overrides.ts, the banner) is loaded only by a page load that asks for an override or a browser that
 * keeps one (decision 014).
 */
import { STORAGE_KEYS } from '@studyhub/contract';
import type { AreaVersions } from './area-choice';

export const AREA_VERSION_PARAM = 'area-version';

export interface OverrideResolution {
  /** The overrides this page load applies. */
  overrides: AreaVersions;
  /** Why a requested version was not taken, for the banner. */
  notice: string | null;
}

/** A page load that tries no other versions (everyone's, and the prerendered page's). */
export const NO_OVERRIDES: OverrideResolution = { overrides: {}, notice: null };

/** Whether this page load may try other versions: it asks for one, or this browser keeps some. */
export function mayOverride(storage: Storage = localStorage, location: Location = window.location): boolean {
  return (
    new URL(location.href).searchParams.has(AREA_VERSION_PARAM) ||
    storage.getItem(STORAGE_KEYS.areaVersions) !== null
  );
}

/** Whether the page shows the override banner: versions in force, or a notice about a refused request. */
export function showsOverrides({ overrides, notice }: OverrideResolution): boolean {
  return Object.keys(overrides).length > 0 || notice !== null;
}
