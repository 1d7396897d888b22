import { apiClient } from '@studyhub/shared';
import type { UnitsReply } from '@studyhub/shared/schemas';

/**
 * GET /api/notes/units?subject&branch (signed in): the units of a subject that have a file, each with a
 * short-lived signed link to preview it inline (`url`) and to download it (`downloadUrl`).
 */
export async function getUnits(subject: string, branch: string, signal?: AbortSignal): Promise<UnitsReply> {
  const { data } = await apiClient.get<UnitsReply>('/api/notes/units', {
    params: { subject, branch },
    signal,
  });
  return data;
}
