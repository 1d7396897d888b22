import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Route, Routes } from 'react-router-dom';
import { apiClient } from '@studyhub/shared';
import { SEARCH_MESSAGES, type SearchHit, type SearchReply } from '@studyhub/contract/schemas';
import {
  currentLocation,
  httpError,
  LocationProbe,
  renderWithProviders,
  STUDENT,
} from '@studyhub/shared/testing';
import { NotesArea } from '../notes-area';

function hit(page: number, overrides: Partial<SearchHit> = {}): SearchHit {
  return {
    kind: 'note',
    fileId: 'n-1',
    subjectCode: 'CS-502',
    subject: 'Database Management Systems',
    unit: 3,
    session: null,
    page,
    snippet: 'Shortest paths: Dijkstra relaxes each edge once.',
    highlights: [{ start: 16, end: 24 }],
    ...overrides,
  };
}

let get: jest.SpiedFunction<typeof apiClient.get>;

function answer(reply: SearchReply | Error) {
  get.mockImplementation(((url: string) =>
    url !== '/api/search'
      ? new Promise(() => undefined)
      : reply instanceof Error
        ? Promise.reject(reply)
        : Promise.resolve({ data: reply })) as never);
}

function renderAt(route: string) {
  renderWithProviders(
    <>
      <Routes>
        <Route path="/search" element={<NotesArea page="search" />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
      <LocationProbe />
    </>,
    { route, user: STUDENT },
  );
}

beforeEach(() => {
  get = jest.spyOn(apiClient, 'get').mockReturnValue(new Promise(() => undefined) as never);
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('/search', () => {
  it('lists the hits of the page asked for, each one link to the reader at its page', async () => {
    const hits = [hit(14), hit(2, { kind: 'paper', fileId: 'p-7', unit: null, session: 'May 2024' })];
    answer({ query: 'dijkstra', total: 37, more: false, hits });
    renderAt('/search?q=dijkstra&page=2');
    expect(screen.getByRole('heading', { name: 'Search' })).toBeInTheDocument();
    expect(await screen.findByText('37 results for “dijkstra” · Page 2 of 2')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith(
      '/api/search',
      expect.objectContaining({ params: { q: 'dijkstra', page: 2 } }),
    );
    const links = within(screen.getByRole('list', { name: 'Results' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [
        'CS-502 Database Management SystemsUnit 3 · page 14Shortest paths: Dijkstra relaxes each edge once.',
        '/notes/CS-502?unit=3&page=14&find=dijkstra',
      ],
      [
        'CS-502 Database Management SystemsMay 2024 paper · page 2Shortest paths: Dijkstra relaxes each edge once.',
        '/papers/CS-502?paper=p-7&page=2&find=dijkstra',
      ],
    ]);
    expect(links[0]!.querySelector('mark')).toHaveTextContent('Dijkstra');
    const paging = screen.getByRole('navigation', { name: 'Pages of results' });
    expect(within(paging).getByRole('link', { name: '‹ Previous' })).toHaveAttribute(
      'href',
      '/search?q=dijkstra',
    );
    expect(within(paging).queryByRole('link', { name: 'Next ›' })).not.toBeInTheDocument();
  });

  it('offers Next while there are more pages, up to the last a student may reach', async () => {
    answer({ query: 'process', total: 1000, more: true, hits: [hit(1)] });
    renderAt('/search?q=process');
    expect(await screen.findByText('1,000 or more results for “process” · Page 1 of 50')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '‹ Previous' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Next ›' }));
    expect(currentLocation()).toBe('/search?q=process&page=2');
    expect(await screen.findByText('1,000 or more results for “process” · Page 2 of 50')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '‹ Previous' })).toBeInTheDocument();
  });

  it("shows the server's message for a search or page it cannot take", async () => {
    answer(httpError(400, { message: SEARCH_MESSAGES.page }));
    renderAt('/search?q=dijkstra&page=99');
    expect(await screen.findByRole('alert')).toHaveTextContent(SEARCH_MESSAGES.page);
  });

  it('with no hit, suggests checking the spelling or searching subjects', async () => {
    answer({ query: 'dijsktra', total: 0, more: false, hits: [] });
    renderAt('/search?q=dijsktra');
    expect(await screen.findByText('No page of the notes or papers holds “dijsktra”.')).toBeInTheDocument();
    expect(screen.getByText(/Check the spelling/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Search subjects' }));
    expect(currentLocation()).toBe('/notes');
  });

  it('asks nothing for a query too short, and searches what the field holds', async () => {
    renderAt('/search?q=d');
    expect(screen.getByText(/Type at least 2 characters/)).toBeInTheDocument();
    expect(get).not.toHaveBeenCalledWith('/api/search', expect.anything());
    const field = screen.getByRole('searchbox', { name: 'Search inside the notes' });
    expect(field).toHaveValue('d');
    await userEvent.type(field, 'ijkstra algorithm{Enter}');
    expect(currentLocation()).toBe('/search?q=dijkstra+algorithm');
  });
});
