import { API_BASE_URL } from '@studyhub/shared';
import type { AreaReport } from '@studyhub/contract/schemas';

/** Where the server counts them for the metrics and the canary guard (decision 025). */
export const AREA_REPORT_URL = `${API_BASE_URL}/api/telemetry/area-error`;

/**
 * Tells the server that a version of an area opened (`ok`), failed to load, or crashed while rendering; the
 * registry decides what is reported and when. Sent with fetch's keepalive, so it is delivered when the page is
 * being left too; callers need not wait, and a report that does not arrive costs nothing.
 */
export async function sendAreaReport(report: AreaReport): Promise<void> {
  await fetch(AREA_REPORT_URL, {
    method: 'POST',
    keepalive: true,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(report),
  }).catch(() => undefined);
}
