import { useEffect, useState } from 'react';

export interface PageOf<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

/** What a page shows: the answer for the page asked for, or that it failed; anything else is loading. */
type Result<T> = { page: number; data: PageOf<T> } | { page: number; failed: true };

/**
 * One page of a newest-first list at a time (the activity and messages pages). An answer for a page no
 * longer shown is dropped, so clicking quickly never shows an older page under a newer number.
 */
export interface PagedListState<T> {
  page: number;
  setPage(page: number): void;
  retry(): void;
  loading: boolean;
  /** The page shown; null while loading or after a failure. */
  data: PageOf<T> | null;
}

export function usePagedList<T>(fetchPage: (page: number) => Promise<PageOf<T>>): PagedListState<T> {
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<Result<T> | null>(null);

  useEffect(() => {
    let current = true;
    fetchPage(page).then(
      (data) => {
        if (current) setResult({ page, data });
      },
      (error: unknown) => {
        console.error('Failed to load a page of the list', error);
        if (current) setResult({ page, failed: true });
      },
    );
    return () => {
      current = false;
    };
  }, [fetchPage, page, attempt]);

  const shown = result?.page === page ? result : null;
  return {
    page,
    setPage,
    retry: () => setAttempt((count) => count + 1),
    loading: shown === null,
    data: shown !== null && 'data' in shown ? shown.data : null,
  };
}
