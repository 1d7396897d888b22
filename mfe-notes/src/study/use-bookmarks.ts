import { useCallback } from 'react';
import { apiErrorMessage, useApiQuery } from '@studyhub/shared';
import type { Bookmark, BookmarkBody } from '@studyhub/contract/schemas';
import { deleteBookmark } from '../api/delete-bookmark';
import { getBookmarks } from '../api/get-bookmarks';
import { postBookmark } from '../api/post-bookmark';

/** What a star marks: a subject, a unit of it, or a page of that unit's file. */
export interface BookmarkTarget {
  subject: string;
  unit: number | null;
  page: number | null;
}

const sameTarget = (bookmark: Bookmark, target: BookmarkTarget) =>
  bookmark.subjectCode.toUpperCase() === target.subject.toUpperCase() &&
  bookmark.unit === target.unit &&
  bookmark.page === target.page;

/** A write that failed, with the server's message (the note rule, the 200-bookmark limit) to show. */
export type BookmarkWrite = { ok: true } | { ok: false; message: string };

/**
 * The student's bookmarks as one page reads and changes them (decision 041): read once, then kept in step with
 * each star and removal without asking again.
 */
export function useBookmarks(wanted = true) {
  const query = useApiQuery(wanted ? 'bookmarks' : null, (signal) => getBookmarks(signal));
  const { update } = query;
  const bookmarks = query.status === 'ready' ? query.data.bookmarks : null;

  const star = useCallback(
    async (target: BookmarkTarget, note: string): Promise<BookmarkWrite> => {
      const body: BookmarkBody = { ...target, note };
      try {
        const { bookmark } = await postBookmark(body);
        update((data) => ({
          bookmarks: [bookmark, ...data.bookmarks.filter((kept) => kept._id !== bookmark._id)],
        }));
        return { ok: true };
      } catch (error) {
        return { ok: false, message: apiErrorMessage(error, 'Could not save the bookmark.') };
      }
    },
    [update],
  );

  const remove = useCallback(
    async (id: string): Promise<BookmarkWrite> => {
      try {
        await deleteBookmark(id);
        update((data) => ({ bookmarks: data.bookmarks.filter((kept) => kept._id !== id) }));
        return { ok: true };
      } catch (error) {
        return { ok: false, message: apiErrorMessage(error, 'Could not remove the bookmark.') };
      }
    },
    [update],
  );

  return {
    query,
    bookmarks,
    find: (target: BookmarkTarget) => bookmarks?.find((bookmark) => sameTarget(bookmark, target)) ?? null,
    star,
    remove,
  };
}

export type Bookmarks = ReturnType<typeof useBookmarks>;
