import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { savesData } from '@studyhub/shared';
import { readReaderLink } from './reader-link';

/** What a page's reader shows: a unit's number on a subject's notes page, a paper's id on its papers page. */
export type ReaderKey = number | string;

/** The file whose reader the history entry holds open (the location state's `reader`), or null. */
export function readerKeyOf(state: unknown): ReaderKey | null {
  if (typeof state !== 'object' || state === null) return null;
  const { reader } = state as { reader?: unknown };
  if (typeof reader === 'number') return Number.isInteger(reader) ? reader : null;
  return typeof reader === 'string' && reader !== '' ? reader : null;
}

export interface ReaderEntry {
  /** The file whose reader is open, or null. */
  shown: ReaderKey | null;
  /** Where the reader opens and what it marks, when a reader link opened it (decision 040). */
  startPage?: number;
  marks?: string[];
  open(key: ReaderKey): void;
  /** `pageState`: the state the page keeps when a link from outside the app closes to it. */
  close(pageState?: object): void;
}

/**
 * The open reader is a history entry of its own (decision 016): the same address with the file in its state, so
 * the phone's Back closes it and leaves the student on the page, and Forward opens it again. `close` goes back
 * rather than adding a second entry of the page.
 *
 * A page given `linkKind` also opens the reader a reader link names (`?unit=3&page=14&find=…`, decision 040):
 * that address is the entry, so Back (and ✕) return to where the student followed it from, a search; a link
 * opened from outside the app closes to the page without the link.
 */
export function useReaderEntry(linkKind?: 'notes' | 'papers'): ReaderEntry {
  const location = useLocation();
  const navigate = useNavigate();
  const fromState = readerKeyOf(location.state);
  const link = linkKind && fromState === null ? readReaderLink(location.search, linkKind) : null;
  const open = (key: ReaderKey) =>
    navigate(location, { state: { ...(location.state as object), reader: key } });
  if (!link) return { shown: fromState, open, close: () => navigate(-1) };
  return {
    shown: link.key,
    startPage: link.startPage,
    marks: link.marks,
    open,
    close: (pageState) =>
      location.key === 'default'
        ? navigate({ pathname: location.pathname }, { replace: true, state: pageState ?? location.state })
        : navigate(-1),
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
