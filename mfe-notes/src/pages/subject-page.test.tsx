import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act } from 'react';
import { Route, Routes, useNavigate, type NavigateFunction } from 'react-router-dom';
import { apiClient } from '@studyhub/shared';
import { findSubject } from '@studyhub/contract/catalog';
import type { AvailableUnit, UnitsReply } from '@studyhub/contract/schemas';
import { networkError, renderWithProviders, setBrowserOnline, STUDENT } from '@studyhub/shared/testing';
import type * as Testing from '@studyhub/shared/testing';
import { NotesArea } from '../notes-area';
import { answerAvailabilityOf } from '../testing/availability';

// The reader (pdf.js) is shared's and tested there; the browser suite (e2e/tests/reader.e2e.ts) draws real PDFs.
// Here it shows what the page handed it.
jest.mock(
  '@studyhub/shared/reader',
  () => jest.requireActual<typeof Testing>('@studyhub/shared/testing').FAKE_READER_MODULE,
);

const THIRD_YEAR_SEM_5 = { branch: 'CSE', year: 'ThirdYear', semester: '5' };
const CHECKING = 'Checking which units are available…';
const FAILED = 'Could not check which units are available.';
const OFFLINE = 'You are offline, so which units have notes will show when the connection returns.';

/** What the server answers for a unit with a file: signed links as GET /api/notes/units gives them. */
function fileFor(code: string, unit: number): AvailableUnit {
  const url = `/api/download/CSE/Third_Year/Semester_5/${encodeURIComponent(code)}/${unit}?expires=99&sig=s${unit}`;
  return {
    unit,
    fileId: `file-${unit}`,
    size: 1024,
    uploadedAt: '2025-05-09T10:00:00.000Z',
    url,
    downloadUrl: `${url}&download=1`,
  };
}

function reply(code: string, units: number[]): { data: UnitsReply } {
  return { data: { subject: findSubject(code)?.name ?? code, units: units.map((n) => fileFor(code, n)) } };
}

let get: jest.SpiedFunction<typeof apiClient.get>;

function renderSubject(code: string, state?: unknown) {
  return renderWithProviders(
    <Routes>
      <Route path="/notes/:subjectCode" element={<NotesArea page="subject" />} />
    </Routes>,
    { route: `/notes/${code}`, state, user: STUDENT },
  );
}

/** The units call answers `units`; the availability read (the links' counts) never answers. */
function answerUnits(code: string, units: number[]) {
  get.mockImplementation(((url: string) =>
    url === '/api/notes/units'
      ? Promise.resolve(reply(code, units))
      : new Promise(() => undefined)) as never);
}

const unitsCalls = () => get.mock.calls.filter(([url]) => url === '/api/notes/units');

/** Renders the page with the units call answering `units` (the unit numbers that have a file). */
async function renderWithFiles(code: string, units: number[], state: unknown = THIRD_YEAR_SEM_5) {
  answerUnits(code, units);
  renderSubject(code, state);
  await waitFor(() => expect(screen.queryByText(CHECKING)).not.toBeInTheDocument());
}

const unitCards = () => screen.queryAllByTestId('unit-card');

beforeEach(() => {
  localStorage.clear();
  get = jest.spyOn(apiClient, 'get').mockReturnValue(new Promise(() => undefined) as never);
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('SubjectPage without context', () => {
  it.each([
    ['no state', undefined],
    ['null', null],
    ['a missing semester', { branch: 'CSE', year: 'ThirdYear' }],
    ['a numeric semester', { branch: 'CSE', year: 'ThirdYear', semester: 5 }],
    ['an unknown year', { branch: 'CSE', year: 'FifthYear', semester: '5' }],
    ['an unknown semester', { branch: 'CSE', year: 'ThirdYear', semester: '9' }],
  ])('asks to navigate via the Notes page when given %s', (_label, state) => {
    renderSubject('CS-501', state);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Missing subject context. Please navigate via the Notes page.',
    );
    expect(screen.queryByRole('heading', { name: /Units/ })).not.toBeInTheDocument();
    expect(unitCards()).toHaveLength(0);
    expect(get).not.toHaveBeenCalled();
  });

  it("offers the subject's year page and the notes search as ways on", () => {
    renderSubject('CS-501', undefined);
    const waysOn = screen.getByRole('navigation', { name: 'Ways on' });
    expect(within(waysOn).getByRole('link', { name: 'Open Third Year' })).toHaveAttribute(
      'href',
      '/notes/ThirdYear',
    );
    expect(within(waysOn).getByRole('link', { name: 'Search the notes' })).toHaveAttribute('href', '/notes');
  });

  it.each([undefined, { branch: 'CSE', year: 'ThirdYear', semester: '5' }])(
    'says "Subject Not Found" for an unknown code, with ways on, whatever the state (%p)',
    (state) => {
      renderSubject('CS-999', state);
      expect(screen.getByRole('heading', { level: 1, name: 'Subject Not Found' })).toBeInTheDocument();
      expect(screen.getByText('No subject has the code “CS-999”.')).toBeInTheDocument();
      expect(screen.queryByText(/Missing subject context/)).not.toBeInTheDocument();
      const waysOn = screen.getByRole('navigation', { name: 'Ways on' });
      expect(within(waysOn).getByRole('link', { name: 'Search the notes' })).toHaveAttribute(
        'href',
        '/notes',
      );
      expect(within(waysOn).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
      expect(get).not.toHaveBeenCalled();
    },
  );
});

describe('SubjectPage with context', () => {
  it('shows "Subject Not Found" for an unknown code, without asking the server', () => {
    renderSubject('CS-999', THIRD_YEAR_SEM_5);
    expect(screen.getByRole('heading', { level: 1, name: 'Subject Not Found' })).toBeInTheDocument();
    expect(unitCards()).toHaveLength(0);
    expect(get).not.toHaveBeenCalled();
  });

  it('shows the units heading, a breadcrumb and one card per unit', async () => {
    await renderWithFiles('CS-501', [1, 2, 3, 4, 5]);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Theory of Computation - Units' }),
    ).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs.textContent).toBe('Home>Notes>Third Year>CS-501');
    expect(within(crumbs).getByRole('link', { name: 'Third Year' })).toHaveAttribute(
      'href',
      '/notes/ThirdYear',
    );

    expect(unitCards()).toHaveLength(5);
    const topics = findSubject('CS-501')!.units;
    unitCards().forEach((card, index) => {
      expect(within(card).getByRole('heading', { level: 2 })).toHaveTextContent(`Unit ${index + 1}`);
      expect(within(card).getByText(topics[index]!)).toBeInTheDocument();
      expect(within(card).getByRole('button', { name: 'Preview Notes' })).toBeInTheDocument();
      expect(within(card).getByRole('link', { name: 'Download Notes' })).toBeInTheDocument();
    });
  });

  it.each([
    ['CS-505', 6, THIRD_YEAR_SEM_5],
    ['CS-506', 1, THIRD_YEAR_SEM_5],
    ['CS-302', 7, { branch: 'CSE', year: 'SecondYear', semester: '3' }],
    ['CS-406(D)', 5, { branch: 'CSE', year: 'SecondYear', semester: '4' }],
  ])('%s has %p unit cards', (code, count, state) => {
    renderSubject(code, state);
    expect(unitCards()).toHaveLength(count);
  });

  it('says so when a subject lists no units, and asks nothing about units', () => {
    renderSubject('BT-108', { branch: 'CSE', year: 'FirstYear', semester: '1' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Swachh Bharat Summer Internship - Units' }),
    ).toBeInTheDocument();
    expect(screen.getByText('No units are listed for this subject.')).toBeInTheDocument();
    expect(unitCards()).toHaveLength(0);
    expect(unitsCalls()).toHaveLength(0);
  });

  it('finds the subject whatever the case of the code in the address, and asks by its real code', async () => {
    await renderWithFiles('cs-501', [1]);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Theory of Computation - Units' }),
    ).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/api/notes/units', {
      params: { subject: 'CS-501', branch: 'CSE' },
      signal: expect.any(AbortSignal),
    });
  });

  it('keeps the parentheses of elective codes in the request', async () => {
    await renderWithFiles('CS-503(A)', [3]);
    expect(screen.getByRole('heading', { level: 1, name: 'Data Analytics - Units' })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/api/notes/units', {
      params: { subject: 'CS-503(A)', branch: 'CSE' },
      signal: expect.any(AbortSignal),
    });
    expect(within(unitCards()[2]!).getByRole('link', { name: 'Download Notes' })).toHaveAttribute(
      'href',
      fileFor('CS-503(A)', 3).downloadUrl,
    );
  });
});

describe('SubjectPage unit availability', () => {
  it('says it is checking, with no preview or download yet, while the server has not answered', () => {
    renderSubject('CS-501', THIRD_YEAR_SEM_5);
    expect(screen.getByRole('status')).toHaveTextContent(CHECKING);
    expect(unitCards()).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Preview Notes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download Notes' })).not.toBeInTheDocument();
    expect(screen.queryByText('Not uploaded yet')).not.toBeInTheDocument();
  });

  it('offers preview and download for units with a file and "Not uploaded yet" for the others', async () => {
    await renderWithFiles('CS-501', [1, 4]);
    expect(screen.queryByText(CHECKING)).not.toBeInTheDocument();
    const [one, two, three, four, five] = unitCards();
    for (const card of [one!, four!]) {
      expect(within(card).getByRole('button', { name: 'Preview Notes' })).toBeInTheDocument();
      expect(within(card).queryByText('Not uploaded yet')).not.toBeInTheDocument();
    }
    for (const card of [two!, three!, five!]) {
      expect(within(card).getByText('Not uploaded yet')).toBeInTheDocument();
      // Only "Notify me" (decision 041): nothing to preview, download or save.
      expect(
        within(card)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['Notify me']);
      expect(within(card).queryByRole('link')).not.toBeInTheDocument();
    }
  });

  it('says how many units have notes', async () => {
    await renderWithFiles('CS-501', [1, 4]);
    expect(screen.getByRole('status')).toHaveTextContent('2 of 5 units have notes.');
  });

  it('says plainly when no unit has notes', async () => {
    await renderWithFiles('CS-501', []);
    expect(screen.getByRole('status')).toHaveTextContent('No unit has notes yet.');
  });

  it('Download Notes is the signed download link, in a new tab', async () => {
    await renderWithFiles('CS-501', [1, 2, 3, 4, 5]);
    unitCards().forEach((card, index) => {
      const link = within(card).getByRole('link', { name: 'Download Notes' });
      expect(link).toHaveAttribute('href', fileFor('CS-501', index + 1).downloadUrl);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    });
  });

  it('asks with the branch of the navigation state', async () => {
    await renderWithFiles('CS-501', [], { branch: 'CSE', year: 'Third Year', semester: 'Semester 5' });
    expect(unitsCalls()).toHaveLength(1);
    expect(get).toHaveBeenCalledWith('/api/notes/units', {
      params: { subject: 'CS-501', branch: 'CSE' },
      signal: expect.any(AbortSignal),
    });
    expect(screen.getAllByText('Not uploaded yet')).toHaveLength(5);
  });

  it('a failed check shows the cards, a short message and no links', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    get.mockRejectedValue(new Error('Network Error'));
    renderSubject('CS-501', THIRD_YEAR_SEM_5);
    expect(await screen.findByRole('alert')).toHaveTextContent(FAILED);
    expect(unitCards()).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Preview Notes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download Notes' })).not.toBeInTheDocument();
    expect(screen.queryByText('Not uploaded yet')).not.toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
  });

  it('offline, says so instead of a failure and checks again once the connection returns', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    setBrowserOnline(false);
    get.mockRejectedValue(networkError());
    renderSubject('CS-501', THIRD_YEAR_SEM_5);
    expect(await screen.findByText(OFFLINE)).toHaveAttribute('role', 'status');
    expect(screen.queryByText(FAILED)).not.toBeInTheDocument();
    expect(unitCards()).toHaveLength(5);

    answerUnits('CS-501', [2]);
    setBrowserOnline(true);
    expect(await screen.findByText('1 of 5 units have notes.')).toBeInTheDocument();
  });
});

describe('SubjectPage preview', () => {
  async function openPreview(unitIndex = 0) {
    await renderWithFiles('CS-501', [1, 2, 3, 4, 5]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(within(unitCards()[unitIndex]!).getByRole('button', { name: 'Preview Notes' }));
    return screen.getByRole('dialog');
  }

  it('opens a dialog with the in-page reader of the unit PDF, loading it from the signed link', async () => {
    const dialog = await openPreview();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleName(/CS-501 · Unit 1/);
    const reader = await within(dialog).findByRole('document', {
      name: 'Theory of Computation Unit 1 notes',
    });
    expect(reader).toHaveAttribute('data-url', fileFor('CS-501', 1).url);
    expect(within(dialog).getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      fileFor('CS-501', 1).downloadUrl,
    );
    expect(dialog.querySelector('iframe')).toBeNull();
  });

  it('previews the unit whose button was pressed', async () => {
    const dialog = await openPreview(3);
    expect(await within(dialog).findByRole('document')).toHaveAttribute('data-url', fileFor('CS-501', 4).url);
  });

  it('the close button closes it', async () => {
    const dialog = await openPreview();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(close).toHaveFocus();
    await userEvent.click(close);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(unitCards()[0]!).getByRole('button', { name: 'Preview Notes' })).toHaveFocus();
  });

  it('Escape closes it (the reader with it) and returns focus to the Preview button', async () => {
    await openPreview(1);
    await screen.findByRole('document');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('document')).not.toBeInTheDocument();
    expect(within(unitCards()[1]!).getByRole('button', { name: 'Preview Notes' })).toHaveFocus();
  });

  it('a click outside the dialog closes it, a click inside does not', async () => {
    const dialog = await openPreview();
    await userEvent.click(dialog);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(dialog.parentElement!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is a history entry: Back closes it and keeps the subject page, Forward opens it again, ✕ goes back', async () => {
    let navigate: NavigateFunction = () => undefined;
    function History() {
      navigate = useNavigate();
      return null;
    }
    answerUnits('CS-501', [1, 2]);
    renderWithProviders(
      <>
        <Routes>
          <Route path="/notes/:subjectCode" element={<NotesArea page="subject" />} />
          <Route path="/before" element={<p>Before</p>} />
        </Routes>
        <History />
      </>,
      { route: '/notes/CS-501', state: THIRD_YEAR_SEM_5, user: STUDENT },
    );
    await userEvent.click((await screen.findAllByRole('button', { name: 'Preview Notes' }))[1]!);
    expect(await screen.findByRole('document', { name: /Unit 2 notes/ })).toBeInTheDocument();

    await act(async () => navigate(-1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Theory of Computation - Units/ })).toBeInTheDocument();
    expect(unitCards()).toHaveLength(5);

    await act(async () => navigate(1));
    expect(await screen.findByRole('document', { name: /Unit 2 notes/ })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // ✕ went back like Back (no second subject-page entry): Forward opens the reader again.
    await act(async () => navigate(1));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });
});

describe('SubjectPage links to the subject’s papers and questions', () => {
  it('names each with its count once the availability read answers', async () => {
    answerAvailabilityOf({ 'CS-501': { units: [1], papers: 3, questions: 0 } }, (url) =>
      url === '/api/notes/units' ? Promise.resolve(reply('CS-501', [1])) : new Promise(() => undefined),
    );
    renderSubject('CS-501', THIRD_YEAR_SEM_5);
    const more = screen.getByRole('navigation', { name: 'More for this subject' });
    expect(
      within(more)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Papers', 'Questions']);
    expect(await within(more).findByRole('link', { name: 'Papers (3)' })).toHaveAttribute(
      'href',
      '/papers/CS-501',
    );
    expect(within(more).getByRole('link', { name: 'Questions (0)' })).toHaveAttribute(
      'href',
      '/questions/CS-501',
    );
  });
});

describe('SubjectPage reader links (from a search)', () => {
  /** The app at `/search`, then a reader link followed from it, as a search hit does. */
  async function followLink(link: string, units: number[]) {
    let navigate: NavigateFunction = () => undefined;
    function History() {
      navigate = useNavigate();
      return null;
    }
    answerUnits('CS-501', units);
    renderWithProviders(
      <>
        <Routes>
          <Route path="/notes/:subjectCode" element={<NotesArea page="subject" />} />
          <Route path="/search" element={<p>Search results</p>} />
        </Routes>
        <History />
      </>,
      { route: '/search', user: STUDENT },
    );
    await act(async () => navigate(link));
    return () => act(async () => navigate(-1));
  }

  it("opens the unit's reader at the page with the words to mark, without the year page's context", async () => {
    const back = await followLink('/notes/CS-501?unit=2&page=14&find=%22Turing+machine%22+dec*', [1, 2]);
    const reader = await screen.findByRole('document', { name: 'Theory of Computation Unit 2 notes' });
    expect(reader).toHaveAttribute('data-url', fileFor('CS-501', 2).url);
    expect(reader).toHaveAttribute('data-start-page', '14');
    expect(reader).toHaveAttribute('data-marks', 'turing machine dec');
    expect(
      screen.getByRole('heading', { name: /Theory of Computation - Units/, hidden: true }),
    ).toBeInTheDocument();

    // Back returns to the search the link was followed from, not to a subject page without its reader.
    await back();
    expect(screen.getByText('Search results')).toBeInTheDocument();
  });

  it('✕ goes back to the search as well', async () => {
    await followLink('/notes/CS-501?unit=1&page=2', [1]);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('Search results')).toBeInTheDocument();
  });

  it('opens page 1 for a page that is not one', async () => {
    await followLink('/notes/CS-501?unit=1&page=fourteen&find=x', [1]);
    expect(await screen.findByRole('document')).toHaveAttribute('data-start-page', '1');
  });

  it('shows the subject page as usual for a unit with no file, or one the subject has not', async () => {
    await followLink('/notes/CS-501?unit=3&page=2', [1]);
    expect(await screen.findByText('1 of 5 units have notes.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(unitCards()).toHaveLength(5);
  });

  it('opened from outside the app, ✕ leaves the subject page without the link', async () => {
    answerUnits('CS-501', [1]);
    renderWithProviders(
      <Routes>
        <Route path="/notes/:subjectCode" element={<NotesArea page="subject" />} />
      </Routes>,
      { route: '/notes/CS-501?unit=1&page=3', user: STUDENT },
    );
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(unitCards()).toHaveLength(5);
  });
});
