/**
 * "Try a version in your browser" (decision 008): an admin opens any page with `?area-version=notes@<version>` and
 * this browser alone loads that released version of the area until they press Reset. Other browsers, and this
 * one once signed out or not an admin, get what remotes.json says.
 */
import { isAdmin, readStoredSession } from '@studyhub/shared';
import { isAreaName, STORAGE_KEYS, VERSION_PATTERN, type AreaName } from '@studyhub/contract';
import type { AreaVersions } from './area-choice';
import { AREA_VERSION_PARAM, type OverrideResolution } from './override-request';

export { AREA_VERSION_PARAM };

function signedInAdmin(storage: Storage): boolean {
  const session = readStoredSession(storage);
  return session.kind === 'valid' && isAdmin(session.user);
}

/** The stored overrides, keeping only well-formed ones. */
export function storedOverrides(storage: Storage = localStorage): AreaVersions {
  let value: unknown;
  try {
    value = JSON.parse(storage.getItem(STORAGE_KEYS.areaVersions) ?? '{}');
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      ([area, version]) => isAreaName(area) && typeof version === 'string' && VERSION_PATTERN.test(version),
    ),
  ) as AreaVersions;
}

export function clearOverrides(storage: Storage = localStorage): void {
  storage.removeItem(STORAGE_KEYS.areaVersions);
}

/** `notes@1.0.0-3f2a9c1d` → the area and version, or null. */
export function parseOverrideRequest(text: string): { area: AreaName; version: string } | null {
  const at = text.indexOf('@');
  const area = text.slice(0, at);
  const version = text.slice(at + 1);
  return at > 0 && isAreaName(area) && VERSION_PATTERN.test(version) ? { area, version } : null;
}

/**
 * Start-up: takes `?area-version=` requests from the address (and removes them from it), keeps the ones that
 * name a released version, and returns the overrides that apply to this page load (admins only).
 */
export async function resolveOverrides(
  isReleased: (area: AreaName, version: string) => Promise<boolean>,
  storage: Storage = localStorage,
  location: Location = window.location,
): Promise<OverrideResolution> {
  const url = new URL(location.href);
  const requests = url.searchParams.getAll(AREA_VERSION_PARAM);
  if (requests.length > 0) {
    url.searchParams.delete(AREA_VERSION_PARAM);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  if (!signedInAdmin(storage)) {
    const notice = requests.length > 0 ? 'Only a signed-in admin can try another version of an area.' : null;
    return { overrides: {}, notice };
  }
  const overrides = storedOverrides(storage);
  const refused: string[] = [];
  for (const request of requests) {
    const parsed = parseOverrideRequest(request);
    if (parsed && (await isReleased(parsed.area, parsed.version))) overrides[parsed.area] = parsed.version;
    else refused.push(request);
  }
  if (requests.length > refused.length) storage.setItem(STORAGE_KEYS.areaVersions, JSON.stringify(overrides));
  const notice = refused.length > 0 ? `Not a released version, so not loaded: ${refused.join(', ')}.` : null;
  return { overrides, notice };
}
