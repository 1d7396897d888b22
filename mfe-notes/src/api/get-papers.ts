import { apiGet } from '@studyhub/shared';
import { papersReply, type PapersReply } from '@studyhub/contract/schemas';

/**
 * GET /api/papers?subject (signed in, decision 034): the subject's approved papers, one per exam session, newest
 * session first, each with short-lived signed links to preview it inline (`url`) and to download it.
 */
export async function getPapers(subject: string, signal?: AbortSignal): Promise<PapersReply> {
  return apiGet('/api/papers', __STUDYHUB_CHECK_REPLIES__ && papersReply, { params: { subject }, signal });
}
