import {
  forwardRef,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type RefObject,
} from 'react';
import styled from 'styled-components';
import { pageFailureOf } from './load-failure';
import { canvasPixelRatio, clampZoom, fitWidthScale } from './page-geometry';
import { markTextLayer } from './marks';
import { drawPage, drawTextLayer, isCancelled, type PDFDocumentProxy, type PDFPageProxy } from './pdf-engine';
import { READER_TEXTS } from './reader-texts';
import { TOOLBAR_HEIGHT } from './reader-view';
import { TextLayerBox } from './text-layer-box';
import { usePinchZoom } from './use-pinch-zoom';

/** Space around and between pages, in CSS pixels. */
const PAGE_MARGIN = 8;
/** Pages within this many screens of the view are drawn; further ones give their canvas back. */
const NEAR = '150% 0px';
/** The pages on screen, which are drawn before those only near it. */
const ON_SCREEN = '0px';

export interface PageListHandle {
  /** Scrolls so that `page` starts under the toolbar. */
  showPage(page: number): void;
}

export interface PageListProps {
  document: PDFDocumentProxy;
  /** The width and height of page 1 at scale 1: the size of every page not yet read. */
  firstPageSize: { width: number; height: number };
  /** The page shown first, starting under the toolbar (1 is the top of the document). */
  startPage: number;
  /** Words to mark on the pages as they are drawn, folded by foldMarks (marks.ts). */
  marks: readonly string[];
  zoom: number;
  onZoom(zoom: number): void;
  /** The page most in view, as the student scrolls. */
  onPageInView(page: number): void;
  /** Scrolled by `delta` pixels (down is positive): the toolbar slides away or back. */
  onScrolled(delta: number, top: number): void;
  /** A tap on the pages (not a drag or a selection). */
  onTap(): void;
  /** An HTTP failure while reading a page: the session's or the connection's, handled for the whole reader. */
  onConnectionFailed(error: unknown): void;
  label: string;
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
  /* The first page starts under the toolbar, which then slides over the pages as they scroll. */
  padding: ${TOOLBAR_HEIGHT + PAGE_MARGIN}px ${PAGE_MARGIN}px ${PAGE_MARGIN}px;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.primary};
    outline-offset: -3px;
  }
`;

const Pages = styled.div`
  display: grid;
  justify-items: center;
  gap: ${PAGE_MARGIN}px;
  transform-origin: 0 0;
`;

const Sheet = styled.div`
  position: relative;
  /* Paper is white in both themes: PDFs are drawn for it. */
  background: #fff;
  box-shadow: ${({ theme }) => theme.shadow};
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

const PageNote = styled.p`
  position: absolute;
  inset: 16px 16px auto;
  margin: 0;
  text-align: center;
  color: #1f2937;
`;

/** Every page of the document, one under the other; only those near the view are read and drawn. */
export const PageList = forwardRef<PageListHandle, PageListProps>(function PageList(props, ref) {
  const { document, firstPageSize, startPage, marks, zoom, onZoom, label } = props;
  const scrollerRef = useRef<HTMLDivElement>(null);
  const pagesRef = useRef<HTMLDivElement>(null);
  const [availableWidth, setAvailableWidth] = useState(0);
  const near = useIntersectingPages(scrollerRef, pagesRef, document, NEAR);
  const onScreen = useIntersectingPages(scrollerRef, pagesRef, document, ON_SCREEN);
  // Pages near the view wait until those on screen are drawn: on a slow connection they would otherwise share
  // its bandwidth with the page the student is waiting for (a scanned page is a picture of 100 KB and more).
  const [settled, setSettled] = useState<ReadonlySet<number>>(new Set());
  const onScreenSettled = [...onScreen].every((page) => settled.has(page));
  const onSettled = useCallback(
    (page: number, isSettled: boolean) => setSettled((before) => withPage(before, page, isSettled)),
    [],
  );
  const callbacks = useRef(props);
  useEffect(() => {
    callbacks.current = props;
  });

  const sheets = () => [...(pagesRef.current?.children ?? [])] as HTMLElement[];

  // A scroll the reader makes itself (a page jump, a zoom keeping its place) is not the student reading on:
  // the toolbar they just used stays.
  const ownScroll = useRef(false);
  const scrollTo = (top: number) => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const target = Math.max(0, Math.min(top, scroller.scrollHeight - scroller.clientHeight));
    if (Math.abs(target - scroller.scrollTop) < 1) return;
    ownScroll.current = true;
    scroller.scrollTop = target;
  };

  const showPage = (page: number) => {
    const sheet = sheets()[page - 1];
    scrollTo(sheet ? sheet.offsetTop - TOOLBAR_HEIGHT - PAGE_MARGIN : 0);
  };

  useImperativeHandle(ref, () => ({ showPage }));

  // Until the student scrolls or zooms, the reader keeps the start page (then its first mark, if that was out
  // of view) where it put it: a page read later may be of another size than page 1, moving those below it.
  const anchor = useRef<(() => void) | null>(startPage > 1 ? () => showPage(startPage) : null);
  const startMarked = useRef(false);
  const moved = useRef(false);
  const stayPut = () => {
    moved.current = true;
    anchor.current = null;
  };
  const onMarked = useCallback((page: number, placed: readonly HTMLElement[]) => {
    const scroller = scrollerRef.current;
    const first = placed[0];
    if (page !== callbacks.current.startPage || startMarked.current || !scroller || !first) return;
    startMarked.current = true;
    if (moved.current) return;
    const markTop = () =>
      first.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
    const top = markTop();
    const inView =
      top >= scroller.scrollTop + TOOLBAR_HEIGHT &&
      top + first.getBoundingClientRect().height <= scroller.scrollTop + scroller.clientHeight;
    if (inView) return;
    // A third of the way down, under the toolbar: where the eye looks first, with the lines before it shown.
    anchor.current = () => {
      if (first.isConnected) scrollTo(markTop() - TOOLBAR_HEIGHT - scroller.clientHeight / 4);
    };
    anchor.current();
  }, []);

  useLayoutEffect(() => {
    if (availableWidth > 0) anchor.current?.();
  }, [availableWidth]);

  useEffect(() => {
    const pagesElement = pagesRef.current;
    if (!pagesElement) return;
    const observer = new ResizeObserver(() => anchor.current?.());
    observer.observe(pagesElement);
    return () => observer.disconnect();
  }, []);

  // Fit-to-width follows the reader's box: window resizes, phone rotation.
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const measure = () => setAvailableWidth(scroller.clientWidth - 2 * PAGE_MARGIN);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, []);

  // The page most in view is the one crossing a line a third of the way down the view.
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    let lastTop = scroller.scrollTop;
    const onScroll = () => {
      const top = scroller.scrollTop;
      if (ownScroll.current) ownScroll.current = false;
      else {
        stayPut();
        callbacks.current.onScrolled(top - lastTop, top);
      }
      lastTop = top;
      const line = top + scroller.clientHeight / 3;
      const index = sheets().findIndex((sheet) => sheet.offsetTop + sheet.offsetHeight + PAGE_MARGIN > line);
      callbacks.current.onPageInView(index === -1 ? document.numPages : index + 1);
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => scroller.removeEventListener('scroll', onScroll);
  }, [document]);

  // A zoom keeps the same part of the document in view.
  const previousZoom = useRef(zoom);
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    const ratio = zoom / previousZoom.current;
    previousZoom.current = zoom;
    if (ratio === 1) return;
    stayPut();
    if (scroller) scrollTo(scroller.scrollTop * ratio);
  }, [zoom]);

  usePinchZoom(scrollerRef, pagesRef, (ratio) => onZoom(clampZoom(zoom * ratio)));

  // A tap (no drag, no selection) brings the toolbar back.
  const pointerStart = useRef<{ x: number; y: number } | null>(null);

  return (
    <Scroller
      ref={scrollerRef}
      tabIndex={0}
      role="region"
      aria-label={label}
      onPointerDown={(event) => (pointerStart.current = { x: event.clientX, y: event.clientY })}
      onClick={(event) => {
        const start = pointerStart.current;
        const moved = start ? Math.hypot(event.clientX - start.x, event.clientY - start.y) > 10 : false;
        if (!moved && !window.getSelection()?.toString()) callbacks.current.onTap();
      }}
    >
      <Pages ref={pagesRef}>
        {Array.from({ length: document.numPages }, (_, index) => (
          <PageSheet
            key={index + 1}
            document={document}
            pageNumber={index + 1}
            near={near.has(index + 1)}
            mayDraw={onScreen.has(index + 1) || onScreenSettled}
            onSettled={onSettled}
            availableWidth={availableWidth}
            zoom={zoom}
            firstPageSize={firstPageSize}
            marks={marks}
            onMarked={onMarked}
            onConnectionFailed={(error) => callbacks.current.onConnectionFailed(error)}
          />
        ))}
      </Pages>
    </Scroller>
  );
});

/** `pages` with `page` in it or not; the same set when nothing changes, so React has nothing to render. */
function withPage(pages: ReadonlySet<number>, page: number, included: boolean): ReadonlySet<number> {
  if (pages.has(page) === included) return pages;
  const after = new Set(pages);
  if (included) after.add(page);
  else after.delete(page);
  return after;
}

/**
 * The pages whose sheets are within `rootMargin` of the scroller's view (page 1 until the observer has looked),
 * by page number.
 */
function useIntersectingPages(
  scrollerRef: RefObject<HTMLDivElement | null>,
  pagesRef: RefObject<HTMLDivElement | null>,
  document: PDFDocumentProxy,
  rootMargin: string,
): ReadonlySet<number> {
  const [pages, setPages] = useState<ReadonlySet<number>>(new Set([1]));
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) =>
        setPages((before) =>
          entries.reduce(
            (pages, entry) =>
              withPage(pages, Number((entry.target as HTMLElement).dataset.page), entry.isIntersecting),
            before,
          ),
        ),
      { root: scroller, rootMargin },
    );
    for (const sheet of pagesRef.current?.children ?? []) observer.observe(sheet);
    return () => observer.disconnect();
  }, [scrollerRef, pagesRef, document, rootMargin]);
  return pages;
}

interface PageSheetProps {
  document: PDFDocumentProxy;
  pageNumber: number;
  /** Near the view: the page is read and keeps its canvas. */
  near: boolean;
  /** No page on screen is still waiting for its drawing, or this one is on screen. */
  mayDraw: boolean;
  /** Says whether the page is settled: drawn at its current size, or known to be damaged. */
  onSettled(page: number, settled: boolean): void;
  availableWidth: number;
  zoom: number;
  firstPageSize: { width: number; height: number };
  marks: readonly string[];
  /** The page's text layer is drawn with these marks in it. */
  onMarked(page: number, placed: readonly HTMLElement[]): void;
  onConnectionFailed(error: unknown): void;
}

/**
 * One page: its place at its size (page 1's until it is read), and near the view its canvas at fit-to-width ×
 * zoom and its text layer. A zoom change or leaving the view cancels the draw under way.
 */
function PageSheet(props: PageSheetProps) {
  const { document, pageNumber, near, mayDraw, onSettled, availableWidth, zoom, firstPageSize } = props;
  const { marks, onMarked } = props;
  const canvasSlotRef = useRef<HTMLDivElement>(null);
  const textLayerRef = useRef<HTMLDivElement>(null);
  const [pdfPage, setPdfPage] = useState<PDFPageProxy | null>(null);
  const [drawnScale, setDrawnScale] = useState<number | null>(null);
  // The scale of the canvas in the slot, read by the draw effect without making it run again.
  const drawnScaleRef = useRef<number | null>(null);
  const [damaged, setDamaged] = useState(false);
  const onConnectionFailed = useRef(props.onConnectionFailed);
  useEffect(() => {
    onConnectionFailed.current = props.onConnectionFailed;
  });

  const failed = useCallback(
    (error: unknown) => {
      if (isCancelled(error)) return;
      if (pageFailureOf(error) === 'damaged') {
        console.warn(`The PDF's page ${pageNumber} could not be drawn`, error);
        setDamaged(true);
      } else onConnectionFailed.current(error);
    },
    [pageNumber],
  );

  useEffect(() => {
    if (!near || pdfPage) return;
    let current = true;
    document.getPage(pageNumber).then(
      (loaded) => current && setPdfPage(loaded),
      (error: unknown) => current && failed(error),
    );
    return () => {
      current = false;
    };
  }, [document, pageNumber, near, pdfPage, failed]);

  const size = pdfPage ? pdfPage.getViewport({ scale: 1 }) : firstPageSize;
  const scale = fitWidthScale(availableWidth, size.width, zoom);
  const cssWidth = Math.floor(size.width * scale);
  const cssHeight = Math.floor(size.height * scale);

  useEffect(() => {
    const slot = canvasSlotRef.current;
    if (!slot) return;
    if (!near) {
      // Far from the view: the canvas's memory goes back (a phone holds a few pages, not a whole book).
      slot.replaceChildren();
      drawnScaleRef.current = null;
      return;
    }
    if (!pdfPage || !(availableWidth > 0) || !mayDraw) return;
    if (drawnScaleRef.current === scale && slot.firstChild) return;
    const drawing = drawPage(pdfPage, scale, canvasPixelRatio(cssWidth, cssHeight, window.devicePixelRatio));
    drawing.promise.then(({ canvas }) => {
      slot.replaceChildren(canvas);
      drawnScaleRef.current = scale;
      setDrawnScale(scale);
    }, failed);
    return () => drawing.cancel();
    // cssWidth and cssHeight follow from scale and the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pdfPage, near, mayDraw, scale, availableWidth, failed]);

  // Far from the view the page gives its canvas back (above), so it is drawn no more (set while rendering, as
  // React advises for state that follows a prop).
  if (!near && drawnScale !== null) setDrawnScale(null);
  const settled = damaged || (near && drawnScale === scale);
  useEffect(() => onSettled(pageNumber, settled), [onSettled, pageNumber, settled]);

  // The text layer sizes itself from --total-scale-factor, so zooming rescales it without a redraw. It waits
  // like the drawing: its text is in the page's content, which may be a range request of its own.
  const showsText = near && (mayDraw || drawnScale !== null);
  useEffect(() => {
    const container = textLayerRef.current;
    if (!pdfPage || !showsText || !container) return;
    container.replaceChildren();
    const layer = drawTextLayer(pdfPage, 1, container);
    let current = true;
    layer.promise.then(
      () => {
        if (current && marks.length > 0) onMarked(pageNumber, markTextLayer(container, marks));
      },
      (error: unknown) => {
        // A page whose text cannot be read is still shown; only selection (and marks) are lost.
        if (!isCancelled(error)) console.warn('The PDF page has no selectable text', error);
      },
    );
    return () => {
      current = false;
      layer.cancel();
      container.replaceChildren();
    };
  }, [pdfPage, showsText, marks, onMarked, pageNumber]);

  return (
    <Sheet
      data-page={pageNumber}
      data-testid="pdf-page"
      data-drawn={drawnScale === scale}
      style={
        {
          width: `${cssWidth}px`,
          height: `${cssHeight}px`,
          '--total-scale-factor': String(scale),
        } as CSSProperties
      }
    >
      <CanvasSlot ref={canvasSlotRef} aria-hidden="true" />
      <TextLayerBox ref={textLayerRef} className="textLayer" />
      {damaged ? (
        <PageNote role="alert">{READER_TEXTS.damagedPage(pageNumber)}</PageNote>
      ) : (
        near && drawnScale === null && <PageNote role="status">{READER_TEXTS.drawing}</PageNote>
      )}
    </Sheet>
  );
}
