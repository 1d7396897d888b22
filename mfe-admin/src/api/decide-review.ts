import { apiPost } from '@studyhub/shared';
import {
  reviewDecisionReply,
  type ReviewDecisionBody,
  type ReviewDecisionReply,
} from '@studyhub/contract/schemas';

/**
 * POST /api/admin/reviews/{id} (admins, decision 026): approve, or reject with a reason. 409 `{ message, state }`
 * when another admin decided first or the upload expired.
 */
export async function decideReview(id: string, decision: ReviewDecisionBody): Promise<ReviewDecisionReply> {
  return apiPost(
    `/api/admin/reviews/${encodeURIComponent(id)}`,
    decision,
    __STUDYHUB_CHECK_REPLIES__ && reviewDecisionReply,
  );
}
