/**
 * The in-page PDF reader (decision 016), drawn by pdf.js: works where the browser has no PDF viewer (Android
 * Chrome). `@studyhub/shared/reader`, a subpath each area that reads PDFs bundles itself (the notes area's
 * subject page, the admin area's review queue and My uploads, decision 026), always through `import()`: it and
 * pdf.js are a chunk of their own. It takes the session and the UI from `@studyhub/shared` by the package's
 * name, so at run time they are the one shared instance, not copies bundled with the reader.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { storedToken, useLogout } from '@studyhub/shared';
import { loadFailureOf, type LoadFailure } from './load-failure';
import { canvasPixelRatio, clampZoom, fitWidthScale } from './page-geometry';
import {
  drawPage,
  drawTextLayer,
  isCancelled,
  openPdf,
  type PDFDocumentProxy,
  type PDFPageProxy,
} from './pdf-engine';
import { READER_TEXTS } from './reader-texts';
import { ReaderView, type ReaderStatus } from './reader-view';
import { usePinchZoom } from './use-pinch-zoom';

export interface PdfReaderProps {
  /** Accessible name of the page surface, e.g. "CS-601 Unit 3 notes". */
  title: string;
  /** The unit's signed inline link (GET /api/notes/units `url`). */
  url: string;
  /** The unit's signed download link (`downloadUrl`). */
  downloadUrl: string;
}

type DocumentState =
  | { status: 'loading' }
  | { status: 'failed'; failure: Exclude<LoadFailure, 'session-expired'> }
  | { status: 'ready'; document: PDFDocumentProxy };

/** Space around the page inside the scrolling area, in CSS pixels. */
const PAGE_MARGIN = 8;

export default function PdfReader({ title, url, downloadUrl }: PdfReaderProps) {
  const [documentState, setDocumentState] = useState<DocumentState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState(1);
  const logOut = useLogout();
  const logOutRef = useRef(logOut);
  useEffect(() => {
    logOutRef.current = logOut;
  }, [logOut]);

  const fail = useCallback((error: unknown) => {
    const failure = loadFailureOf(error);
    // A 401 means the session ended: the app's answer to that everywhere (product §8) is to log out and say so.
    if (failure === 'session-expired') logOutRef.current();
    else setDocumentState({ status: 'failed', failure });
    if (failure !== 'session-expired') console.warn('The PDF reader could not show the file', error);
  }, []);

  useEffect(() => {
    const loading = openPdf({ url, token: storedToken() });
    let current = true;
    loading.promise.then(
      (document) => {
        if (current) setDocumentState({ status: 'ready', document });
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
  }, [url, attempt, fail]);

  const status: ReaderStatus =
    documentState.status === 'ready'
      ? { status: 'ready', pageCount: documentState.document.numPages }
      : documentState;

  return (
    <ReaderView
      status={status}
      page={page}
      onPage={setPage}
      zoom={zoom}
      onZoom={setZoom}
      downloadUrl={downloadUrl}
      openUrl={url}
      onRetry={() => {
        setDocumentState({ status: 'loading' });
        setAttempt((count) => count + 1);
      }}
    >
      {documentState.status === 'ready' && (
        <PageSurface
          document={documentState.document}
          pageNumber={page}
          zoom={zoom}
          onZoom={setZoom}
          onFailed={fail}
          label={`${title}, ${READER_TEXTS.pageOf(page, documentState.document.numPages)}`}
        />
      )}
    </ReaderView>
  );
}

const Scroller = styled.div`
  position: relative;
  flex: 1;
  min-height: 0;
  overflow: auto;
  overscroll-behavior: contain;
  /* One-finger pans scroll; two-finger pinches are the reader's zoom, not the page's. */
  touch-action: pan-x pan-y;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  padding: ${PAGE_MARGIN}px;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.primary};
    outline-offset: -3px;
  }
`;

const Sheet = styled.div`
  position: relative;
  margin: 0 auto;
  /* Paper is white in both themes: PDFs are drawn for it. */
  background: #fff;
  box-shadow: ${({ theme }) => theme.shadow};
  transform-origin: 0 0;
  canvas {
    display: block;
    width: 100%;
    height: 100%;
  }
`;

const CanvasSlot = styled.div`
  position: absolute;
  inset: 0;
`;

/** pdf.js's text layer rules (pdfjs-dist/web/pdf_viewer.css, the part the text layer needs). */
const TextLayerBox = styled.div`
  position: absolute;
  inset: 0;
  overflow: clip;
  line-height: 1;
  text-align: initial;
  text-size-adjust: none;
  forced-color-adjust: none;
  transform-origin: 0 0;
  caret-color: CanvasText;
  z-index: 0;
  --min-font-size: 1;
  --text-scale-factor: calc(var(--total-scale-factor) * var(--min-font-size));
  --min-font-size-inv: calc(1 / var(--min-font-size));
  :is(span, br) {
    color: transparent;
    position: absolute;
    white-space: pre;
    cursor: text;
    transform-origin: 0% 0%;
  }
  > :not(.markedContent),
  .markedContent span:not(.markedContent) {
    z-index: 1;
    --font-height: 0;
    font-size: calc(var(--text-scale-factor) * var(--font-height));
    --scale-x: 1;
    --rotate: 0deg;
    transform: rotate(var(--rotate)) scaleX(var(--scale-x)) scale(var(--min-font-size-inv));
  }
  .markedContent {
    display: contents;
  }
  ::selection {
    background: rgb(0 0 255 / 0.25);
  }
  br::selection {
    background: transparent;
  }
  .endOfContent {
    display: block;
    position: absolute;
    inset: 100% 0 0;
    z-index: 0;
    cursor: default;
    user-select: none;
  }
`;

const Busy = styled.p`
  position: absolute;
  top: 8px;
  left: 50%;
  transform: translateX(-50%);
  margin: 0;
  padding: 4px 12px;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: 0.9rem;
  z-index: 2;
`;

interface PageSurfaceProps {
  document: PDFDocumentProxy;
  pageNumber: number;
  zoom: number;
  onZoom(zoom: number): void;
  onFailed(error: unknown): void;
  label: string;
}

/**
 * The current page only: its canvas at fit-to-width × zoom (following the reader's width on resize and
 * rotation), its text layer, and pinch-zoom. A page or zoom change cancels the draw under way.
 */
function PageSurface({ document, pageNumber, zoom, onZoom, onFailed, label }: PageSurfaceProps) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const sheetRef = useRef<HTMLDivElement>(null);
  const canvasSlotRef = useRef<HTMLDivElement>(null);
  const textLayerRef = useRef<HTMLDivElement>(null);
  const [pdfPage, setPdfPage] = useState<PDFPageProxy | null>(null);
  const [availableWidth, setAvailableWidth] = useState(0);
  const [drawn, setDrawn] = useState<{ page: number; scale: number } | null>(null);

  useEffect(() => {
    let current = true;
    document.getPage(pageNumber).then(
      (loaded) => current && setPdfPage(loaded),
      (error: unknown) => current && onFailed(error),
    );
    return () => {
      current = false;
    };
  }, [document, pageNumber, onFailed]);

  // Fit-to-width follows the reader's box: window resizes, phone rotation, the toolbar wrapping.
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const measure = () => setAvailableWidth(scroller.clientWidth - 2 * PAGE_MARGIN);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, []);

  const shown = pdfPage && pdfPage.pageNumber === pageNumber ? pdfPage : null;
  const baseViewport = shown?.getViewport({ scale: 1 });
  const scale = baseViewport ? fitWidthScale(availableWidth, baseViewport.width, zoom) : 0;
  const cssWidth = baseViewport ? Math.floor(baseViewport.width * scale) : 0;
  const cssHeight = baseViewport ? Math.floor(baseViewport.height * scale) : 0;

  useEffect(() => {
    const slot = canvasSlotRef.current;
    if (!shown || !slot || !(availableWidth > 0)) return;
    const ratio = canvasPixelRatio(cssWidth, cssHeight, window.devicePixelRatio);
    const drawing = drawPage(shown, scale, ratio);
    drawing.promise.then(
      ({ canvas }) => {
        slot.replaceChildren(canvas);
        setDrawn({ page: shown.pageNumber, scale });
      },
      (error: unknown) => {
        if (!isCancelled(error)) onFailed(error);
      },
    );
    return () => drawing.cancel();
    // cssWidth and cssHeight follow from scale and the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown, scale, availableWidth, onFailed]);

  // The text layer sizes itself from --total-scale-factor, so zooming rescales it without a redraw.
  useEffect(() => {
    const container = textLayerRef.current;
    if (!shown || !container) return;
    container.replaceChildren();
    const layer = drawTextLayer(shown, 1, container);
    layer.promise.catch((error: unknown) => {
      // A page whose text cannot be read is still shown; only selection is lost.
      if (!isCancelled(error)) console.warn('The PDF page has no selectable text', error);
    });
    return () => layer.cancel();
  }, [shown]);

  usePinchZoom(scrollerRef, sheetRef, (ratio) => onZoom(clampZoom(zoom * ratio)));

  // A new page starts at its top.
  useEffect(() => {
    scrollerRef.current?.scrollTo({ top: 0 });
  }, [pageNumber]);

  const drawnCurrent = drawn?.page === pageNumber;
  return (
    <Scroller ref={scrollerRef} tabIndex={0} role="region" aria-label={label}>
      {!drawnCurrent && <Busy role="status">{READER_TEXTS.drawing}</Busy>}
      <Sheet
        ref={sheetRef}
        data-testid="pdf-page"
        data-drawn-page={drawn?.page ?? ''}
        style={
          {
            width: `${cssWidth}px`,
            height: `${cssHeight}px`,
            '--total-scale-factor': String(scale),
          } as React.CSSProperties
        }
      >
        <CanvasSlot ref={canvasSlotRef} aria-hidden="true" />
        <TextLayerBox ref={textLayerRef} className="textLayer" />
      </Sheet>
    </Scroller>
  );
}
