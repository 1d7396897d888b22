/**
 * Followed subjects (decision 039, product §7): a user follows up to FOLLOWS_MAX subjects, and the digest mails
 * them what became visible there. Following and unfollowing are idempotent. The digest's unfollow link works with
 * no session: its signed token names the user and the subject (services/unfollow-links.ts), and a mail client's
 * one-click unsubscribe (RFC 8058) posts it with a form body that is read and ignored.
 */
import {
  FOLLOWS_MAX,
  followParams,
  followReply,
  followsReply,
  messageReply,
  STUDY_MESSAGES,
  unfollowQuery,
  unfollowReply,
} from '@studyhub/contract/schemas';
import { findSubject } from '@studyhub/contract/catalog';
import type { Kysely } from 'kysely';
import type { Dialect } from '../db/database';
import type { Database } from '../db/schema';
import type { Clock } from '../lib/clock';
import { HttpError } from '../http-errors';
import { API_MESSAGES } from '../messages';
import { signedInUser } from '../plugins/authenticate';
import { replies, type FastifyZod } from '../plugins/contract';
import { toFollow } from '../presenters/study';
import { addFollow, followsOf, removeFollows } from '../repositories/follows';
import type { UnfollowLinks } from '../services/unfollow-links';
import { anonymousRoute, BODY_LIMIT, rateLimit } from './route-limits';

/** What the follow routes use. */
export interface FollowRoutesOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  unfollowLinks: UnfollowLinks;
  /** Multiplies the per-IP rate limits (route-limits.ts). */
  rateLimitFactor: number;
}

export async function followRoutes(
  app: FastifyZod,
  { db, dialect, clock, unfollowLinks, rateLimitFactor }: FollowRoutesOptions,
): Promise<void> {
  const writes = { access: 'signed-in' as const, rateLimit: rateLimit(rateLimitFactor, 'study') };
  // RFC 8058's body, `List-Unsubscribe=One-Click`: taken as text and ignored (the token says it all).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: BODY_LIMIT.auth },
    (_request, _body, done) => done(null, undefined),
  );

  app.put(
    '/api/follows/:subjectCode',
    {
      config: writes,
      schema: { summary: 'Follow a subject', params: followParams, response: replies({ 200: followReply }) },
    },
    async (request) => {
      const { subjectCode: subject } = request.params;
      const follow = await addFollow(
        db,
        dialect,
        { userId: signedInUser(request).id, subjectCode: subject.code },
        { max: FOLLOWS_MAX, nowIso: clock().toISOString() },
      );
      if (follow === 'full') throw new HttpError(409, STUDY_MESSAGES.followsFull);
      return { message: API_MESSAGES.following(subject.name), follow: toFollow(follow) };
    },
  );

  app.delete(
    '/api/follows/:subjectCode',
    {
      config: writes,
      schema: {
        summary: 'Stop following a subject',
        params: followParams,
        response: replies({ 200: messageReply }),
      },
    },
    async (request) => {
      const { subjectCode: subject } = request.params;
      await removeFollows(db, signedInUser(request).id, [subject.code]);
      return { message: API_MESSAGES.unfollowed(subject.name) };
    },
  );

  app.get(
    '/api/follows',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'The subjects the user follows, oldest first',
        response: replies({ 200: followsReply }),
      },
    },
    async (request) => ({ follows: (await followsOf(db, signedInUser(request).id)).map(toFollow) }),
  );

  app.post(
    '/api/follows/unfollow',
    {
      ...anonymousRoute(rateLimitFactor, 'unfollow'),
      schema: {
        summary: "Stop following a subject by the digest mail's link (no session needed)",
        querystring: unfollowQuery,
        response: replies({ 200: unfollowReply }),
      },
    },
    async (request) => {
      const target = unfollowLinks.read(request.query.token);
      const subjects = target?.subjectCodes.map((code) => findSubject(code)) ?? [];
      if (!target || subjects.length === 0 || !subjects.every((subject) => subject !== undefined))
        throw new HttpError(400, STUDY_MESSAGES.unfollowLink);
      await removeFollows(
        db,
        target.userId,
        subjects.map((subject) => subject.code),
      );
      return {
        message: API_MESSAGES.unfollowedByLink(subjects.map((subject) => subject.name)),
        subjectCode: subjects[0]!.code,
        subject: subjects[0]!.name,
      };
    },
  );
}
