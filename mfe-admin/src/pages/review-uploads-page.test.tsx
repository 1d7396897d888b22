import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { apiClient } from '@studyhub/shared';
import type { ReviewItem, ReviewPage } from '@studyhub/contract/schemas';
import { ADMIN, httpError, renderWithProviders } from '@studyhub/shared/testing';
import type * as Testing from '@studyhub/shared/testing';
import { pendingPaper, pendingQuestion, queued, queuedUpload } from '../testing/upload-items';
import { ReviewUploadsPage } from './review-uploads-page';

jest.mock(
  '@studyhub/shared/reader',
  () => jest.requireActual<typeof Testing>('@studyhub/shared/testing').FAKE_READER_MODULE,
);

const pageOf = (items: ReviewItem[]): ReviewPage => ({ items, page: 1, pageSize: 25, total: items.length });

let get: jest.SpiedFunction<typeof apiClient.get>;
let post: jest.SpiedFunction<typeof apiClient.post>;

beforeEach(() => {
  localStorage.clear();
  get = jest
    .spyOn(apiClient, 'get')
    .mockResolvedValue({ data: pageOf([queuedUpload('u1'), queuedUpload('u2')]) });
  post = jest.spyOn(apiClient, 'post');
});
afterEach(() => {
  jest.restoreAllMocks();
});

const renderPage = () =>
  renderWithProviders(<ReviewUploadsPage />, { route: '/admin/review-uploads', user: ADMIN });
const item = async (index: number) => (await screen.findAllByTestId('review-item'))[index]!;

describe('ReviewUploadsPage (decision 026)', () => {
  it('lists each pending upload with subject, unit, where it belongs, uploader, file, size and dates', async () => {
    renderPage();
    const first = await item(0);
    expect(get).toHaveBeenCalledWith('/api/admin/reviews', {
      params: { page: 1 },
      signal: expect.any(AbortSignal),
    });
    expect(
      within(first).getByRole('heading', { name: 'CS-601 Machine Learning · Unit 3' }),
    ).toBeInTheDocument();
    expect(first).toHaveTextContent('CSE | Third Year | Semester 6');
    expect(first).toHaveTextContent('From Meera Teacher (meera@example.com)');
    expect(first).toHaveTextContent('u1.pdf · 1.4 MB · 9 May 2025');
    expect(first).toHaveTextContent('expires 23 May 2025');
  });

  it('says so when an uploader’s account has been deleted', async () => {
    get.mockResolvedValue({
      data: pageOf([queuedUpload('u3', { uploader: { id: 'gone', name: null, email: null } })]),
    });
    renderPage();
    expect(await item(0)).toHaveTextContent('From a deleted account');
  });

  it('Read opens the upload in the in-page reader, from its signed link', async () => {
    renderPage();
    await userEvent.click(within(await item(1)).getByRole('button', { name: 'Read' }));
    const dialog = screen.getByRole('dialog', { name: 'CS-601 · Unit 3: u2.pdf' });
    const reader = await within(dialog).findByRole('document', { name: 'Machine Learning Unit 3 upload' });
    expect(reader).toHaveAttribute('data-url', queuedUpload('u2').file!.url);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Approve sends the decision, toasts the server’s words and takes the upload off the list', async () => {
    post.mockResolvedValue({
      data: {
        message: 'Approved. Students can now see these notes.',
        upload: { ...queuedUpload('u1'), state: 'approved' },
      },
    });
    renderPage();
    await userEvent.click(within(await item(0)).getByRole('button', { name: 'Approve' }));
    expect(post).toHaveBeenCalledWith('/api/admin/reviews/u1', { decision: 'approve' }, undefined);
    expect(await screen.findByText('Approved. Students can now see these notes.')).toBeInTheDocument();
    const left = screen.getAllByTestId('review-item');
    expect(left).toHaveLength(1);
    expect(left[0]).toHaveTextContent('u2.pdf');
  });

  it('Reject asks for a reason first, then sends it', async () => {
    post.mockResolvedValue({
      data: {
        message: 'Rejected. The teacher will see your reason.',
        upload: { ...queuedUpload('u2'), state: 'rejected' },
      },
    });
    renderPage();
    await userEvent.click(within(await item(1)).getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject this upload?' });
    expect(dialog).toHaveTextContent('CS-601 · Unit 3: u2.pdf');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please say why the upload is rejected.');
    expect(post).not.toHaveBeenCalled();

    await userEvent.type(
      within(dialog).getByLabelText('Reason (the teacher will read it)'),
      '  Pages are missing.  ',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(post).toHaveBeenCalledWith(
      '/api/admin/reviews/u2',
      { decision: 'reject', reason: 'Pages are missing.' },
      undefined,
    );
    expect(await screen.findByText('Rejected. The teacher will see your reason.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('review-item')).toHaveLength(1);
  });

  it('a decision another admin made first is said, and the list is read again', async () => {
    post.mockRejectedValue(
      httpError(409, { message: 'Another admin has already approved this upload.', state: 'approved' }),
    );
    renderPage();
    await userEvent.click(within(await item(0)).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Another admin has already approved this upload.')).toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('says when nothing waits', async () => {
    get.mockResolvedValue({ data: pageOf([]) });
    renderPage();
    expect(await screen.findByText('Nothing is waiting for review.')).toBeInTheDocument();
  });
});

describe('ReviewUploadsPage: papers and questions (decision 034)', () => {
  const PAPER = queued(pendingPaper('p1'));
  const QUESTION = queued(pendingQuestion('q1'));

  beforeEach(() => {
    get.mockResolvedValue({ data: pageOf([queuedUpload('u1'), PAPER, QUESTION]) });
  });

  it('badges each item with its kind and names it by unit, session or question', async () => {
    renderPage();
    const [note, paper, question] = [await item(0), await item(1), await item(2)];
    expect(within(note).getByText('Notes')).toBeInTheDocument();
    expect(within(paper).getByText('Question paper')).toBeInTheDocument();
    expect(
      within(paper).getByRole('heading', { name: 'CS-601 Machine Learning · May 2024 · 2019 scheme' }),
    ).toBeInTheDocument();
    expect(paper).toHaveTextContent('p1.pdf · 820 KB · 9 May 2025');
    expect(within(question).getByText('Question')).toBeInTheDocument();
    expect(
      within(question).getByRole('heading', { name: 'CS-601 Machine Learning · Unit 2' }),
    ).toBeInTheDocument();
    expect(question.querySelector('blockquote')?.textContent).toBe(QUESTION.text);
    expect(question).toHaveTextContent('10 marks · Asked in May 2024, Dec 2023');
    expect(question).toHaveTextContent('From Meera Teacher (meera@example.com)');
  });

  it('reads a paper in the reader; a question has nothing to read', async () => {
    renderPage();
    expect(within(await item(2)).queryByRole('button', { name: 'Read' })).not.toBeInTheDocument();
    await userEvent.click(within(await item(1)).getByRole('button', { name: 'Read' }));
    const dialog = screen.getByRole('dialog', { name: 'CS-601 · May 2024 · 2019 scheme: p1.pdf' });
    const reader = await within(dialog).findByRole('document', {
      name: 'Machine Learning May 2024 · 2019 scheme upload',
    });
    expect(reader).toHaveAttribute('data-url', PAPER.file!.url);
  });

  it('approves a question and rejects a paper, each through the same decision call', async () => {
    post.mockResolvedValueOnce({
      data: {
        message: 'Approved. Students can now see this question.',
        upload: { ...QUESTION, state: 'approved' },
      },
    });
    renderPage();
    await userEvent.click(within(await item(2)).getByRole('button', { name: 'Approve' }));
    expect(post).toHaveBeenCalledWith('/api/admin/reviews/q1', { decision: 'approve' }, undefined);
    expect(await screen.findByText('Approved. Students can now see this question.')).toBeInTheDocument();
    expect(screen.getAllByTestId('review-item')).toHaveLength(2);

    post.mockResolvedValueOnce({
      data: {
        message: 'Rejected. The teacher will see your reason.',
        upload: { ...PAPER, state: 'rejected' },
      },
    });
    await userEvent.click(within(await item(1)).getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject this upload?' });
    expect(dialog).toHaveTextContent('CS-601 · May 2024 · 2019 scheme: p1.pdf');
    await userEvent.type(
      within(dialog).getByLabelText('Reason (the teacher will read it)'),
      'Wrong subject.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(post).toHaveBeenLastCalledWith(
      '/api/admin/reviews/p1',
      { decision: 'reject', reason: 'Wrong subject.' },
      undefined,
    );
    expect(await screen.findByText('Rejected. The teacher will see your reason.')).toBeInTheDocument();
    expect(screen.getAllByTestId('review-item')).toHaveLength(1);
  });

  it('quotes the start of a question in the rejection dialog', async () => {
    renderPage();
    await userEvent.click(within(await item(2)).getByRole('button', { name: 'Reject' }));
    expect(screen.getByRole('dialog', { name: 'Reject this upload?' })).toHaveTextContent(
      'CS-601 · Unit 2: “Explain the bias–variance trade-off. (a) with a diagram (b)…”',
    );
  });
});
