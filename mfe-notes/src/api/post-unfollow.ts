import { apiPost } from '@studyhub/shared';
import { unfollowReply, type UnfollowReply } from '@studyhub/contract/schemas';

/**
 * POST /api/follows/unfollow?token= (open, decision 041): the digest mail's link stops one follow. Sent only on
 * the student's tap, never on the page's load, since mail scanners open links.
 */
export async function postUnfollow(token: string): Promise<UnfollowReply> {
  return apiPost('/api/follows/unfollow', null, __STUDYHUB_CHECK_REPLIES__ && unfollowReply, {
    params: { token },
  });
}
