/**
 * Bookmarks (decision 039, product §7): a user stars a subject, a unit or a page of a unit, with an optional note;
 * starring the same target again replaces its note. At most BOOKMARKS_MAX each. Only the caller's own rows: another
 * user's id is a 404, like an unknown one.
 */
import {
  BOOKMARKS_MAX,
  bookmarkBody,
  bookmarkReply,
  bookmarksReply,
  idParams,
  messageReply,
  STUDY_MESSAGES,
} from '@studyhub/contract/schemas';
import type { Kysely } from 'kysely';
import type { Dialect } from '../db/database';
import type { Database } from '../db/schema';
import type { Clock } from '../lib/clock';
import { HttpError } from '../http-errors';
import { API_MESSAGES } from '../messages';
import { signedInUser } from '../plugins/authenticate';
import { replies, type FastifyZod } from '../plugins/contract';
import { toBookmark } from '../presenters/study';
import { bookmarksOf, deleteBookmark, saveBookmark } from '../repositories/bookmarks';
import { BODY_LIMIT, rateLimit } from './route-limits';

/** What the bookmark routes use. */
export interface BookmarkRoutesOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  /** Multiplies the per-IP rate limits (route-limits.ts). */
  rateLimitFactor: number;
}

export async function bookmarkRoutes(
  app: FastifyZod,
  { db, dialect, clock, rateLimitFactor }: BookmarkRoutesOptions,
): Promise<void> {
  const writes = { access: 'signed-in' as const, rateLimit: rateLimit(rateLimitFactor, 'study') };

  app.post(
    '/api/bookmarks',
    {
      bodyLimit: BODY_LIMIT.study,
      config: writes,
      schema: {
        summary: 'Star a subject, a unit or a page (again: its note is replaced)',
        body: bookmarkBody,
        response: replies({ 200: bookmarkReply, 201: bookmarkReply }),
      },
    },
    async (request, reply) => {
      const { subject, unit, page, note } = request.body;
      const saved = await saveBookmark(
        db,
        dialect,
        { userId: signedInUser(request).id, subjectCode: subject.code, unit, page, note },
        { max: BOOKMARKS_MAX, nowIso: clock().toISOString() },
      );
      if (saved === 'full') throw new HttpError(409, STUDY_MESSAGES.bookmarksFull);
      return reply.code(saved.created ? 201 : 200).send({
        message: saved.created ? API_MESSAGES.bookmarked : API_MESSAGES.bookmarkUpdated,
        bookmark: toBookmark(saved.bookmark),
      });
    },
  );

  app.get(
    '/api/bookmarks',
    {
      config: { access: 'signed-in' },
      schema: { summary: "The user's bookmarks, newest first", response: replies({ 200: bookmarksReply }) },
    },
    async (request) => ({ bookmarks: (await bookmarksOf(db, signedInUser(request).id)).map(toBookmark) }),
  );

  app.delete(
    '/api/bookmarks/:id',
    {
      config: writes,
      schema: { summary: 'Remove a bookmark', params: idParams, response: replies({ 200: messageReply }) },
    },
    async (request) => {
      if (!(await deleteBookmark(db, signedInUser(request).id, request.params.id)))
        throw new HttpError(404, API_MESSAGES.bookmarkNotFound);
      return { message: API_MESSAGES.bookmarkRemoved };
    },
  );
}
