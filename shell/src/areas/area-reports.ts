import { API_BASE_URL } from '@studyhub/shared';
import { type AreaName } from '@studyhub/contract';
import type { AreaReport, AreaReportKind } from '@studyhub/contract/schemas';
import { chosenRemote, reportToken } from './area-loader';

/** Where the server counts them for the metrics and the canary guard (decision 025). */
export const AREA_REPORT_URL = `${API_BASE_URL}/api/telemetry/area-error`;

/** What this page load has reported already: each area, version and kind once. */
const reported = new Set<string>();

/**
 * Tells the server that the version of `area` this page load uses opened (`ok`), failed to load, or crashed while
 * rendering. Only the area, its version, the kind and the server's report token go out: nothing of the user, the
 * page or the error. Sent with fetch's keepalive, so it is delivered when the page is being left too; callers
 * need not wait, and a report that does not arrive costs nothing. An admin trying a version of their own reports
 * nothing, as theirs is not what visitors get.
 */
export async function reportArea(area: AreaName, kind: AreaReportKind): Promise<void> {
  const remote = chosenRemote(area);
  if (!remote || remote.channel === 'override') return;
  const key = `${area}@${remote.version}:${kind}`;
  if (reported.has(key)) return;
  reported.add(key);
  const token = await reportToken();
  const report: AreaReport = { area, version: remote.version, kind, ...(token ? { token } : {}) };
  await fetch(AREA_REPORT_URL, {
    method: 'POST',
    keepalive: true,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(report),
  }).catch(() => undefined);
}

/** Forgets what was reported (tests start each case as a new page load). */
export function forgetReports(): void {
  reported.clear();
}
