/**
 * Important questions (decision 034): a teacher or an admin adds a question under one unit of a subject (an
 * admin's is published at once, a teacher's waits for review under the caps every kind of upload shares), and
 * signed-in users read a subject's questions by unit, most-asked first.
 */
import {
  questionBody,
  questionReply,
  questionsQuery,
  questionsReply,
  type QuestionReply,
} from '@studyhub/contract/schemas';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { UploadReviews } from '../services/upload-reviews';
import { API_MESSAGES } from '../messages';
import { signedInSession, signedInUser } from '../plugins/authenticate';
import { replies, type FastifyZod } from '../plugins/contract';
import { approvedQuestionsOfSubject } from '../repositories/important-questions';
import { toQuestion, toQuestionsReply } from '../presenters/important-questions';
import { BODY_LIMIT, rateLimit } from './route-limits';

/** What the question routes use. */
export interface QuestionsRoutesOptions {
  db: Kysely<Database>;
  uploadReviews: UploadReviews;
  /** Multiplies the per-IP rate limits (route-limits.ts). */
  rateLimitFactor: number;
}

export async function questionsRoutes(
  app: FastifyZod,
  { db, uploadReviews, rateLimitFactor }: QuestionsRoutesOptions,
): Promise<void> {
  app.post(
    '/api/questions',
    {
      bodyLimit: BODY_LIMIT.question,
      config: { access: 'teacher', rateLimit: rateLimit(rateLimitFactor, 'upload') },
      schema: {
        summary: 'Add an important question under a unit of a subject',
        body: questionBody,
        response: replies({ 201: questionReply }),
      },
    },
    async (request, reply) => {
      const uploader = signedInUser(request);
      // Overdue uploads expire first, so they hold no place under the caps.
      await uploadReviews.checkCaps(uploader);
      // Who the sender is now decides (docs/security.md item 48).
      const { row, state } = await uploadReviews.record(
        { kind: 'question', question: request.body, uploaderId: uploader.id },
        { session: signedInSession(request), ip: request.ip },
      );
      const sent: QuestionReply = {
        message: state === 'approved' ? API_MESSAGES.questionAdded : API_MESSAGES.submitted,
        state,
        question: { ...toQuestion(row), subjectCode: row.subject_code, unit: row.unit },
      };
      return reply.code(201).send(sent);
    },
  );

  app.get(
    '/api/questions',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: "A subject's important questions by unit, most-asked first",
        querystring: questionsQuery,
        response: replies({ 200: questionsReply }),
      },
    },
    async (request) => {
      const { subject } = request.query;
      return toQuestionsReply(subject, await approvedQuestionsOfSubject(db, subject.code));
    },
  );
}
