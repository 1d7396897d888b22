import { useCallback, useEffect, useRef, useState } from 'react';
import { apiErrorMessage, apiErrorReply, isOfflineFailure } from '../api/client';
import { useOnReconnect } from '../connection/use-online';

/** A failed read as the UI needs it: the text to show (the server's `{ message }` first) and the HTTP status. */
export interface ApiQueryError {
  message: string;
  /** The reply's status; null when there was no reply (offline, timeout, an error in the browser). */
  status: number | null;
  /** No reply because the browser is offline: the message says so, and the query asks again once it is back. */
  offline: boolean;
  cause: unknown;
}

export type ApiQueryStatus = 'loading' | 'error' | 'ready';

export type ApiQuery<T> = (
  | { status: 'loading'; data: undefined; error: null }
  | { status: 'error'; data: undefined; error: ApiQueryError }
  | { status: 'ready'; data: T; error: null }
) & {
  /** Asks again; the query reads as loading until this answer arrives. Resolves once it has settled. */
  reload(): Promise<void>;
  /** Changes the data shown after a mutation (a row replaced, one removed), without asking the server. */
  update(change: (data: T) => T): void;
};

export interface ApiQueryOptions<T> {
  /** `error.message` when the server sent no `{ message }`. */
  errorText?: string;
  /** Runs once per answer to the current key (not for an answer that came too late). */
  onSuccess?(data: T): void;
  onError?(error: ApiQueryError): void;
}

type Settled<T> = { request: string } & ({ ok: true; data: T } | { ok: false; error: ApiQueryError });

const DEFAULT_ERROR_TEXT = 'Something went wrong. Please try again.';

/**
 * The one way an area reads data in the browser (decision 021). `key` names what is read (null: nothing to
 * read yet, the query stays loading); when it changes, the older request is aborted (the signal goes to axios)
 * and only the answer for the current key is ever shown, so a slow old answer never replaces a newer one.
 * A read that failed for want of a network is read again when the connection returns. Nothing is set after
 * unmount.
 */
export function useApiQuery<T>(
  key: string | null,
  fetcher: (signal: AbortSignal) => Promise<T>,
  options: ApiQueryOptions<T> = {},
): ApiQuery<T> {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  // The latest fetcher and callbacks: callers pass new closures every render, which must not refetch.
  const latest = useRef({ key, fetcher, options });
  useEffect(() => {
    latest.current = { key, fetcher, options };
  });
  const attempts = useRef(0);
  const waiting = useRef<{ attempt: number; resolve(): void }[]>([]);

  const request = key === null ? null : `${attempt}:${key}`;

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    const thisRequest = `${attempt}:${key}`;
    const done = () => {
      const ready = waiting.current.filter((waiter) => waiter.attempt <= attempt);
      waiting.current = waiting.current.filter((waiter) => waiter.attempt > attempt);
      ready.forEach((waiter) => waiter.resolve());
    };
    latest.current.fetcher(controller.signal).then(
      (data) => {
        // Aborted: unmounted, or the key or attempt changed; this answer is no longer wanted.
        if (controller.signal.aborted) return;
        setSettled({ request: thisRequest, ok: true, data });
        latest.current.options.onSuccess?.(data);
        done();
      },
      (cause: unknown) => {
        if (controller.signal.aborted) return;
        const error: ApiQueryError = {
          message: apiErrorMessage(cause, latest.current.options.errorText ?? DEFAULT_ERROR_TEXT),
          status: apiErrorReply(cause)?.status ?? null,
          offline: isOfflineFailure(cause),
          cause,
        };
        setSettled({ request: thisRequest, ok: false, error });
        latest.current.options.onError?.(error);
        done();
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  // A caller awaiting reload() is not left hanging when the component goes away.
  useEffect(
    () => () => {
      waiting.current.forEach((waiter) => waiter.resolve());
      waiting.current = [];
    },
    [],
  );

  const reload = useCallback(() => {
    // Nothing to read: there is no answer to wait for.
    if (latest.current.key === null) return Promise.resolve();
    attempts.current += 1;
    const next = attempts.current;
    setAttempt(next);
    return new Promise<void>((resolve) => waiting.current.push({ attempt: next, resolve }));
  }, []);

  const update = useCallback((change: (data: T) => T) => {
    setSettled((current) => (current?.ok ? { ...current, data: change(current.data) } : current));
  }, []);

  // An answer for another key or an earlier attempt reads as loading.
  const shown = settled !== null && settled.request === request ? settled : null;
  useOnReconnect(shown?.ok === false && shown.error.offline ? reload : null);
  if (shown === null) return { status: 'loading', data: undefined, error: null, reload, update };
  if (!shown.ok) return { status: 'error', data: undefined, error: shown.error, reload, update };
  return { status: 'ready', data: shown.data, error: null, reload, update };
}
