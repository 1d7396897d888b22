import { apiGet } from '@studyhub/shared';
import { followsReply, type FollowsReply } from '@studyhub/contract/schemas';

/** GET /api/follows (signed in, decision 041): the subjects the student follows, oldest first. */
export async function getFollows(signal?: AbortSignal): Promise<FollowsReply> {
  return apiGet('/api/follows', __STUDYHUB_CHECK_REPLIES__ && followsReply, { signal });
}
