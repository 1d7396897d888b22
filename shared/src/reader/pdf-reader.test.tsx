import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
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

function renderReader() {
  return renderWithProviders(
    <Routes>
      <Route
        path="/notes/CS-501"
        element={<PdfReader title="Unit 1 notes" url={URL} downloadUrl={DOWNLOAD_URL} />}
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
});
