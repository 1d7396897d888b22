/**
 * Where a user left off (decision 039, product §7): the semester their Home starts with, and how far they read
 * each file, written in batches by the reader and read back as "Continue reading" or per subject. Every call acts
 * on the caller's own rows; none takes a user id.
 */
import {
  CONTINUE_READING_MAX,
  progressBody,
  progressQuery,
  progressReply,
  progressWriteReply,
  semesterBody,
  semesterReply,
} from '@studyhub/contract/schemas';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Clock } from '../lib/clock';
import { signedInUser } from '../plugins/authenticate';
import { replies, type FastifyZod } from '../plugins/contract';
import { toReadingProgress } from '../presenters/study';
import { currentProgress } from '../repositories/reading-progress';
import { saveSemester, semesterOf } from '../repositories/study-profiles';
import { saveReadingProgress } from '../services/reading-progress';
import { BODY_LIMIT, rateLimit } from './route-limits';

/** What the semester and progress routes use. */
export interface StudyRoutesOptions {
  db: Kysely<Database>;
  clock: Clock;
  /** Multiplies the per-IP rate limits (route-limits.ts). */
  rateLimitFactor: number;
}

export async function studyRoutes(
  app: FastifyZod,
  { db, clock, rateLimitFactor }: StudyRoutesOptions,
): Promise<void> {
  app.get(
    '/api/me/semester',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: "The semester the user's Home starts with (null until set)",
        response: replies({ 200: semesterReply }),
      },
    },
    async (request) => ({ semester: await semesterOf(db, signedInUser(request).id) }),
  );

  app.put(
    '/api/me/semester',
    {
      bodyLimit: BODY_LIMIT.study,
      config: { access: 'signed-in', rateLimit: rateLimit(rateLimitFactor, 'study') },
      schema: {
        summary: "Set the semester the user's Home starts with",
        body: semesterBody,
        response: replies({ 200: semesterReply }),
      },
    },
    async (request) => {
      const { semester } = request.body;
      await saveSemester(db, signedInUser(request).id, semester, clock().toISOString());
      return { semester };
    },
  );

  app.put(
    '/api/progress',
    {
      bodyLimit: BODY_LIMIT.progress,
      config: { access: 'signed-in', rateLimit: rateLimit(rateLimitFactor, 'progress') },
      schema: {
        summary: 'Record pages read (a batch; the latest read of each file wins)',
        body: progressBody,
        response: replies({ 200: progressWriteReply }),
      },
    },
    async (request) => saveReadingProgress(db, clock, signedInUser(request).id, request.body.entries),
  );

  app.get(
    '/api/progress',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'How far the user read current files, most recently read first',
        querystring: progressQuery,
        response: replies({ 200: progressReply }),
      },
    },
    async (request) => {
      const { subject } = request.query;
      const rows = await currentProgress(
        db,
        signedInUser(request).id,
        subject ? { subjectCode: subject.code } : { limit: CONTINUE_READING_MAX },
      );
      return { items: rows.map(toReadingProgress) };
    },
  );
}
