import { apiGet } from '@studyhub/shared';
import { semesterReply, type SemesterReply } from '@studyhub/contract/schemas';

/** GET /api/me/semester (signed in, decision 041): the semester Home starts with; null until one was browsed. */
export async function getSemester(signal?: AbortSignal): Promise<SemesterReply> {
  return apiGet('/api/me/semester', __STUDYHUB_CHECK_REPLIES__ && semesterReply, { signal });
}
