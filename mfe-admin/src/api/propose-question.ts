import { apiPost } from '@studyhub/shared';
import { questionReply, type QuestionBody, type QuestionReply } from '@studyhub/contract/schemas';

/**
 * POST /api/questions (teachers and admins, decision 034): an important question under one unit of a subject,
 * with its marks and the sessions it was asked in. Answers 201 `{ message, state, question }`, `pending` for a
 * teacher's.
 */
export async function proposeQuestion(body: QuestionBody, timeoutMs: number): Promise<QuestionReply> {
  return apiPost('/api/questions', body, __STUDYHUB_CHECK_REPLIES__ && questionReply, { timeout: timeoutMs });
}
