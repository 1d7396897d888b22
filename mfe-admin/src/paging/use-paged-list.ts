import { useEffect, useState } from 'react';

export interface PageOf<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

/** The answer to one request (a page, asked for the n-th time), or that it failed. */
type Result<T> = { request: string; data: PageOf<T> } | { request: string; failed: true };

export interface PagedListState<T> {
  page: number;
  setPage(page: number): void;
  retry(): void;
  loading: boolean;
  /** The page shown; null while loading or after a failure. */
  data: PageOf<T> | null;
}

/**
 * One page of a newest-first list at a time (the activity and messages pages). Only the answer to the latest
 * request is shown, so clicking quickly never shows an older page under a newer number, and Retry shows
 * loading again until its answer arrives.
 */
export function usePagedList<T>(fetchPage: (page: number) => Promise<PageOf<T>>): PagedListState<T> {
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<Result<T> | null>(null);

  const request = `${page}/${attempt}`;

  useEffect(() => {
    let current = true;
    fetchPage(page).then(
      (data) => {
        if (current) setResult({ request, data });
      },
      (error: unknown) => {
        console.error('Failed to load a page of the list', error);
        if (current) setResult({ request, failed: true });
      },
    );
    return () => {
      current = false;
    };
  }, [fetchPage, page, request]);

  const shown = result?.request === request ? result : null;
  return {
    page,
    setPage,
    retry: () => setAttempt((count) => count + 1),
    loading: shown === null,
    data: shown !== null && 'data' in shown ? shown.data : null,
  };
}
