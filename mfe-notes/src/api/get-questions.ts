import { apiGet } from '@studyhub/shared';
import { questionsReply, type QuestionsReply } from '@studyhub/contract/schemas';

/**
 * GET /api/questions?subject (signed in, decision 034): every unit of the subject in order, each with its
 * approved important questions, most-asked first.
 */
export async function getQuestions(subject: string, signal?: AbortSignal): Promise<QuestionsReply> {
  return apiGet('/api/questions', __STUDYHUB_CHECK_REPLIES__ && questionsReply, {
    params: { subject },
    signal,
  });
}
