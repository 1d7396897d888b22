import { apiPut } from '@studyhub/shared';
import { followReply } from '@studyhub/contract/schemas';

/** PUT /api/follows/{subjectCode} (signed in, decision 041): follows a subject; following twice is one follow. */
export async function putFollow(subjectCode: string) {
  return apiPut(
    `/api/follows/${encodeURIComponent(subjectCode)}`,
    {},
    __STUDYHUB_CHECK_REPLIES__ && followReply,
  );
}
