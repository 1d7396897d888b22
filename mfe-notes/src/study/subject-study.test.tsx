import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Route, Routes } from 'react-router-dom';
import { apiClient } from '@studyhub/shared';
import type { Bookmark, ReadingProgress } from '@studyhub/contract/schemas';
import { renderWithProviders, STUDENT } from '@studyhub/shared/testing';
import type * as Testing from '@studyhub/shared/testing';
import { NotesArea } from '../notes-area';
import { forgetServerSemester } from '../semester/remember-semester';

jest.mock(
  '@studyhub/shared/reader',
  () => jest.requireActual<typeof Testing>('@studyhub/shared/testing').FAKE_READER_MODULE,
);

const THIRD_YEAR_SEM_5 = { branch: 'CSE', year: 'ThirdYear', semester: '5' };

const unitFile = (unit: number) => ({
  unit,
  fileId: `file-${unit}`,
  size: 1024,
  uploadedAt: '2025-05-09T10:00:00.000Z',
  url: `/api/download/CSE/Third_Year/Semester_5/CS-501/${unit}?sig=s`,
  downloadUrl: `/api/download/CSE/Third_Year/Semester_5/CS-501/${unit}?sig=s&download=1`,
});

const unit3Read: ReadingProgress = {
  kind: 'note',
  fileId: 'file-3',
  subjectCode: 'CS-501',
  subject: 'Theory of Computation',
  unit: 3,
  session: null,
  page: 14,
  pages: 40,
  readAt: '2026-11-27T09:00:00.000Z',
};

interface Server {
  semester?: number | null;
  progress?: ReadingProgress[];
  bookmarks?: Bookmark[];
}

/** The study calls answer as the server would: `server` holds the student's rows; units 1 and 3 have files. */
function answerStudy(server: Server) {
  const get = jest.spyOn(apiClient, 'get').mockImplementation(((url: string) => {
    const answers: Record<string, unknown> = {
      '/api/notes/units': { subject: 'Theory of Computation', units: [unitFile(1), unitFile(3)] },
      '/api/progress': { items: server.progress ?? [] },
      '/api/bookmarks': { bookmarks: server.bookmarks ?? [] },
      '/api/follows': { follows: [] },
      '/api/me/semester': { semester: server.semester ?? null },
    };
    return url in answers ? Promise.resolve({ data: answers[url] }) : new Promise(() => undefined);
  }) as never);
  const put = jest.spyOn(apiClient, 'put').mockImplementation(((url: string, body: unknown) =>
    Promise.resolve({
      data: url.startsWith('/api/follows/')
        ? {
            message: 'Following',
            follow: {
              subjectCode: 'CS-501',
              subject: 'Theory of Computation',
              since: '2026-11-27T10:00:00Z',
            },
          }
        : body,
    })) as never);
  const post = jest.spyOn(apiClient, 'post');
  return { get, put, post };
}

function renderSubject() {
  return renderWithProviders(
    <Routes>
      <Route path="/notes/:subjectCode" element={<NotesArea page="subject" />} />
    </Routes>,
    { route: '/notes/CS-501', state: THIRD_YEAR_SEM_5, user: STUDENT },
  );
}

const unitCard = async (title: string) =>
  (await screen.findAllByTestId('unit-card')).find((card) =>
    within(card).queryByRole('heading', { name: title }),
  )!;

beforeEach(() => {
  localStorage.clear();
  forgetServerSemester();
});
afterEach(() => {
  jest.restoreAllMocks();
});

describe('a subject page picks up where the student left off (decision 041)', () => {
  it('offers "Continue at page 14" on the unit read, opening the reader at that page', async () => {
    answerStudy({ progress: [unit3Read] });
    renderSubject();
    const offer = await within(await unitCard('Unit 3')).findByRole('link', { name: 'Continue at page 14' });
    expect(offer).toHaveAttribute('href', '/notes/CS-501?unit=3&page=14');
    expect(within(await unitCard('Unit 1')).queryByTestId('continue-offer')).not.toBeInTheDocument();
  });

  it('Follow becomes "Following ✓" once the server has the follow', async () => {
    const { put } = answerStudy({});
    renderSubject();
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('button', { name: 'Following ✓' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(put).toHaveBeenCalledWith('/api/follows/CS-501', {}, undefined);
  });

  it('"Notify me" on a unit without a file follows the subject and says so', async () => {
    const { put } = answerStudy({});
    renderSubject();
    await userEvent.click(await within(await unitCard('Unit 2')).findByRole('button', { name: 'Notify me' }));
    expect(
      await screen.findByText('You follow Theory of Computation: a mail comes when notes are uploaded.'),
    ).toBeInTheDocument();
    expect(put).toHaveBeenCalledWith('/api/follows/CS-501', {}, undefined);
  });

  it('a unit’s star asks for an optional note and stars it', async () => {
    const { post } = answerStudy({});
    post.mockImplementation(((_url: string, body: { unit: number; note: string }) =>
      Promise.resolve({
        data: {
          message: 'Bookmarked',
          bookmark: {
            _id: 'b1',
            subjectCode: 'CS-501',
            subject: 'Theory of Computation',
            unit: body.unit,
            unitTitle: 'Finite automata',
            page: null,
            note: body.note,
            createdAt: '2026-11-27T10:00:00.000Z',
          },
        },
      })) as never);
    renderSubject();
    const star = await within(await unitCard('Unit 1')).findByRole('button', { name: 'Bookmark unit 1' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(star);
    const dialog = await screen.findByRole('dialog', { name: 'Bookmark unit 1' });
    await userEvent.type(within(dialog).getByLabelText('Note (optional)'), 'exam');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save bookmark' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(post).toHaveBeenCalledWith(
      '/api/bookmarks',
      { subject: 'CS-501', unit: 1, page: null, note: 'exam' },
      undefined,
    );
    expect(star).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the server’s message when it refuses a note, and keeps the dialog open', async () => {
    const { post } = answerStudy({});
    const refusal = 'A bookmark’s note must be at most 200 characters of plain text on one line.';
    post.mockRejectedValue(
      Object.assign(new Error('Bad Request'), {
        isAxiosError: true,
        response: { status: 400, data: { message: refusal } },
      }),
    );
    renderSubject();
    await userEvent.click(await screen.findByRole('button', { name: 'Bookmark Theory of Computation' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Note (optional)'), '<b>');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save bookmark' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
  });

  it('remembers the subject’s semester when the server holds another, and writes nothing when it is the same', async () => {
    const { put } = answerStudy({ semester: 3 });
    const first = renderSubject();
    await waitFor(() => expect(put).toHaveBeenCalledWith('/api/me/semester', { semester: 5 }, undefined));
    first.unmount();
    put.mockClear();
    renderSubject();
    await screen.findByRole('button', { name: 'Follow' });
    expect(put).not.toHaveBeenCalledWith('/api/me/semester', expect.anything(), undefined);
  });
});
