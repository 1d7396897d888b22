import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { ComponentProps } from 'react';
import { Route, Routes } from 'react-router-dom';
import { apiClient, storedToken } from '@studyhub/shared';
import {
  currentLocation,
  deferred,
  LocationProbe,
  renderWithProviders,
  STUDENT,
} from '@studyhub/shared/testing';
import { openPdf } from './pdf-engine';
import PdfReader from './pdf-reader';

// pdf.js needs a canvas and a worker, which jsdom has not: only its engine module is replaced, by one whose
// loading the test settles with what pdf.js would. Drawing real PDFs is the browser suite's
// (e2e/tests/reader.e2e.ts).
jest.mock('./pdf-engine', () => ({
  openPdf: jest.fn(),
  drawPage: jest.fn(() => ({ promise: new Promise(() => undefined), cancel: () => undefined })),
  drawTextLayer: jest.fn(() => ({ promise: Promise.resolve(), cancel: () => undefined })),
  isCancelled: (error: unknown) => error instanceof Error && error.name === 'RenderingCancelledException',
}));
const open = openPdf as jest.MockedFunction<typeof openPdf>;

/** An error as pdf.js throws it: Errors named after their class, HTTP ones with the status. */
function pdfJsError(name: string, status?: number): Error {
  const error = Object.assign(new Error(`${name} from pdf.js`), status === undefined ? {} : { status });
  error.name = name;
  return error;
}

const URL = '/api/download/CSE/Third_Year/Semester_5/CS-501/1?expires=9&sig=abc';
const DOWNLOAD_URL = `${URL}&download=1`;

// jsdom lays nothing out: the pages' width is never measured, which leaves them undrawn (drawPage never runs).
globalThis.ResizeObserver ??= class {
  observe() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

let loading: ReturnType<typeof deferred<never>>;
let destroy: jest.Mock<() => Promise<void>>;

beforeEach(() => {
  localStorage.clear();
  loading = deferred<never>();
  destroy = jest.fn(async () => undefined);
  open.mockReturnValue({ promise: loading.promise, destroy } as unknown as ReturnType<typeof openPdf>);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
});

function renderReader(props: Partial<ComponentProps<typeof PdfReader>> = {}) {
  return renderWithProviders(
    <Routes>
      <Route
        path="/notes/CS-501"
        element={<PdfReader title="Unit 1 notes" file={{ url: URL, downloadUrl: DOWNLOAD_URL }} {...props} />}
      />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route: '/notes/CS-501', user: STUDENT },
  );
}

describe('PdfReader', () => {
  it("loads the unit's signed link with the session's token", () => {
    renderReader();
    expect(open).toHaveBeenCalledWith({ url: URL, token: storedToken() });
    expect(storedToken()).not.toBeNull();
    expect(screen.getByRole('status', { name: 'Loading the PDF…' })).toBeInTheDocument();
  });

  it('shows what went wrong with a Download button for a damaged file', async () => {
    renderReader();
    loading.reject(pdfJsError('InvalidPDFException'));
    expect(await screen.findByRole('alert')).toHaveTextContent('the file is damaged');
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('href', DOWNLOAD_URL);
  });

  it('loads again on Try again after a failed fetch', async () => {
    renderReader();
    loading.reject(new TypeError('Failed to fetch'));
    const retry = await screen.findByRole('button', { name: 'Try again' });
    const calls = open.mock.calls.length;
    open.mockReturnValue({ promise: new Promise(() => undefined), destroy } as unknown as ReturnType<
      typeof openPdf
    >);
    await userEvent.click(retry);
    expect(open.mock.calls.length).toBeGreaterThan(calls);
    expect(screen.getByRole('status', { name: 'Loading the PDF…' })).toBeInTheDocument();
  });

  it('logs out and goes to the login page on a 401, as the app does for an ended session', async () => {
    const endSession = jest.spyOn(apiClient, 'post').mockResolvedValue({ data: {} });
    renderReader();
    loading.reject(pdfJsError('ResponseException', 401));
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(storedToken()).toBeNull();
    expect(await screen.findByText('⏳ Session expired. Please log in again.')).toBeInTheDocument();
    expect(endSession).toHaveBeenCalledWith('/api/auth/logout', undefined, expect.anything());
  });

  it('stops loading when closed', () => {
    const { unmount } = renderReader();
    unmount();
    expect(destroy).toHaveBeenCalledTimes(1);
  });

  it('says how much of the file has arrived while pdf.js loads it', async () => {
    const task = { promise: loading.promise, destroy } as unknown as ReturnType<typeof openPdf>;
    open.mockReturnValue(task);
    renderReader();
    act(() => task.onProgress({ loaded: 30, total: 120 }));
    expect(screen.getByRole('status', { name: 'Loading the PDF… 25 %' })).toBeInTheDocument();
  });

  it('keeps the pages once the document is ready, while pdf.js goes on fetching ranges for them', async () => {
    const ready = deferred<unknown>();
    const task = { promise: ready.promise, destroy } as unknown as ReturnType<typeof openPdf>;
    open.mockReturnValue(task);
    renderReader();
    const a4 = { getViewport: () => ({ width: 595, height: 842 }) };
    ready.resolve({ numPages: 3, getPage: () => Promise.resolve(a4) });
    expect(await screen.findByRole('status', { name: 'Page 1 of 3' })).toBeInTheDocument();
    // A large file arrives by range requests: page 1's objects come after the document is open.
    act(() => task.onProgress({ loaded: 640, total: 20_000 }));
    expect(screen.getByRole('status', { name: 'Page 1 of 3' })).toBeInTheDocument();
    expect(screen.getAllByTestId('pdf-page')).toHaveLength(3);
  });

  it('says a password-protected file is one and offers it for download, without Try again', async () => {
    renderReader();
    loading.reject(pdfJsError('PasswordException'));
    expect(await screen.findByRole('alert')).toHaveTextContent('password-protected');
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('href', DOWNLOAD_URL);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('lays out every page and blames a page pdf.js cannot read on the file, not the connection', async () => {
    const task = deferred<unknown>();
    open.mockReturnValue({ promise: task.promise, destroy } as unknown as ReturnType<typeof openPdf>);
    renderReader();
    // A page tree entry that is not a page: pdf.js's worker says so with an UnknownErrorException.
    const broken = pdfJsError('UnknownErrorException');
    task.resolve({ numPages: 3, getPage: () => Promise.reject(broken) });
    expect(
      await screen.findByText('Page 1 could not be drawn: this part of the file is damaged.'),
    ).toBeInTheDocument();
    expect(screen.getAllByTestId('pdf-page')).toHaveLength(3);
    expect(screen.getByRole('status', { name: 'Page 1 of 3' })).toBeInTheDocument();
    expect(screen.queryByText(/Check your connection/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('slides the toolbar away as the student scrolls on, but not for its own page jumps and zooms', async () => {
    const task = deferred<unknown>();
    open.mockReturnValue({ promise: task.promise, destroy } as unknown as ReturnType<typeof openPdf>);
    renderReader();
    const a4 = { getViewport: () => ({ width: 595, height: 842 }) };
    task.resolve({ numPages: 3, getPage: () => Promise.resolve(a4) });
    const pages = await screen.findByRole('region', { name: /^Unit 1 notes/ });
    // jsdom lays nothing out: a scroller 800 px high over 3000 px of pages.
    Object.defineProperties(pages, { scrollHeight: { value: 3000 }, clientHeight: { value: 800 } });
    const toolbar = screen.getByRole('toolbar', { name: 'Reader' });
    const shown = () => getComputedStyle(toolbar).transform !== 'translateY(-100%)';
    const scrollBy = (distance: number) => {
      pages.scrollTop += distance;
      fireEvent.scroll(pages);
    };

    scrollBy(400);
    expect(shown()).toBe(false);
    act(() => screen.getByRole('button', { name: 'Zoom in' }).focus());
    expect(shown()).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(pages.scrollTop).toBe(500);
    // The browser reports the zoom's own scroll like any other.
    fireEvent.scroll(pages);
    expect(shown()).toBe(true);
    scrollBy(100);
    expect(shown()).toBe(false);
  });

  it.each([
    ['a page the document has', 2, 'Page 2 of 3'],
    ['past its end', 9, 'Page 1 of 3'],
    ['not a page number', Number.NaN, 'Page 1 of 3'],
  ])('opens at the start page asked for (%s) and says which page is in view', async (_, startPage, shown) => {
    const task = deferred<unknown>();
    open.mockReturnValue({ promise: task.promise, destroy } as unknown as ReturnType<typeof openPdf>);
    const onPageChange = jest.fn();
    renderReader({ startPage, onPageChange });
    const a4 = { getViewport: () => ({ width: 595, height: 842 }) };
    task.resolve({ numPages: 3, getPage: () => Promise.resolve(a4) });
    expect(await screen.findByRole('status', { name: shown })).toBeInTheDocument();
    const page = Number(/Page (\d)/.exec(shown)![1]);
    expect(onPageChange.mock.calls).toEqual([[page, 3]]);

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(page + 1, 3);
  });
});
