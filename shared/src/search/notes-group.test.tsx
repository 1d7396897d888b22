import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { useEffect, useState } from 'react';
import { Route, Routes, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { SEARCH_MESSAGES, type SearchHit, type SearchReply } from '@studyhub/contract/schemas';
import { apiClient } from '../api/client';
import {
  currentLocation,
  deferred,
  httpError,
  LocationProbe,
  locationState,
  renderWithProviders,
  setBrowserOnline,
  setupFakeTimers,
  STUDENT,
} from '../testing';
import { rememberedSearch, SubjectSearchBox } from './subject-search-box';

/** A page with the box as Home has it: its text kept in the history entry when a hit opens something. */
function Page() {
  const location = useLocation();
  const [value, setValue] = useState(() => rememberedSearch(location.state));
  return <SubjectSearchBox label="Search" value={value} onValueChange={setValue} onPick={() => undefined} />;
}

/** The box on its page; `history.navigate(-1)` is Back. */
function renderBox(signedIn = true) {
  const history: { navigate: NavigateFunction } = { navigate: () => undefined };
  function History() {
    const navigate = useNavigate();
    useEffect(() => {
      history.navigate = navigate;
    });
    return null;
  }
  renderWithProviders(
    <>
      <Routes>
        <Route path="/" element={<Page />} />
        <Route path="*" element={<LocationProbe />} />
      </Routes>
      <History />
    </>,
    signedIn ? { user: STUDENT } : {},
  );
  return Object.assign(screen.getByRole('combobox', { name: 'Search' }), { history });
}

function hit(overrides: Partial<SearchHit>): SearchHit {
  return {
    kind: 'note',
    fileId: 'n-1',
    subjectCode: 'CS-502',
    subject: 'Database Management Systems',
    unit: 3,
    session: null,
    page: 14,
    snippet: 'Shortest paths: Dijkstra relaxes each edge once.',
    highlights: [{ start: 16, end: 24 }],
    ...overrides,
  };
}

const REPLY: SearchReply = {
  query: 'dijkstra',
  total: 37,
  more: false,
  hits: [
    hit({}),
    hit({ kind: 'paper', fileId: 'p-7', unit: null, session: 'May 2024', page: 2 }),
    hit({ page: 15 }),
    hit({ page: 16 }),
    hit({ page: 17 }),
  ],
};

let get: jest.SpiedFunction<typeof apiClient.get>;
const searchCalls = () => get.mock.calls.filter(([url]) => url === '/api/search');
/** The search call answers `reply`; the availability read never answers. */
function answerSearch(reply: SearchReply | Error | Promise<unknown>) {
  get.mockImplementation(((url: string) => {
    if (url !== '/api/search') return new Promise(() => undefined);
    if (reply instanceof Error) return Promise.reject(reply);
    return reply instanceof Promise ? reply : Promise.resolve({ data: reply });
  }) as never);
}

const notesGroup = () => screen.findByRole('group', { name: 'In the notes' });

beforeEach(() => {
  localStorage.clear();
  get = jest.spyOn(apiClient, 'get').mockReturnValue(new Promise(() => undefined) as never);
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('the search box\'s "In the notes" group', () => {
  it('lists four pages, each with its subject, place and snippet with the words marked, and See all', async () => {
    answerSearch(REPLY);
    await userEvent.type(renderBox(), 'dijkstra');
    const group = await notesGroup();
    await within(group).findByRole('option', { name: 'See all 37 results' });
    const rows = within(group).getAllByRole('option');
    expect(rows.map((row) => row.textContent)).toEqual([
      'CS-502 Database Management SystemsUnit 3 · page 14Shortest paths: Dijkstra relaxes each edge once.',
      'CS-502 Database Management SystemsMay 2024 paper · page 2Shortest paths: Dijkstra relaxes each edge once.',
      expect.stringContaining('Unit 3 · page 15'),
      expect.stringContaining('Unit 3 · page 16'),
      'See all 37 results',
    ]);
    expect([...rows[0]!.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Dijkstra']);
    expect(searchCalls()).toEqual([
      ['/api/search', expect.objectContaining({ params: { q: 'dijkstra', page: 1 } })],
    ]);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('37 results in the notes.'));
  });

  it('says "or more" when the server counted only so many of the pages that hold the words', async () => {
    answerSearch({ ...REPLY, query: 'process', total: 1000, more: true });
    await userEvent.type(renderBox(), 'process');
    await within(await notesGroup()).findByRole('option', { name: 'See all 1,000 or more results' });
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('1,000 or more results in the notes.'),
    );
  });

  it('arrows go from the subjects into the group; Enter opens the reader at the page; Back finds the box as left', async () => {
    answerSearch(REPLY);
    const box = renderBox();
    await userEvent.type(box, 'dbms');
    await within(await notesGroup()).findByRole('option', { name: 'See all 37 results' });
    const subjects = within(screen.getByRole('group', { name: 'Subjects' })).getAllByRole('option').length;
    await userEvent.keyboard('{ArrowDown}');
    expect(document.getElementById(box.getAttribute('aria-activedescendant')!)).toHaveTextContent(
      'CS-502 Database Management SystemsThird Year',
    );
    await userEvent.keyboard('{ArrowDown}'.repeat(subjects + 1));
    const active = document.getElementById(box.getAttribute('aria-activedescendant')!);
    expect(active).toHaveTextContent('May 2024 paper · page 2');
    expect(active).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');
    expect(currentLocation()).toBe('/papers/CS-502?paper=p-7&page=2&find=dbms');

    await act(async () => box.history.navigate(-1));
    expect(screen.getByRole('combobox', { name: 'Search' })).toHaveValue('dbms');
  });

  it('a tap on See all opens the results page', async () => {
    answerSearch(REPLY);
    await userEvent.type(renderBox(), 'dijkstra algorithm');
    await userEvent.click(await screen.findByRole('option', { name: 'See all 37 results' }));
    expect(currentLocation()).toBe('/search?q=dijkstra+algorithm');
  });

  it('waits for a pause in typing, never asks for fewer than two characters, and drops a stale request', async () => {
    const user = setupFakeTimers();
    const first = deferred<unknown>();
    answerSearch(first.promise);
    const box = renderBox();
    await user.type(box, 'd');
    await act(async () => void jest.advanceTimersByTime(1000));
    expect(searchCalls()).toHaveLength(0);
    await user.type(box, 'ijk');
    await act(async () => void jest.advanceTimersByTime(299));
    expect(searchCalls()).toHaveLength(0);
    await act(async () => void jest.advanceTimersByTime(1));
    expect(searchCalls().map(([, config]) => config?.params)).toEqual([{ q: 'dijk', page: 1 }]);

    answerSearch(REPLY);
    await user.type(box, 'stra');
    await act(async () => void jest.advanceTimersByTime(300));
    expect(searchCalls().map(([, config]) => (config?.params as { q: string }).q)).toEqual([
      'dijk',
      'dijkstra',
    ]);
    expect(searchCalls()[0]![1]!.signal).toHaveProperty('aborted', true);
    await act(async () => first.resolve({ data: { ...REPLY, total: 999 } }));
    expect(await screen.findByRole('option', { name: 'See all 37 results' })).toBeInTheDocument();
  });

  it('signed out, offers one row to log in, which returns to the page with the search', async () => {
    await userEvent.type(renderBox(false), 'dijkstra');
    const row = await within(await notesGroup()).findByRole('option');
    expect(row).toHaveTextContent('Log in to search inside the notes');
    await userEvent.click(row);
    expect(currentLocation()).toBe('/login');
    expect(locationState()).toEqual({ returnTo: { path: '/', state: { search: 'dijkstra' } } });
    expect(searchCalls()).toHaveLength(0);
  });

  it('offline, says the search needs a connection and asks nothing', async () => {
    setBrowserOnline(false);
    await userEvent.type(renderBox(), 'dijkstra');
    const row = await within(await notesGroup()).findByRole('option');
    expect(row).toHaveTextContent('Searching inside the notes needs a connection.');
    expect(row).toHaveAttribute('aria-disabled', 'true');
    expect(searchCalls()).toHaveLength(0);
  });

  it("shows the server's message for a search it cannot take, as text", async () => {
    answerSearch(httpError(400, { message: SEARCH_MESSAGES.tooManyWords }));
    await userEvent.type(renderBox(), 'a b c d e f g h i j k');
    const message = await within(await notesGroup()).findByText(SEARCH_MESSAGES.tooManyWords);
    expect(message).toHaveAttribute('role', 'option');
    expect(message).toHaveAttribute('aria-disabled', 'true');
  });

  it('writes a hostile snippet as text: no element of its own reaches the page', async () => {
    const snippet = '<img src=x onerror=alert(1)><script>alert(2)</script> Dijkstra';
    const at = (word: string) => ({ start: snippet.indexOf(word), end: snippet.indexOf(word) + word.length });
    answerSearch({
      ...REPLY,
      total: 1,
      hits: [hit({ snippet, highlights: [at('script'), at('Dijkstra')] })],
    });
    await userEvent.type(renderBox(), 'dijkstra');
    const group = await notesGroup();
    await within(group).findByRole('option', { name: /Dijkstra/ });
    // The one hit is in the box: nothing more to see.
    expect(within(group).queryByRole('option', { name: /See all/ })).not.toBeInTheDocument();
    expect(group.querySelector('img, script')).toBeNull();
    expect(group).toHaveTextContent(snippet);
    expect([...group.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      'script',
      'Dijkstra',
    ]);
  });
});
