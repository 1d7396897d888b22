import { useCallback, useEffect, useRef, useState } from 'react';
import type { ToastOptions } from 'react-toastify';
import { apiErrorMessage } from '../api/client';
import { notify } from '../ui/toasts';

/** A toast's text, or null for no toast; `toast` carries notify's options (autoClose). */
type ToastText = string | null | { text: string; toast: ToastOptions };

export interface MutationOptions<A extends unknown[], R> {
  /** Toasted after success: a fixed text, or one made from the reply (a server's `{ message }`). */
  successToast?: ToastText | ((result: R, args: A) => ToastText);
  /** Toasted after failure; `serverMessageOr(text)` toasts the server's `{ message }`, else that text. */
  errorToast?: ToastText | ((error: unknown, args: A) => ToastText);
  /** After the success toast, with the call's arguments; busy lasts until it returns (or its promise settles). */
  onSuccess?(result: R, args: A): void | Promise<void>;
  /** After the failure toast. */
  onError?(error: unknown, args: A): void;
  /** The button stays busy after success: the page is leaving, and a second click must not send again. */
  keepBusy?: boolean;
  /** Calls may overlap (a role changed on two rows); otherwise a call while one runs does nothing. */
  concurrent?: boolean;
}

export interface Mutation<A extends unknown[]> {
  busy: boolean;
  /** The arguments of the latest call in flight (which row is busy); null when none. */
  variables: A | null;
  /** Sends; resolves true on success and false on failure, never rejects. A call while busy does nothing. */
  run(...args: A): Promise<boolean>;
  /** Ends a kept busy state (the form was reset). */
  reset(): void;
}

/** The server's `{ message }` when it sent one, else `fallback` (product §8: "the server's message"). */
export const serverMessageOr =
  (fallback: string) =>
  (error: unknown): string =>
    apiErrorMessage(error, fallback);

function showToast(kind: 'success' | 'error', text: ToastText): void {
  if (text === null) return;
  if (typeof text === 'string') notify[kind](text);
  else notify[kind](text.text, text.toast);
}

/**
 * The one way an area sends a change (decision 021): a busy flag for the button while the request runs, a
 * success or failure toast through `notify`, then the caller's own follow-up. Busy is never set after unmount;
 * toasts and callbacks still run, since they speak to the page the visitor went on to.
 */
export function useMutation<A extends unknown[], R>(
  mutate: (...args: A) => Promise<R>,
  options: MutationOptions<A, R> = {},
): Mutation<A> {
  const [variables, setVariables] = useState<A | null>(null);
  const latest = useRef({ mutate, options });
  useEffect(() => {
    latest.current = { mutate, options };
  });
  const mounted = useRef(true);
  // A second click before React has re-rendered the disabled button must not send twice.
  const inFlight = useRef(0);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(async (...args: A): Promise<boolean> => {
    const { mutate: send, options: current } = latest.current;
    if (inFlight.current > 0 && !current.concurrent) return false;
    inFlight.current += 1;
    setVariables(args);
    let ok: boolean;
    try {
      const result = await send(...args);
      const { successToast } = current;
      if (successToast !== undefined) {
        showToast('success', typeof successToast === 'function' ? successToast(result, args) : successToast);
      }
      await current.onSuccess?.(result, args);
      ok = true;
    } catch (error) {
      const { errorToast } = current;
      if (errorToast !== undefined) {
        showToast('error', typeof errorToast === 'function' ? errorToast(error, args) : errorToast);
      }
      current.onError?.(error, args);
      ok = false;
    }
    if (ok && current.keepBusy) return ok;
    inFlight.current -= 1;
    if (mounted.current && inFlight.current === 0) setVariables(null);
    return ok;
  }, []);

  const reset = useCallback(() => {
    inFlight.current = 0;
    if (mounted.current) setVariables(null);
  }, []);

  return { busy: variables !== null, variables, run, reset };
}
