/**
 * The in-page PDF reader (decision 016), drawn by pdf.js: works where the browser has no PDF viewer (Android
 * Chrome). `@studyhub/shared/reader`, a subpath each area that reads PDFs bundles itself (the notes area's
 * subject page, the admin area's review queue and My uploads, decision 026), always through `import()`: it and
 * pdf.js are a chunk of their own. It takes the session and the UI from `@studyhub/shared` by the package's
 * name, so at run time they are the one shared instance, not copies bundled with the reader.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { storedToken, useLogout } from '@studyhub/shared';
import { loadFailureOf, type LoadFailure } from './load-failure';
import { foldMarks } from './marks';
import { PageList, type PageListHandle } from './page-list';
import { isCancelled, openPdf, type PDFDocumentProxy } from './pdf-engine';
import { READER_TEXTS } from './reader-texts';
import { ReaderView, TOOLBAR_HEIGHT, type ReaderStatus } from './reader-view';

export { warmUpEngine } from './pdf-engine';

/** What the reader reads: a file on the server by its signed links, or a copy saved on the phone (decision 036). */
export type ReaderFile =
  | {
      /** The unit's signed inline link (GET /api/notes/units `url`). */
      url: string;
      /** The unit's signed download link (`downloadUrl`). */
      downloadUrl: string;
    }
  | {
      stored: Blob;
      /** The name Download gives the copy, "CS-501 Unit 1.pdf". */
      fileName: string;
    };

export interface PdfReaderProps {
  /** Accessible name of the page surface, e.g. "CS-601 Unit 3 notes". */
  title: string;
  file: ReaderFile;
  /** The page to open at, scrolled to the top of the view; one the document has not opens page 1. */
  startPage?: number;
  /** Words to mark on the pages (case-insensitive, at word starts); the start page's first is scrolled into view. */
  marks?: readonly string[];
  /** The page mostly in view and the document's page count: once on open, then at each change. */
  onPageChange?(page: number, pages: number): void;
}

/** `wanted` if the document has that page, else page 1. */
export function startPageOf(wanted: number | undefined, pageCount: number): number {
  return wanted !== undefined && Number.isInteger(wanted) && wanted >= 1 && wanted <= pageCount ? wanted : 1;
}

/** Download and Open of a stored copy are a link to it in memory, which works offline; it goes with the reader. */
function useFileLinks(file: ReaderFile): { openUrl: string; downloadUrl: string; downloadName?: string } {
  const stored = 'stored' in file ? file.stored : null;
  const objectUrl = useMemo(() => (stored ? URL.createObjectURL(stored) : null), [stored]);
  useEffect(() => () => (objectUrl ? URL.revokeObjectURL(objectUrl) : undefined), [objectUrl]);
  if ('stored' in file && objectUrl)
    return { openUrl: objectUrl, downloadUrl: objectUrl, downloadName: file.fileName };
  return 'url' in file
    ? { openUrl: file.url, downloadUrl: file.downloadUrl }
    : { openUrl: '', downloadUrl: '' };
}

type DocumentState =
  | { status: 'loading'; progress?: number }
  | { status: 'failed'; failure: Exclude<LoadFailure, 'session-expired'> }
  | {
      status: 'ready';
      document: PDFDocumentProxy;
      firstPageSize: { width: number; height: number };
      startPage: number;
    };

/** A4 in PDF units. */
const A4 = { width: 595, height: 842 };

export default function PdfReader({ title, file, startPage, marks, onPageChange }: PdfReaderProps) {
  const [documentState, setDocumentState] = useState<DocumentState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState(1);
  const [toolbarShown, setToolbarShown] = useState(true);
  const pages = useRef<PageListHandle>(null);
  const links = useFileLinks(file);
  const source = 'stored' in file ? file.stored : file.url;
  const logOut = useLogout();
  const logOutRef = useRef(logOut);
  const wantedPage = useRef(startPage);
  const onPageChangeRef = useRef(onPageChange);
  useEffect(() => {
    logOutRef.current = logOut;
    wantedPage.current = startPage;
    onPageChangeRef.current = onPageChange;
  }, [logOut, startPage, onPageChange]);
  // Callers pass a new array on each render; the pages are marked again only when the words change.
  const marksKey = JSON.stringify(foldMarks(marks ?? []));
  const foldedMarks = useMemo(() => JSON.parse(marksKey) as string[], [marksKey]);

  const fail = useCallback((error: unknown) => {
    const failure = loadFailureOf(error);
    // A 401 means the session ended: the app's answer to that everywhere (product §8) is to log out and say so.
    if (failure === 'session-expired') logOutRef.current();
    else setDocumentState({ status: 'failed', failure });
    if (failure !== 'session-expired') console.warn('The PDF reader could not show the file', error);
  }, []);

  useEffect(() => {
    const loading = openPdf(
      typeof source === 'string' ? { url: source, token: storedToken() } : { stored: source },
    );
    let current = true;
    // A large file goes on arriving by range requests after it is open (each page's objects): progress only
    // speaks while the document is still loading, or it would take the pages off the screen again.
    loading.onProgress = ({ loaded, total }: { loaded: number; total: number }) => {
      if (current && total > 0)
        setDocumentState((state) =>
          state.status === 'loading' ? { status: 'loading', progress: Math.min(1, loaded / total) } : state,
        );
    };
    // Page 1's size lays out every page not yet read (the first draw needs page 1 anyway); a page 1 that cannot
    // be read says so in its place, laid out as A4.
    loading.promise
      .then(async (document) => {
        const firstPageSize = await document.getPage(1).then(
          (first) => first.getViewport({ scale: 1 }),
          () => A4,
        );
        return { document, firstPageSize: { width: firstPageSize.width, height: firstPageSize.height } };
      })
      .then(
        (ready) => {
          if (!current) return;
          const start = startPageOf(wantedPage.current, ready.document.numPages);
          setDocumentState({ status: 'ready', ...ready, startPage: start });
          setPage(start);
        },
        (error: unknown) => {
          if (current && !isCancelled(error)) fail(error);
        },
      );
    return () => {
      current = false;
      // Ends the worker's parsing and any range request still in flight.
      void loading.destroy();
    };
  }, [source, attempt, fail]);

  const pageCount = documentState.status === 'ready' ? documentState.document.numPages : 0;
  useEffect(() => {
    if (pageCount > 0) onPageChangeRef.current?.(page, pageCount);
  }, [page, pageCount]);

  const status: ReaderStatus =
    documentState.status === 'ready'
      ? { status: 'ready', pageCount: documentState.document.numPages }
      : documentState;

  // Reading on (scrolling down) slides the toolbar away; a scroll back up brings it back.
  const onScrolled = useCallback((delta: number, top: number) => {
    if (top <= TOOLBAR_HEIGHT || delta < -4) setToolbarShown(true);
    else if (delta > 4) setToolbarShown(false);
  }, []);

  return (
    <ReaderView
      status={status}
      page={page}
      onPage={(wanted) => {
        setPage(wanted);
        pages.current?.showPage(wanted);
      }}
      zoom={zoom}
      onZoom={setZoom}
      toolbarShown={toolbarShown}
      onShowToolbar={() => setToolbarShown(true)}
      {...links}
      onRetry={() => {
        setDocumentState({ status: 'loading' });
        setAttempt((count) => count + 1);
      }}
    >
      {documentState.status === 'ready' && (
        <PageList
          ref={pages}
          document={documentState.document}
          firstPageSize={documentState.firstPageSize}
          startPage={documentState.startPage}
          marks={foldedMarks}
          zoom={zoom}
          onZoom={setZoom}
          onPageInView={setPage}
          onScrolled={onScrolled}
          onTap={() => setToolbarShown((shown) => !shown)}
          onConnectionFailed={fail}
          label={`${title}, ${READER_TEXTS.pageOf(page, documentState.document.numPages)}`}
        />
      )}
    </ReaderView>
  );
}
