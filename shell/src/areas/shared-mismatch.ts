/**
 * Why an area that failed may have failed (decisions 020, 028): its build needs `@studyhub/shared` exports that the
 * copy this page runs does not have, or has with another type — an admin's `?area-version=` override or a canary
 * built against other shared sources, which the release checks cannot see. Loaded (a chunk of its own) only after
 * an area has failed, so nothing of it weighs on a first load.
 */
import { getInstance } from '@module-federation/enhanced/runtime';
// The whole namespace on purpose: its keys are the exports the page's singleton really has (the shell's copy).
import * as sharedPackage from '@studyhub/shared';
import {
  changedExports,
  isExportFingerprints,
  missingExports,
  SHARED_USAGE_FILE,
  type AreaName,
  type RemoteVersion,
  type SharedUsage,
} from '@studyhub/contract';

const SHARED_PACKAGE = '@studyhub/shared';

/** The part of an area's shared-usage.json this reads. */
export type AreaSharedUsage = Pick<SharedUsage, 'package' | 'version' | 'needs' | 'signatures'>;

/**
 * What this page provides of the package: its export names, its version when the runtime says, and the
 * fingerprints of its exports' types when the shell's own shared-usage.json says.
 */
export interface PageSharedCopy {
  provides: readonly string[];
  version?: string;
  signatures?: Record<string, string>;
}

function isUsage(value: unknown): value is AreaSharedUsage {
  const usage = value as Partial<AreaSharedUsage> | null;
  return (
    typeof usage === 'object' &&
    usage !== null &&
    typeof usage.package === 'string' &&
    typeof usage.version === 'string' &&
    Array.isArray(usage.needs) &&
    usage.needs.every((name) => typeof name === 'string') &&
    (usage.signatures === undefined || isExportFingerprints(usage.signatures))
  );
}

/** The named reason, or null when the area's needs are all there, with the types it was built against. */
export function mismatchReason(
  area: AreaName,
  remote: RemoteVersion,
  usage: AreaSharedUsage,
  copy: PageSharedCopy,
): string | null {
  const missing = missingExports(usage.needs, copy.provides);
  const changed = changedExports(usage, copy);
  if (missing.length + changed.length === 0) return null;
  const shellCopy = copy.version ? `this shell's copy ${copy.version}` : `this shell's copy`;
  const problems = [
    ...(missing.length > 0
      ? [`needs ${usage.package} exports ${shellCopy} does not provide: ${missing.join(', ')}`]
      : []),
    ...(changed.length > 0
      ? [
          `was built against other signatures of ${usage.package} exports than ${shellCopy} has: ${changed.join(', ')}`,
        ]
      : []),
  ];
  return (
    `${area} ${remote.version} ${problems.join(', and ')} (${area} was built with ${usage.package} ${usage.version}). ` +
    `Release it together with a shell built from the same shared sources, or load another version of ${area}.`
  );
}

/** The version of the package the page's share scope loaded (the singleton every area gets), if it says. */
function loadedSharedVersion(): string | undefined {
  const versions = getInstance()?.shareScopeMap.default?.[SHARED_PACKAGE] ?? {};
  return Object.entries(versions).find(([, shared]) => shared.loaded)?.[0];
}

export function pageSharedCopy(): PageSharedCopy {
  return { provides: Object.keys(sharedPackage), version: loadedSharedVersion() };
}

/** Fetches JSON; null for an answer that is not OK or not JSON. */
async function fetchJson(url: URL): Promise<unknown> {
  try {
    const response = await fetch(url);
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}

/**
 * Compares the failed area's recorded needs (its release folder's shared-usage.json) with this page's copy.
 * The manifest is asked for first (the same URL the runtime used, so no new error in the console when it is
 * missing): only a real build's folder is asked for its shared-usage.json. Null when nothing can be said.
 */
export async function sharedMismatch(
  area: AreaName,
  remote: RemoteVersion,
  copy: PageSharedCopy = pageSharedCopy(),
): Promise<string | null> {
  const manifestUrl = new URL(remote.entry, location.href);
  if ((await fetchJson(manifestUrl)) === null) return null;
  const usage = await fetchJson(new URL(SHARED_USAGE_FILE, manifestUrl));
  if (!isUsage(usage)) return null;
  return mismatchReason(area, remote, usage, usage.signatures ? await withShellSignatures(copy) : copy);
}

/** The copy with its exports' fingerprints, from the shell's own shared-usage.json (the page's copy is the shell's). */
async function withShellSignatures(copy: PageSharedCopy): Promise<PageSharedCopy> {
  if (copy.signatures) return copy;
  const shell = (await fetchJson(new URL(`/${SHARED_USAGE_FILE}`, location.href))) as {
    signatures?: unknown;
  } | null;
  return isExportFingerprints(shell?.signatures) ? { ...copy, signatures: shell.signatures } : copy;
}
