import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { deferred, renderWithProviders } from '@studyhub/shared/testing';
import { drawPage, drawTextLayer, type DrawnPage, type PDFDocumentProxy } from './pdf-engine';
import { PageList } from './page-list';

// pdf.js needs a canvas and a worker, which jsdom has not: the test settles each page's drawing itself.
jest.mock('./pdf-engine', () => ({
  drawPage: jest.fn(),
  drawTextLayer: jest.fn(() => ({ promise: Promise.resolve(), cancel: () => undefined })),
  isCancelled: () => false,
}));
const draw = drawPage as jest.MockedFunction<typeof drawPage>;
const drawText = drawTextLayer as jest.MockedFunction<typeof drawTextLayer>;

/** The IntersectionObservers the page list made, by root margin, so a test can say what the view holds. */
const observers = new Map<string, { report(pages: number[], intersecting: boolean): void }>();

class FakeIntersectionObserver {
  constructor(
    private readonly callback: IntersectionObserverCallback,
    options: IntersectionObserverInit,
  ) {
    observers.set(options.rootMargin ?? '', this);
  }
  private readonly sheets: Element[] = [];
  observe(sheet: Element) {
    this.sheets.push(sheet);
  }
  disconnect() {}
  report(pages: number[], intersecting: boolean) {
    const entries = pages.map((page) => ({
      target: this.sheets.find((sheet) => (sheet as HTMLElement).dataset.page === String(page))!,
      isIntersecting: intersecting,
    }));
    act(() => this.callback(entries as unknown as IntersectionObserverEntry[], this as never));
  }
}

const drawings = new Map<number, ReturnType<typeof deferred<DrawnPage>>>();
const A4 = { getViewport: ({ scale }: { scale: number }) => ({ width: 595 * scale, height: 842 * scale }) };

beforeEach(() => {
  drawText.mockClear();
  observers.clear();
  drawings.clear();
  globalThis.IntersectionObserver = FakeIntersectionObserver as unknown as typeof IntersectionObserver;
  globalThis.ResizeObserver ??= class {
    observe() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  // jsdom lays nothing out: the reader is as wide as a phone.
  jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(390);
  draw.mockImplementation((page) => {
    const number = (page as unknown as { number: number }).number;
    const drawing = deferred<DrawnPage>();
    drawings.set(number, drawing);
    return { promise: drawing.promise, cancel: () => undefined };
  });
});

afterEach(() => {
  jest.restoreAllMocks();
});

function renderPages(pageCount: number, { startPage = 1, marks = [] as string[] } = {}) {
  const document = {
    numPages: pageCount,
    getPage: (number: number) => Promise.resolve({ ...A4, number }),
  } as unknown as PDFDocumentProxy;
  return renderWithProviders(
    <PageList
      document={document}
      firstPageSize={{ width: 595, height: 842 }}
      startPage={startPage}
      marks={marks}
      zoom={1}
      onZoom={() => undefined}
      onPageInView={() => undefined}
      onScrolled={() => undefined}
      onTap={() => undefined}
      onConnectionFailed={() => undefined}
      label="Unit 1 notes"
    />,
  );
}

const drawnPages = () => [...drawings.keys()].sort();
/** The pages whose text layer was asked for: their text is in their content, perhaps a range request away. */
const textPages = () =>
  [...new Set(drawText.mock.calls.map(([page]) => (page as unknown as { number: number }).number))].sort();

describe('PageList', () => {
  it('draws the page on screen first, and the pages near it once it is drawn', async () => {
    renderPages(6);
    const [near, onScreen] = [observers.get('150% 0px')!, observers.get('0px')!];
    near.report([1, 2, 3], true);
    onScreen.report([1], true);
    await waitFor(() => expect(drawnPages()).toEqual([1]));
    // Pages 2 and 3 are read, but wait for page 1's drawing, their text too.
    await act(async () => undefined);
    expect(drawnPages()).toEqual([1]);
    expect(textPages()).toEqual([1]);

    await act(async () => drawings.get(1)!.resolve({ canvas: document.createElement('canvas') }));
    await waitFor(() => expect(drawnPages()).toEqual([1, 2, 3]));
    expect(textPages()).toEqual([1, 2, 3]);
  });

  it('draws a page scrolled onto the screen at once, before the ones near it', async () => {
    renderPages(6);
    const [near, onScreen] = [observers.get('150% 0px')!, observers.get('0px')!];
    onScreen.report([1], true);
    await waitFor(() => expect(drawnPages()).toEqual([1]));
    await act(async () => drawings.get(1)!.resolve({ canvas: document.createElement('canvas') }));
    // Scrolled on: page 4 comes on screen while 5 and 6 come near.
    onScreen.report([1], false);
    near.report([1], false);
    near.report([4, 5, 6], true);
    onScreen.report([4], true);
    await waitFor(() => expect(drawnPages()).toEqual([1, 4]));
    await act(async () => drawings.get(4)!.resolve({ canvas: document.createElement('canvas') }));
    await waitFor(() => expect(drawnPages()).toEqual([1, 4, 5, 6]));
  });

  it('opens at the start page, its top under the toolbar', async () => {
    // jsdom lays nothing out: each sheet is 900 px below the last, in a scroller 800 px high.
    jest.spyOn(HTMLElement.prototype, 'offsetTop', 'get').mockImplementation(function (this: HTMLElement) {
      return 64 + 900 * (Number(this.dataset.page ?? 1) - 1);
    });
    jest.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(6 * 900);
    jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
    const { getByRole } = renderPages(6, { startPage: 4 });
    expect(getByRole('region').scrollTop).toBe(3 * 900);
    await act(async () => undefined);
  });

  it("marks the words in each page's text layer as it is drawn", async () => {
    drawText.mockImplementation((_page, _scale, container) => {
      container.innerHTML = '<span>Shortest paths: Dijkstra</span><span>Dijkstra again</span>';
      return { promise: Promise.resolve(), cancel: () => undefined };
    });
    const { container } = renderPages(2, { marks: ['dijkstra'] });
    observers.get('0px')!.report([1], true);
    await waitFor(() =>
      expect([...container.querySelectorAll('[data-page="1"] mark')].map((mark) => mark.textContent)).toEqual(
        ['Dijkstra', 'Dijkstra'],
      ),
    );
  });
});
