import { useState, type ReactNode } from 'react';
import { useSession } from '@studyhub/shared';
import { BookmarkStar } from '../study/bookmark-star';
import { STUDY_TEXTS } from '../study/study-texts';
import type { Bookmarks } from '../study/use-bookmarks';
import { recordPage } from './browser-progress';
import type { ReadFile } from './progress-recorder';

/**
 * What an open reader does for the student (decision 041): every page it shows goes to the progress recorder,
 * and, for a unit's notes, the page in view has a star. `file` is null while nothing is read.
 */
export function useReading(
  file: ReadFile | null,
  bookmarks?: Bookmarks,
): { onPageChange?(page: number, pages: number): void; pageTools?: ReactNode } {
  const { user } = useSession();
  const [page, setPage] = useState<number | null>(null);
  const userId = user?._id;
  if (!file || !userId) return {};
  const onPageChange = (shown: number, pages: number) => {
    setPage(shown);
    recordPage(userId, file, shown, pages);
  };
  const pageTools = bookmarks && file.kind === 'note' && file.unit !== null && page !== null && (
    <BookmarkStar
      target={{ subject: file.subjectCode, unit: file.unit, page }}
      label={STUDY_TEXTS.bookmarkPage(page)}
      bookmarks={bookmarks}
    />
  );
  return { onPageChange, pageTools: pageTools || undefined };
}
