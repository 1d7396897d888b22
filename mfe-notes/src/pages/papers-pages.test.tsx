import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act } from 'react';
import { Route, Routes, useNavigate, type NavigateFunction } from 'react-router-dom';
import { apiClient } from '@studyhub/shared';
import { areaRoutes } from '@studyhub/contract';
import type { Paper, PapersReply } from '@studyhub/contract/schemas';
import {
  LocationProbe,
  locationState,
  networkError,
  renderWithProviders,
  STUDENT,
} from '@studyhub/shared/testing';
import type * as Testing from '@studyhub/shared/testing';
import { NotesArea } from '../notes-area';
import { answerAvailabilityOf } from '../testing/availability';

jest.mock(
  '@studyhub/shared/reader',
  () => jest.requireActual<typeof Testing>('@studyhub/shared/testing').FAKE_READER_MODULE,
);

/** The notes area's routes, as the shell's table has them; `navigate` moves through the history as Back does. */
function renderAt(route: string) {
  const history: { navigate: NavigateFunction } = { navigate: () => undefined };
  function History() {
    history.navigate = useNavigate();
    return null;
  }
  renderWithProviders(
    <>
      <Routes>
        {areaRoutes('notes').map((entry) => (
          <Route key={entry.path} path={entry.path} element={<NotesArea page={entry.page} />} />
        ))}
      </Routes>
      <History />
      <LocationProbe />
    </>,
    { route, user: STUDENT },
  );
  return history;
}

function paper(id: string, session: string, scheme: string | null, size: number): Paper {
  const url = `/api/papers/${id}/file?expires=99&sig=s-${id}`;
  return {
    _id: id,
    session,
    scheme,
    uploadedAt: '2025-06-01T10:00:00.000Z',
    size,
    url,
    downloadUrl: `${url}&download=1`,
  };
}

const PAPERS: PapersReply = {
  subject: 'Database Management Systems',
  papers: [
    paper('p1', 'May 2024', '2019 scheme', 1.2 * 1024 * 1024),
    paper('p2', 'Dec 2023', null, 850 * 1024),
  ],
};

/** The papers call answers `reply` (or fails with `error`); availability says CS-502 has 2 papers and 4 questions. */
function answerPapers(reply: PapersReply | Error = PAPERS) {
  return answerAvailabilityOf(
    {
      'CS-502': { units: [1, 2], papers: 2, questions: 4 },
      'CS-601': { units: [], papers: 1, questions: 0 },
    },
    (url) =>
      url !== '/api/papers'
        ? new Promise(() => undefined)
        : reply instanceof Error
          ? Promise.reject(reply)
          : Promise.resolve({ data: reply }),
  );
}

const paperCards = () => screen.queryAllByTestId('paper');

beforeEach(() => localStorage.clear());
afterEach(() => {
  jest.restoreAllMocks();
});

describe('/papers and /questions', () => {
  it.each([
    ['/papers', 'Previous Year Questions', 'Papers', '/papers/ThirdYear'],
    ['/questions', 'Important Questions', 'Questions', '/questions/ThirdYear'],
  ])('%s offers the four years, each leading to its year page', (route, title, crumb, third) => {
    answerAvailabilityOf({});
    renderAt(route);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toBe(`Home>${crumb}`);
    expect(screen.getByRole('link', { name: 'Third Year' })).toHaveAttribute('href', third);
    expect(screen.getAllByRole('link', { name: /Year$/ }).map((link) => link.textContent)).toEqual([
      'First Year',
      'Second Year',
      'Third Year',
      'Fourth Year',
    ]);
  });
});

describe('/papers/ThirdYear', () => {
  const cards = () => screen.queryAllByTestId('subject-card');
  const cardFor = (code: string) =>
    cards().find((card) => within(card).queryByText(code, { selector: 'strong' })) ?? null;

  it('lists the year’s subjects with their semester and how many papers each has', async () => {
    answerPapers();
    renderAt('/papers/thirdyear');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Third Year Previous Year Questions' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toBe('Home>Papers>Third Year');
    expect(cards()).toHaveLength(20);
    expect(await within(cardFor('CS-502')!).findByText('2 papers')).toBeInTheDocument();
    expect(cardFor('CS-601')).toHaveTextContent('1 paper');
    expect(cardFor('CS-501')).toHaveTextContent('No papers yet');
    expect(cardFor('CS-501')).toHaveTextContent('Semester 5');
    expect(cardFor('CS-501')).not.toHaveTextContent(/downloads|Notes:/);
    const link = within(cardFor('CS-502')!).getByRole('link');
    expect(link).toHaveAccessibleName('Database Management Systems');
    expect(link).toHaveAttribute('href', '/papers/CS-502');
  });

  it('shows no count and no chip while the counts are unknown', () => {
    jest.spyOn(apiClient, 'get').mockReturnValue(new Promise(() => undefined) as never);
    renderAt('/papers/ThirdYear');
    expect(cardFor('CS-502')).not.toHaveTextContent(/papers? yet|\d papers?/);
    expect(screen.queryByRole('button', { name: /With papers/ })).not.toBeInTheDocument();
  });

  it('"With papers (n)" keeps the subjects that have papers, combined with the semester', async () => {
    answerPapers();
    renderAt('/papers/ThirdYear');
    const chip = await screen.findByRole('button', { name: 'With papers (2)' });
    await userEvent.click(chip);
    expect(chip).toHaveAttribute('aria-pressed', 'true');
    expect(cards().map((card) => card.querySelector('strong')?.textContent)).toEqual(['CS-502', 'CS-601']);
    await userEvent.click(screen.getByRole('button', { name: 'Semester 5' }));
    expect(cards()).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Semester 6' }));
    await userEvent.click(screen.getByRole('button', { name: 'With papers (1)' }));
    expect(cards()).toHaveLength(10);
  });

  it('/questions/ThirdYear counts questions and says so when no subject has any', async () => {
    answerPapers();
    renderAt('/questions/ThirdYear');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Third Year Important Questions' }),
    ).toBeInTheDocument();
    expect(await within(cardFor('CS-502')!).findByText('4 questions')).toBeInTheDocument();
    expect(cardFor('CS-601')).toHaveTextContent('No questions yet');
    expect(within(cardFor('CS-502')!).getByRole('link')).toHaveAttribute('href', '/questions/CS-502');
    await userEvent.click(screen.getByRole('button', { name: 'Semester 6' }));
    await userEvent.click(screen.getByRole('button', { name: 'With questions (0)' }));
    expect(screen.getByRole('status')).toHaveTextContent('No subject here has questions yet.');
  });
});

describe('/papers/{subjectCode}', () => {
  it('shows a skeleton, then the papers newest first: session, scheme and size, Preview and Download', async () => {
    answerPapers();
    renderAt('/papers/cs-502');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Database Management Systems - Question Papers' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('list-skeleton')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the question papers…');
    await waitFor(() => expect(paperCards()).toHaveLength(2));
    expect(screen.queryByTestId('list-skeleton')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2 papers, newest session first.');
    const [first, second] = paperCards();
    expect(first).toHaveTextContent('May 2024 · 2019 scheme · 1.2 MB');
    expect(second).toHaveTextContent('Dec 2023 · 850 KB');
    expect(within(first!).getByRole('heading', { level: 2, name: 'May 2024' })).toBeInTheDocument();
    const download = within(first!).getByRole('link', { name: 'Download' });
    expect(download).toHaveAttribute('href', PAPERS.papers[0]!.downloadUrl);
    expect(download).toHaveAttribute('target', '_blank');
    expect(within(first!).getByRole('button', { name: 'Preview' })).toHaveAccessibleDescription(
      'May 2024 · 2019 scheme · 1.2 MB',
    );
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toBe(
      'Home>Papers>Third Year>CS-502',
    );
    expect(screen.getByRole('link', { name: 'Third Year' })).toHaveAttribute('href', '/papers/ThirdYear');
  });

  it('asks for the subject by its catalog code', async () => {
    const get = answerPapers();
    renderAt('/papers/cs-502');
    await waitFor(() => expect(paperCards()).toHaveLength(2));
    expect(get).toHaveBeenCalledWith('/api/papers', {
      params: { subject: 'CS-502' },
      signal: expect.any(AbortSignal),
    });
  });

  it('links to the subject’s notes (with their context) and questions, with their counts', async () => {
    answerPapers();
    renderAt('/papers/CS-502');
    const more = screen.getByRole('navigation', { name: 'More for this subject' });
    const notes = await within(more).findByRole('link', { name: 'Notes (2 of 5 units)' });
    expect(notes).toHaveAttribute('href', '/notes/CS-502');
    expect(within(more).getByRole('link', { name: 'Questions (4)' })).toHaveAttribute(
      'href',
      '/questions/CS-502',
    );
    await userEvent.click(notes);
    expect(locationState()).toEqual({ branch: 'CSE', year: 'ThirdYear', semester: '5' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Database Management Systems - Units' }),
    ).toBeInTheDocument();
  });

  it('Preview opens the paper in the reader as a history entry: Back closes it, ✕ goes back', async () => {
    answerPapers();
    const history = renderAt('/papers/CS-502');
    await waitFor(() => expect(paperCards()).toHaveLength(2));
    await userEvent.click(within(paperCards()[1]!).getByRole('button', { name: 'Preview' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAccessibleName(/CS-502 · Dec 2023 paper/);
    const reader = await within(dialog).findByRole('document', {
      name: 'Database Management Systems Dec 2023 question paper',
    });
    expect(reader).toHaveAttribute('data-url', PAPERS.papers[1]!.url);

    await act(async () => history.navigate(-1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(paperCards()).toHaveLength(2);
    await act(async () => history.navigate(1));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(async () => history.navigate(1));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('a reader link opens the paper at its page with the words to mark; Back returns where it came from', async () => {
    answerPapers();
    const history = renderAt('/papers');
    await act(async () =>
      history.navigate(`/papers/CS-502?paper=${PAPERS.papers[1]!._id}&page=2&find=normal+forms`),
    );
    const reader = await screen.findByRole('document', {
      name: 'Database Management Systems Dec 2023 question paper',
    });
    expect(reader).toHaveAttribute('data-start-page', '2');
    expect(reader).toHaveAttribute('data-marks', 'normal forms');
    await act(async () => history.navigate(-1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(paperCards()).toHaveLength(0);
  });

  it('a reader link to a paper the subject has not shows the papers as usual', async () => {
    answerPapers();
    renderAt('/papers/CS-502?paper=gone&page=2');
    await waitFor(() => expect(paperCards()).toHaveLength(2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so when the subject has no papers', async () => {
    answerPapers({ subject: 'Database Management Systems', papers: [] });
    renderAt('/papers/CS-502');
    expect(await screen.findByText('No papers of this subject yet.')).toBeInTheDocument();
  });

  it('a failed read says what failed, with Try again that asks again', async () => {
    const get = answerPapers(networkError());
    renderAt('/papers/CS-502');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the question papers.');
    expect(alert).toHaveTextContent('Check your connection and try again.');
    get.mockImplementation(((url: string) =>
      url === '/api/papers' ? Promise.resolve({ data: PAPERS }) : new Promise(() => undefined)) as never);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(paperCards()).toHaveLength(2));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['/papers/CS-999', 'Browse the papers', '/papers'],
    ['/questions/CS-999', 'Browse the questions', '/questions'],
  ])('%s is "Subject Not Found" with ways on, asking nothing', (route, wayOn, to) => {
    const get = answerAvailabilityOf({});
    renderAt(route);
    expect(screen.getByRole('heading', { level: 1, name: 'Subject Not Found' })).toBeInTheDocument();
    expect(screen.getByText('No subject has the code “CS-999”.')).toBeInTheDocument();
    const waysOn = screen.getByRole('navigation', { name: 'Ways on' });
    expect(within(waysOn).getByRole('link', { name: wayOn })).toHaveAttribute('href', to);
    expect(within(waysOn).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(get).not.toHaveBeenCalled();
  });
});
