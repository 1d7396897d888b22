/**
 * Canary bucketing (decision 008): which browsers get an area's canary version. Pure, so the shell, the tests and
 * a static host's visitors all compute the same answer from remotes.json.
 */
import type { AreaName } from './remotes';

const CANARY_BUCKETS = 100;

/**
 * A stable bucket 0–99 for (area, id): FNV-1a over "area:id", then a final avalanche mix so that ids differing
 * in one character (user-1, user-2) spread evenly. Including the area gives each area's canary its own slice.
 */
export function canaryBucket(area: AreaName, id: string): number {
  const text = `${area}:${id}`;
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return (hash >>> 0) % CANARY_BUCKETS;
}

/** Whether `id` is among the `percent` % of ids that get the area's canary. */
export function inCanary(area: AreaName, id: string, percent: number): boolean {
  return canaryBucket(area, id) < percent;
}
