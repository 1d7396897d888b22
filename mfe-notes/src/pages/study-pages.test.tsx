import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Route, Routes } from 'react-router-dom';
import { apiClient } from '@studyhub/shared';
import type { Bookmark } from '@studyhub/contract/schemas';
import { renderWithProviders, STUDENT } from '@studyhub/shared/testing';
import { NotesArea } from '../notes-area';

const bookmark = (fields: Partial<Bookmark>): Bookmark => ({
  _id: 'b1',
  subjectCode: 'CS-501',
  subject: 'Theory of Computation',
  unit: null,
  unitTitle: null,
  page: null,
  note: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  ...fields,
});

const refused = (status: number, message: string) =>
  Object.assign(new Error(`Request failed with status code ${status}`), {
    isAxiosError: true,
    response: { status, data: { message } },
  });

function renderPage(page: string, route: string, user: typeof STUDENT | undefined = STUDENT) {
  return renderWithProviders(
    <Routes>
      <Route path="*" element={<NotesArea page={page} />} />
    </Routes>,
    { route, user },
  );
}

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  jest.restoreAllMocks();
});

describe('My bookmarks (decision 041)', () => {
  it('groups bookmarks by subject, each opening what it marks, and removes one', async () => {
    jest.spyOn(apiClient, 'get').mockResolvedValue({
      data: {
        bookmarks: [
          bookmark({ _id: 'b3', unit: 3, page: 14, note: 'Deadlock proof' }),
          bookmark({ _id: 'b2', subjectCode: 'CS-502', subject: 'Operating Systems' }),
          bookmark({ _id: 'b1', unit: 2, unitTitle: 'Regular languages' }),
        ],
      },
    });
    const remove = jest.spyOn(apiClient, 'delete').mockResolvedValue({ data: { message: 'Removed' } });
    renderPage('bookmarks', '/bookmarks');
    const toc = await screen.findByRole('region', { name: 'CS-501 · Theory of Computation' });
    const items = within(toc).getAllByTestId('bookmark');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Unit 3, page 14',
      'Unit 2: Regular languages',
    ]);
    expect(within(items[0]!).getByText('Deadlock proof')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('link', { name: 'Open: Unit 3, page 14' })).toHaveAttribute(
      'href',
      '/notes/CS-501?unit=3&page=14',
    );
    const os = screen.getByRole('region', { name: 'CS-502 · Operating Systems' });
    expect(within(os).getByRole('link', { name: 'Open: The whole subject' })).toHaveAttribute(
      'href',
      '/notes/CS-502',
    );

    await userEvent.click(
      within(items[1]!).getByRole('button', { name: 'Remove: Unit 2: Regular languages' }),
    );
    await waitFor(() => expect(within(toc).getAllByTestId('bookmark')).toHaveLength(1));
    expect(remove).toHaveBeenCalledWith('/api/bookmarks/b1', undefined);
  });

  it('says how to add one when there are none', async () => {
    jest.spyOn(apiClient, 'get').mockResolvedValue({ data: { bookmarks: [] } });
    renderPage('bookmarks', '/bookmarks');
    expect(await screen.findByText(/No bookmarks yet/)).toBeInTheDocument();
  });
});

describe('Following (decision 041)', () => {
  it('lists the subjects followed and unfollows one', async () => {
    jest.spyOn(apiClient, 'get').mockResolvedValue({
      data: {
        follows: [
          { subjectCode: 'CS-501', subject: 'Theory of Computation', since: '2026-11-20T10:00:00.000Z' },
          { subjectCode: 'CS-502', subject: 'Operating Systems', since: '2026-11-21T10:00:00.000Z' },
        ],
      },
    });
    const remove = jest.spyOn(apiClient, 'delete').mockResolvedValue({
      data: {
        message: 'Unfollowed',
        follow: {
          subjectCode: 'CS-501',
          subject: 'Theory of Computation',
          since: '2026-11-20T10:00:00.000Z',
        },
      },
    });
    renderPage('following', '/following');
    expect(await screen.findAllByTestId('follow')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Unfollow Theory of Computation' }));
    await waitFor(() => expect(screen.getAllByTestId('follow')).toHaveLength(1));
    expect(remove).toHaveBeenCalledWith('/api/follows/CS-501', undefined);
    expect(screen.getByRole('link', { name: 'CS-502 · Operating Systems' })).toHaveAttribute(
      'href',
      '/notes/CS-502',
    );
  });
});

/** A digest link's token as the server writes it: expiry, user, subject, signature. */
const TOKEN = '1900000000~student-1~CS-502~c2lnbmF0dXJl';

describe('/unfollow, the digest mail’s link (decision 041)', () => {
  it('sends nothing when the page loads; the button stops the mails and says so in the server’s words', async () => {
    const post = jest.spyOn(apiClient, 'post').mockResolvedValue({
      data: {
        message: 'You will get no more mails about Database Management Systems.',
        subjectCode: 'CS-502',
        subject: 'Database Management Systems',
      },
    });
    renderPage('unfollow', `/unfollow?${new URLSearchParams({ token: TOKEN })}`, undefined);
    const button = await screen.findByRole('button', {
      name: 'Stop mails about Database Management Systems',
    });
    expect(post).not.toHaveBeenCalled();
    await userEvent.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'You will get no more mails about Database Management Systems.',
    );
    expect(post).toHaveBeenCalledWith('/api/follows/unfollow', null, { params: { token: TOKEN } });
  });

  it('shows the server’s message for a bad link', async () => {
    const message =
      'This unfollow link is not valid. Open Following on StudyHub to stop mails about a subject.';
    jest.spyOn(apiClient, 'post').mockRejectedValue(refused(400, message));
    renderPage('unfollow', '/unfollow?token=forged', undefined);
    await userEvent.click(await screen.findByRole('button', { name: 'Stop these mails' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    // A refused link cannot work on a second tap.
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('a link without its token says so and offers Following', async () => {
    const post = jest.spyOn(apiClient, 'post');
    renderPage('unfollow', '/unfollow', undefined);
    expect(await screen.findByRole('alert')).toHaveTextContent(/not complete/);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });
});
