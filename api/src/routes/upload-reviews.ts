/**
 * The admins' review queue (decisions 026, 034): teachers' pending uploads of every kind, oldest first, and one
 * decision on each — approve (notes become their unit's current file, a paper its session's, a question is
 * listed under its unit) or reject with a reason. Two admins deciding at once:
 * one wins, the other gets 409 saying what became of the upload.
 */
import {
  pageQuery,
  reviewConflictReply,
  reviewDecisionBody,
  reviewDecisionReply,
  reviewPage,
  uploadIdParams,
} from '@studyhub/contract/schemas';
import type { UploadReviews } from '../services/upload-reviews';
import { API_MESSAGES } from '../messages';
import { signedInSession, signedInUser } from '../plugins/authenticate';
import { replies, type FastifyZod } from '../plugins/contract';

const ADMIN_ONLY = { config: { access: 'admin' as const } };
const queue = {
  ...ADMIN_ONLY,
  schema: {
    summary: 'Pending uploads, oldest first',
    querystring: pageQuery,
    response: replies({ 200: reviewPage }),
  },
};
const decision = {
  ...ADMIN_ONLY,
  schema: {
    summary: 'Approve or reject a pending upload',
    params: uploadIdParams,
    body: reviewDecisionBody,
    // 409: another admin decided first; the reply says what became of the upload.
    response: replies({ 200: reviewDecisionReply, 409: reviewConflictReply }),
  },
};

/** What the review queue routes use. */
export interface UploadReviewRoutesOptions {
  uploadReviews: UploadReviews;
}

export async function uploadReviewRoutes(
  app: FastifyZod,
  { uploadReviews }: UploadReviewRoutesOptions,
): Promise<void> {
  app.get('/api/admin/reviews', queue, async (request) =>
    uploadReviews.pendingPage(request.query, signedInSession(request)),
  );

  app.post('/api/admin/reviews/:id', decision, async (request) => {
    const admin = signedInUser(request);
    const upload = await uploadReviews.decide(request.params.id, admin, request.body, request.ip);
    return {
      message:
        upload.row.state === 'approved'
          ? API_MESSAGES.uploadApproved[upload.kind]
          : API_MESSAGES.uploadRejected,
      upload: uploadReviews.toUploadItem(upload, signedInSession(request)),
    };
  });
}
