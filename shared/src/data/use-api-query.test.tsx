import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { MESSAGES } from '@studyhub/contract';
import { deferred, httpError, networkError, setBrowserOnline } from '../testing';
import { useApiQuery, type ApiQueryOptions } from './use-api-query';

type Fetcher = (signal: AbortSignal) => Promise<string>;

function renderQuery(key: string | null, fetcher: Fetcher, options?: ApiQueryOptions<string>) {
  return renderHook(({ queryKey }: { queryKey: string | null }) => useApiQuery(queryKey, fetcher, options), {
    initialProps: { queryKey: key },
  });
}

afterEach(() => {
  jest.restoreAllMocks();
});

describe('useApiQuery', () => {
  it('is loading, then ready with the data', async () => {
    const answer = deferred<string>();
    const { result } = renderQuery('a', () => answer.promise);
    expect(result.current.status).toBe('loading');
    await act(async () => answer.resolve('data for a'));
    expect(result.current).toMatchObject({ status: 'ready', data: 'data for a', error: null });
  });

  it('aborts the request on unmount and sets nothing afterwards', async () => {
    const answer = deferred<string>();
    let signal: AbortSignal | undefined;
    const onSuccess = jest.fn();
    const { unmount } = renderQuery(
      'a',
      (given) => {
        signal = given;
        return answer.promise;
      },
      { onSuccess },
    );
    expect(signal?.aborted).toBe(false);
    unmount();
    expect(signal?.aborted).toBe(true);
    const consoleError = jest.spyOn(console, 'error');
    await act(async () => answer.resolve('too late'));
    expect(onSuccess).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it('aborts the old request when the key changes, and never shows its late answer', async () => {
    const answers = { a: deferred<string>(), b: deferred<string>() };
    const signals: Record<string, AbortSignal> = {};
    const fetcherFor = (key: 'a' | 'b') => (signal: AbortSignal) => {
      signals[key] = signal;
      return answers[key].promise;
    };
    const { result, rerender } = renderHook(
      ({ queryKey }: { queryKey: 'a' | 'b' }) => useApiQuery(queryKey, fetcherFor(queryKey)),
      { initialProps: { queryKey: 'a' as 'a' | 'b' } },
    );
    rerender({ queryKey: 'b' });
    expect(signals.a?.aborted).toBe(true);
    expect(signals.b?.aborted).toBe(false);
    await act(async () => answers.a.resolve('old answer'));
    expect(result.current.status).toBe('loading');
    await act(async () => answers.b.resolve('new answer'));
    expect(result.current).toMatchObject({ status: 'ready', data: 'new answer' });
  });

  it("carries the server's message, its status, and falls back to errorText", async () => {
    const onError = jest.fn();
    const { result, rerender } = renderHook(
      ({ failure }: { failure: Error }) =>
        useApiQuery(failure.message, () => Promise.reject(failure), {
          errorText: 'Could not load.',
          onError,
        }),
      { initialProps: { failure: httpError(403, { message: 'Admins only.' }) } },
    );
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toMatchObject({ message: 'Admins only.', status: 403 });
    expect(onError).toHaveBeenCalledTimes(1);

    rerender({ failure: networkError() });
    await waitFor(() => expect(result.current.error?.status).toBeNull());
    expect(result.current.error?.message).toBe('Could not load.');
  });

  it('says plainly that the visitor is offline, and asks again by itself when the connection returns', async () => {
    setBrowserOnline(false);
    const answers = [deferred<string>(), deferred<string>()];
    let calls = 0;
    const { result } = renderQuery('a', () => answers[calls++]!.promise, { errorText: 'Could not load.' });
    await act(async () => answers[0]!.reject(networkError()));
    expect(result.current.error).toMatchObject({ message: MESSAGES.offline, status: null, offline: true });

    setBrowserOnline(true);
    expect(calls).toBe(2);
    expect(result.current.status).toBe('loading');
    await act(async () => answers[1]!.resolve('back online'));
    expect(result.current).toMatchObject({ status: 'ready', data: 'back online' });
  });

  it('does not ask again on reconnecting after a failure that was not for want of a network', async () => {
    let calls = 0;
    const { result } = renderQuery('a', () => {
      calls += 1;
      return Promise.reject(httpError(500));
    });
    await waitFor(() => expect(result.current.error).toMatchObject({ status: 500, offline: false }));
    setBrowserOnline(false);
    setBrowserOnline(true);
    expect(calls).toBe(1);
  });

  it('reload asks again, reads as loading until the new answer, and resolves when it has settled', async () => {
    const answers = [deferred<string>(), deferred<string>()];
    let calls = 0;
    const { result } = renderQuery('a', () => answers[calls++]!.promise);
    await act(async () => answers[0]!.reject(httpError(500)));
    expect(result.current.status).toBe('error');

    let reloaded = false;
    act(() => {
      void result.current.reload().then(() => {
        reloaded = true;
      });
    });
    expect(calls).toBe(2);
    expect(result.current.status).toBe('loading');
    expect(reloaded).toBe(false);
    await act(async () => answers[1]!.resolve('second answer'));
    expect(result.current).toMatchObject({ status: 'ready', data: 'second answer' });
    expect(reloaded).toBe(true);
  });

  it('update changes the data shown without asking again', async () => {
    const fetcher = jest.fn<Fetcher>().mockResolvedValue('abc');
    const { result } = renderQuery('a', fetcher);
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.update((data) => data.toUpperCase()));
    expect(result.current.data).toBe('ABC');
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('asks nothing while the key is null', () => {
    const fetcher = jest.fn<Fetcher>().mockResolvedValue('abc');
    const { result } = renderQuery(null, fetcher);
    expect(fetcher).not.toHaveBeenCalled();
    expect(result.current.status).toBe('loading');
  });
});
