import { useEffect } from 'react';

/** The unit whose reader the history entry holds open (the subject page's state `reader`), or null. */
export function readerUnitOf(state: unknown): number | null {
  if (typeof state !== 'object' || state === null) return null;
  const { reader } = state as { reader?: unknown };
  return typeof reader === 'number' && Number.isInteger(reader) ? reader : null;
}

/**
 * Once the page shows a file to preview, fetches the reader's chunk and starts pdf.js's worker while the
 * browser is idle, so a tap on Preview waits for the PDF only. Nothing is fetched for a page without files.
 */
export function useWarmReader(wanted: boolean): void {
  useEffect(() => {
    if (!wanted) return;
    const warm = () => {
      import(/* webpackChunkName: "pdf-reader" */ '@studyhub/shared/reader').then(
        (reader) => reader.warmUpEngine(),
        // A failed fetch is tried again, and reported, when the student opens a preview.
        () => undefined,
      );
    };
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(warm, 1);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(warm, { timeout: 3000 });
    return () => cancelIdleCallback(idle);
  }, [wanted]);
}
