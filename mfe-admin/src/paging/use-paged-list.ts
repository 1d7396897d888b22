import { useState } from 'react';
import { useApiQuery } from '@studyhub/shared';

export interface PageOf<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

export interface PagedListState<T> {
  page: number;
  setPage(page: number): void;
  retry(): void;
  /** Changes the page shown after a change made on it (a row decided), without asking the server. */
  update(change: (data: PageOf<T>) => PageOf<T>): void;
  loading: boolean;
  /** The page could not be read for want of a network; it is read again when the connection returns. */
  offline: boolean;
  /** The page shown; null while loading or after a failure. */
  data: PageOf<T> | null;
}

/**
 * One page of a list at a time (the activity, messages, review and My uploads pages). Only the answer to the latest
 * request is shown (useApiQuery), so clicking quickly never shows an older page under a newer number, and Retry
 * shows loading again until its answer arrives.
 */
export function usePagedList<T>(
  fetchPage: (page: number, signal: AbortSignal) => Promise<PageOf<T>>,
): PagedListState<T> {
  const [page, setPage] = useState(1);
  const query = useApiQuery(String(page), (signal) => fetchPage(page, signal), {
    onError: ({ cause }) => console.error('Failed to load a page of the list', cause),
  });
  return {
    page,
    setPage,
    retry: () => void query.reload(),
    update: query.update,
    loading: query.status === 'loading',
    offline: query.error?.offline === true,
    data: query.data ?? null,
  };
}
