import { useCallback } from 'react';
import { apiErrorMessage, useApiQuery } from '@studyhub/shared';
import { deleteFollow } from '../api/delete-follow';
import { getFollows } from '../api/get-follows';
import { putFollow } from '../api/put-follow';
import type { BookmarkWrite } from './use-bookmarks';

/** The subjects the student follows (decision 041), read once per page and kept in step with each tap. */
export function useFollows(wanted = true) {
  const query = useApiQuery(wanted ? 'follows' : null, (signal) => getFollows(signal));
  const { update } = query;
  const follows = query.status === 'ready' ? query.data.follows : null;

  const follow = useCallback(
    async (subjectCode: string): Promise<BookmarkWrite> => {
      try {
        const reply = await putFollow(subjectCode);
        update((data) => ({
          follows: [
            ...data.follows.filter((kept) => kept.subjectCode !== reply.follow.subjectCode),
            reply.follow,
          ],
        }));
        return { ok: true };
      } catch (error) {
        return { ok: false, message: apiErrorMessage(error, 'Could not follow the subject.') };
      }
    },
    [update],
  );

  const unfollow = useCallback(
    async (subjectCode: string): Promise<BookmarkWrite> => {
      try {
        await deleteFollow(subjectCode);
        update((data) => ({
          follows: data.follows.filter(
            (kept) => kept.subjectCode.toUpperCase() !== subjectCode.toUpperCase(),
          ),
        }));
        return { ok: true };
      } catch (error) {
        return { ok: false, message: apiErrorMessage(error, 'Could not unfollow the subject.') };
      }
    },
    [update],
  );

  return {
    query,
    follows,
    isFollowing: (subjectCode: string) =>
      follows === null
        ? null
        : follows.some((kept) => kept.subjectCode.toUpperCase() === subjectCode.toUpperCase()),
    follow,
    unfollow,
  };
}

export type Follows = ReturnType<typeof useFollows>;
