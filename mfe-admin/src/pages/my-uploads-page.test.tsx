import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { apiClient } from '@studyhub/shared';
import type { MyUploadsPage, UploadItem } from '@studyhub/contract/schemas';
import { renderWithProviders, TEACHER } from '@studyhub/shared/testing';
import type * as Testing from '@studyhub/shared/testing';
import { pendingPaper, pendingQuestion, pendingUpload } from '../testing/upload-items';
import { MyUploadsPage as Page } from './my-uploads-page';

jest.mock(
  '@studyhub/shared/reader',
  () => jest.requireActual<typeof Testing>('@studyhub/shared/testing').FAKE_READER_MODULE,
);

const base = pendingUpload('u0', { expiresAt: null, file: null });

const UPLOADS: UploadItem[] = [
  pendingUpload('p', { fileName: 'waiting.pdf' }),
  { ...base, _id: 'a', fileName: 'live.pdf', state: 'approved', decidedAt: '2025-05-10T08:00:00.000Z' },
  {
    ...base,
    _id: 'r',
    fileName: 'wrong.pdf',
    state: 'rejected',
    decidedAt: '2025-05-10T09:00:00.000Z',
    reason: 'Scanned upside down.\nPlease rotate it.',
  },
  { ...base, _id: 'e', fileName: 'old.pdf', state: 'expired', decidedAt: '2025-05-24T00:00:00.000Z' },
];

let get: jest.SpiedFunction<typeof apiClient.get>;

beforeEach(() => {
  localStorage.clear();
  const data: MyUploadsPage = { items: UPLOADS, page: 1, pageSize: 25, total: UPLOADS.length };
  get = jest.spyOn(apiClient, 'get').mockResolvedValue({ data });
});
afterEach(() => {
  jest.restoreAllMocks();
});

const rowOf = async (fileName: string) =>
  (await screen.findAllByTestId('my-upload')).find((row) => row.textContent?.includes(fileName))!;

describe('MyUploadsPage (decision 026)', () => {
  it('lists each upload with its state and what became of it', async () => {
    renderWithProviders(<Page />, { route: '/my-uploads', user: TEACHER });
    expect(await rowOf('waiting.pdf')).toHaveTextContent('Pending review');
    expect(get).toHaveBeenCalledWith('/api/uploads/mine', {
      params: { page: 1 },
      signal: expect.any(AbortSignal),
    });
    expect(await rowOf('waiting.pdf')).toHaveTextContent('Waits for review until 23 May 2025.');
    expect(await rowOf('live.pdf')).toHaveTextContent('Approved');
    expect(await rowOf('live.pdf')).toHaveTextContent('Live for students since 10 May 2025.');
    const rejected = await rowOf('wrong.pdf');
    expect(rejected).toHaveTextContent('Rejected');
    expect(within(rejected).getByTestId('rejection-reason').textContent).toBe(
      'Scanned upside down.\nPlease rotate it.',
    );
    expect(await rowOf('old.pdf')).toHaveTextContent('Removed on 24 May 2025: no admin reviewed it in time.');
    expect(screen.getByRole('link', { name: 'Upload Notes' })).toHaveAttribute('href', '/admin/upload-notes');
  });

  it('opens a pending upload in the reader; decided ones have nothing to read here', async () => {
    renderWithProviders(<Page />, { route: '/my-uploads', user: TEACHER });
    for (const decided of ['live.pdf', 'wrong.pdf', 'old.pdf']) {
      expect(within(await rowOf(decided)).queryByRole('button', { name: 'Read' })).not.toBeInTheDocument();
    }
    await userEvent.click(within(await rowOf('waiting.pdf')).getByRole('button', { name: 'Read' }));
    const reader = await screen.findByRole('document', { name: 'Machine Learning Unit 3 upload' });
    expect(reader).toHaveAttribute('data-url', pendingUpload('p').file!.url);
  });

  it('says when there are none yet', async () => {
    get.mockResolvedValue({ data: { items: [], page: 1, pageSize: 25, total: 0 } });
    renderWithProviders(<Page />, { route: '/my-uploads', user: TEACHER });
    expect(await screen.findByText('You have not uploaded anything yet.')).toBeInTheDocument();
  });
});

describe('MyUploadsPage: every kind (decision 034)', () => {
  it('badges each upload with its kind; a paper reads in the reader, a question shows its words', async () => {
    const items: UploadItem[] = [
      pendingPaper('p1', { fileName: 'dbms-may-2024.pdf' }),
      pendingQuestion('q1', { state: 'approved', decidedAt: '2025-05-10T08:00:00.000Z', expiresAt: null }),
    ];
    get.mockResolvedValue({ data: { items, page: 1, pageSize: 25, total: 2 } });
    renderWithProviders(<Page />, { route: '/my-uploads', user: TEACHER });
    const paper = await rowOf('dbms-may-2024.pdf');
    expect(within(paper).getByText('Question paper')).toBeInTheDocument();
    expect(paper).toHaveTextContent('CS-601 Machine Learning · May 2024 · 2019 scheme');
    const question = await rowOf('bias–variance');
    expect(within(question).getByText('Question')).toBeInTheDocument();
    expect(question).toHaveTextContent('CS-601 Machine Learning · Unit 2');
    expect(question).toHaveTextContent('“Explain the bias–variance trade-off.');
    expect(question).toHaveTextContent('Live for students since 10 May 2025.');
    expect(within(question).queryByRole('button', { name: 'Read' })).not.toBeInTheDocument();

    await userEvent.click(within(paper).getByRole('button', { name: 'Read' }));
    const reader = await screen.findByRole('document', {
      name: 'Machine Learning May 2024 · 2019 scheme upload',
    });
    expect(reader).toHaveAttribute('data-url', pendingPaper('p1').file!.url);
  });
});
