import { apiGet } from '@studyhub/shared';
import { unitsReply, type UnitsReply } from '@studyhub/contract/schemas';

/**
 * GET /api/notes/units?subject&branch (signed in): the units of a subject that have a file, each with a
 * short-lived signed link to preview it inline (`url`) and to download it (`downloadUrl`).
 */
export async function getUnits(subject: string, branch: string, signal?: AbortSignal): Promise<UnitsReply> {
  return apiGet('/api/notes/units', __STUDYHUB_CHECK_REPLIES__ && unitsReply, {
    params: { subject, branch },
    signal,
  });
}
