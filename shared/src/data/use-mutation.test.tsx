import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, jest } from '@jest/globals';
import { deferred, httpError, networkError } from '../testing';
import { notify } from '../ui/toasts';
import { serverMessageOr, useMutation, type MutationOptions } from './use-mutation';

type Send = (name: string) => Promise<{ message: string }>;

function renderMutation(send: Send, options: MutationOptions<[string], { message: string }> = {}) {
  return renderHook(() => useMutation(send, options));
}

describe('useMutation', () => {
  it('is busy while the request runs, then toasts success and runs onSuccess with the arguments', async () => {
    const success = jest.spyOn(notify, 'success').mockImplementation(() => undefined);
    const answer = deferred<{ message: string }>();
    const onSuccess = jest.fn<(reply: { message: string }, args: [string]) => void>();
    const { result } = renderMutation(() => answer.promise, {
      successToast: (reply) => reply.message,
      onSuccess,
    });
    let outcome: Promise<boolean> = Promise.resolve(false);
    act(() => {
      outcome = result.current.run('row-1');
    });
    expect(result.current.busy).toBe(true);
    expect(result.current.variables).toEqual(['row-1']);
    await act(async () => answer.resolve({ message: 'Merged 2 entries.' }));
    expect(await outcome).toBe(true);
    expect(result.current.busy).toBe(false);
    expect(success).toHaveBeenCalledWith('Merged 2 entries.');
    expect(onSuccess).toHaveBeenCalledWith({ message: 'Merged 2 entries.' }, ['row-1']);
    success.mockRestore();
  });

  it("toasts the server's message on failure, else the fallback, and resolves false", async () => {
    const error = jest.spyOn(notify, 'error').mockImplementation(() => undefined);
    const onError = jest.fn<(error: unknown, args: [string]) => void>();
    const send = jest
      .fn<Send>()
      .mockRejectedValueOnce(httpError(400, { message: 'Email already registered' }))
      .mockRejectedValueOnce(networkError());
    const { result } = renderMutation(send, { errorToast: serverMessageOr('Registration failed'), onError });
    await act(async () => expect(await result.current.run('a')).toBe(false));
    await act(async () => expect(await result.current.run('b')).toBe(false));
    expect(error.mock.calls.map(([text]) => text)).toEqual([
      'Email already registered',
      'Registration failed',
    ]);
    expect(onError).toHaveBeenCalledTimes(2);
    expect(result.current.busy).toBe(false);
    error.mockRestore();
  });

  it('ignores a second call while one runs, unless calls may overlap', async () => {
    const answer = deferred<{ message: string }>();
    const send = jest.fn<Send>().mockReturnValue(answer.promise);
    const { result } = renderMutation(send);
    let second: Promise<boolean> = Promise.resolve(true);
    act(() => {
      void result.current.run('a');
      second = result.current.run('a');
    });
    expect(await second).toBe(false);
    expect(send).toHaveBeenCalledTimes(1);
    await act(async () => answer.resolve({ message: '' }));

    const later = deferred<{ message: string }>();
    send.mockReturnValue(later.promise);
    const overlapping = renderMutation(send, { concurrent: true });
    act(() => {
      void overlapping.result.current.run('a');
      void overlapping.result.current.run('b');
    });
    expect(send).toHaveBeenCalledTimes(3);
    expect(overlapping.result.current.variables).toEqual(['b']);
    await act(async () => later.resolve({ message: '' }));
    expect(overlapping.result.current.busy).toBe(false);
  });

  it('stays busy after success with keepBusy, until reset', async () => {
    const { result } = renderMutation(() => Promise.resolve({ message: '' }), { keepBusy: true });
    await act(async () => {
      await result.current.run('a');
    });
    expect(result.current.busy).toBe(true);
    act(() => result.current.reset());
    expect(result.current.busy).toBe(false);
  });

  it('sets nothing after unmount, but still toasts (the toast speaks to the next page)', async () => {
    const success = jest.spyOn(notify, 'success').mockImplementation(() => undefined);
    const consoleError = jest.spyOn(console, 'error');
    const answer = deferred<{ message: string }>();
    const { result, unmount } = renderMutation(() => answer.promise, { successToast: 'Saved' });
    act(() => {
      void result.current.run('a');
    });
    unmount();
    await act(async () => answer.resolve({ message: '' }));
    expect(success).toHaveBeenCalledWith('Saved');
    expect(consoleError).not.toHaveBeenCalled();
    success.mockRestore();
    consoleError.mockRestore();
  });
});
