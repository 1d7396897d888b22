import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { savesData } from '@studyhub/shared';

/** What a page's reader shows: a unit's number on a subject's notes page, a paper's id on its papers page. */
export type ReaderKey = number | string;

/** The file whose reader the history entry holds open (the location state's `reader`), or null. */
export function readerKeyOf(state: unknown): ReaderKey | null {
  if (typeof state !== 'object' || state === null) return null;
  const { reader } = state as { reader?: unknown };
  if (typeof reader === 'number') return Number.isInteger(reader) ? reader : null;
  return typeof reader === 'string' && reader !== '' ? reader : null;
}

/**
 * The open reader is a history entry of its own (decision 016): the same address with the file in its state, so
 * the phone's Back closes it and leaves the student on the page, and Forward opens it again. `close` goes back
 * rather than adding a second entry of the page.
 */
export function useReaderEntry() {
  const location = useLocation();
  const navigate = useNavigate();
  return {
    shown: readerKeyOf(location.state),
    open: (key: ReaderKey) => navigate(location, { state: { ...(location.state as object), reader: key } }),
    close: () => navigate(-1),
  };
}

/**
 * Once the page shows a file to preview, fetches the reader's chunk and starts pdf.js's worker while the
 * browser is idle, so a tap on Preview waits for the PDF only. Nothing is fetched for a page without files, nor
 * for a visitor who saves data (Save-Data or 2G): they fetch the reader when they open a preview.
 */
export function useWarmReader(wanted: boolean): void {
  useEffect(() => {
    if (!wanted || savesData()) return;
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
