import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Route, Routes, useLocation } from 'react-router-dom';
import { apiClient } from '@studyhub/shared';
import { areaRoutes } from '@studyhub/contract';
import { renderWithProviders, STUDENT } from '@studyhub/shared/testing';
import { NotesArea } from '../notes-area';
import { answerAvailabilityOf } from '../testing/availability';

function StateProbe() {
  return <pre data-testid="state">{JSON.stringify(useLocation().state)}</pre>;
}

/** The notes area's rows of the shell's route table; the subject route also shows the state it received. */
function NotesRoutes() {
  return (
    <Routes>
      {areaRoutes('notes').map((route) => (
        <Route
          key={route.path}
          path={route.path}
          element={
            route.page === 'subject' ? (
              <>
                <NotesArea page="subject" />
                <StateProbe />
              </>
            ) : (
              <NotesArea page={route.page} />
            )
          }
        />
      ))}
    </Routes>
  );
}

function renderYear(route: string) {
  return renderWithProviders(<NotesRoutes />, { route, user: STUDENT });
}

const cards = () => screen.queryAllByTestId('subject-card');
const cardCodes = () => cards().map((card) => card.querySelector('strong')?.textContent);
const cardFor = (code: string) => {
  const card = cards().find((candidate) => within(candidate).queryByText(code, { selector: 'strong' }));
  if (!card) throw new Error(`No card for ${code}`);
  return card;
};
const filter = (name: string) => screen.getByRole('button', { name });
/** A card's one link ("View Notes"), named by the subject. */
const cardLink = (code: string) => within(cardFor(code)).getByRole('link');

beforeEach(() => {
  localStorage.clear();
  // The subject page asks which units have a file; these cases are about the year page, so it never answers.
  jest.spyOn(apiClient, 'get').mockReturnValue(new Promise(() => undefined) as never);
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('Third year page', () => {
  it.each(['/notes/ThirdYear', '/notes/thirdyear'])('renders at %s with title and breadcrumb', (route) => {
    renderYear(route);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Third Year CSE Engineering Notes' }),
    ).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs.textContent).toBe('Home>Notes>Third Year');
    expect(
      within(crumbs)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Home', 'Notes', 'Third Year']);
    expect(within(crumbs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(crumbs).getByRole('link', { name: 'Notes' })).toHaveAttribute('href', '/notes');
    expect(within(crumbs).getByText('Third Year')).toHaveAttribute('aria-current', 'page');
  });

  it('filters by semester: All Subjects 20, Semester 5 10, Semester 6 10', async () => {
    renderYear('/notes/ThirdYear');
    const group = screen.getByRole('group', { name: 'Filter by semester' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['All Subjects', 'Semester 5', 'Semester 6']);
    expect(filter('All Subjects')).toHaveAttribute('aria-pressed', 'true');
    expect(cards()).toHaveLength(20);

    await userEvent.click(filter('Semester 5'));
    expect(filter('Semester 5')).toHaveAttribute('aria-pressed', 'true');
    expect(filter('All Subjects')).toHaveAttribute('aria-pressed', 'false');
    expect(cards()).toHaveLength(10);
    expect(cardCodes().every((code) => code?.startsWith('CS-50'))).toBe(true);

    await userEvent.click(filter('Semester 6'));
    expect(cards()).toHaveLength(10);
    expect(cardCodes().every((code) => code?.startsWith('CS-60'))).toBe(true);

    await userEvent.click(filter('All Subjects'));
    expect(cards()).toHaveLength(20);
  });

  it('a card shows code, date, name, description and the download count with separators', () => {
    renderYear('/notes/ThirdYear');
    const card = cardFor('CS-501');
    expect(within(card).getByText('Updated: May 1, 2025')).toBeInTheDocument();
    expect(within(card).getByRole('heading', { name: 'Theory of Computation' })).toBeInTheDocument();
    expect(within(card).getByText(/Automata, grammars/)).toBeInTheDocument();
    expect(card).toHaveTextContent('1,200 downloads');
    expect(within(card).getByRole('link', { name: 'Theory of Computation' })).toHaveAttribute(
      'href',
      '/notes/CS-501',
    );
    expect(cardFor('CS-502')).toHaveTextContent('1,600 downloads');
    expect(cardFor('CS-505')).toHaveTextContent('950 downloads');
  });

  it('the card’s link (View Notes) carries the subject context and the subject page renders with it', async () => {
    renderYear('/notes/thirdyear');
    await userEvent.click(cardLink('CS-501'));
    expect(JSON.parse(screen.getByTestId('state').textContent ?? 'null')).toEqual({
      branch: 'CSE',
      year: 'ThirdYear',
      semester: '5',
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Theory of Computation - Units' }),
    ).toBeInTheDocument();
  });

  it('a semester 6 subject carries semester "6"', async () => {
    renderYear('/notes/ThirdYear');
    await userEvent.click(cardLink('CS-601'));
    expect(JSON.parse(screen.getByTestId('state').textContent ?? 'null')).toEqual({
      branch: 'CSE',
      year: 'ThirdYear',
      semester: '6',
    });
  });

  it('View Notes adds 1 to the count, stores the list under subjectDownloads3 and shows it on return', async () => {
    renderYear('/notes/ThirdYear');
    await userEvent.click(cardLink('CS-501'));

    const stored = JSON.parse(localStorage.getItem('subjectDownloads3') ?? 'null') as {
      code: string;
      downloads: number;
    }[];
    expect(stored).toHaveLength(20);
    expect(stored.find((card) => card.code === 'CS-501')?.downloads).toBe(1201);
    expect(stored.find((card) => card.code === 'CS-502')?.downloads).toBe(1600);
    for (const key of ['subjectDownloads', 'subjectDownloads2', 'subjectDownloads4']) {
      expect(localStorage.getItem(key)).toBeNull();
    }

    // Back to the year page through the subject page's breadcrumb.
    await userEvent.click(screen.getByRole('link', { name: 'Third Year' }));
    expect(cardFor('CS-501')).toHaveTextContent('1,201 downloads');
    expect(cardFor('CS-502')).toHaveTextContent('1,600 downloads');

    await userEvent.click(cardLink('CS-501'));
    await userEvent.click(screen.getByRole('link', { name: 'Third Year' }));
    expect(cardFor('CS-501')).toHaveTextContent('1,202 downloads');
  });

  it('loads a stored list on the next render', () => {
    localStorage.setItem('subjectDownloads3', JSON.stringify([{ code: 'CS-501', downloads: 4321 }]));
    renderYear('/notes/ThirdYear');
    expect(cardFor('CS-501')).toHaveTextContent('4,321 downloads');
    expect(cardFor('CS-502')).toHaveTextContent('1,600 downloads');
  });

  it.each(['{not json', '"text"', '{"CS-501": 9999}', 'null'])(
    'falls back to the seeds when the stored value is %p',
    (value) => {
      localStorage.setItem('subjectDownloads3', value);
      renderYear('/notes/ThirdYear');
      expect(cards()).toHaveLength(20);
      expect(cardFor('CS-501')).toHaveTextContent('1,200 downloads');
    },
  );
});

/** The availability call answers `subjects` (their units with notes); every other call never does. */
function answerAvailability(subjects: Record<string, number[]>) {
  answerAvailabilityOf(
    Object.fromEntries(
      Object.entries(subjects).map(([code, units]) => [code, { units, papers: 0, questions: 0 }]),
    ),
  );
}

describe('Third year page: which subjects have notes', () => {
  it('each card says how many of its units have notes, plainly when none has', async () => {
    answerAvailability({ 'CS-501': [1, 3], 'CS-602': [1, 2, 3, 4, 5] });
    renderYear('/notes/ThirdYear');
    expect(await within(cardFor('CS-501')).findByText('Notes: 2 of 5 units')).toBeInTheDocument();
    expect(cardFor('CS-602')).toHaveTextContent('Notes: 5 of 5 units');
    expect(cardFor('CS-502')).toHaveTextContent('No notes yet');
  });

  it('shows no count and no "With notes" chip while the counts are unknown', () => {
    renderYear('/notes/ThirdYear');
    expect(cardFor('CS-501')).not.toHaveTextContent(/Notes:|No notes yet/);
    expect(screen.queryByRole('button', { name: /With notes/ })).not.toBeInTheDocument();
  });

  it('leaves counts out when they cannot be read', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(apiClient, 'get').mockRejectedValue(new Error('Network Error'));
    renderYear('/notes/ThirdYear');
    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(cards()).toHaveLength(20);
    expect(cardFor('CS-501')).not.toHaveTextContent(/Notes:|No notes yet/);
  });

  it('"With notes" keeps catalog order, combines with the semester and says when none has notes', async () => {
    answerAvailability({ 'CS-605': [2], 'CS-501': [1], 'CS-502': [4] });
    renderYear('/notes/ThirdYear');
    const withNotes = await screen.findByRole('button', { name: 'With notes (3)' });
    expect(withNotes).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(withNotes);
    expect(withNotes).toHaveAttribute('aria-pressed', 'true');
    expect(cardCodes()).toEqual(['CS-501', 'CS-502', 'CS-605']);

    await userEvent.click(filter('Semester 6'));
    expect(cardCodes()).toEqual(['CS-605']);
    expect(screen.getByRole('button', { name: 'With notes (1)' })).toBeInTheDocument();

    await userEvent.click(filter('All Subjects'));
    await userEvent.click(screen.getByRole('button', { name: 'With notes (3)' }));
    expect(cards()).toHaveLength(20);
  });

  it('says so when the filters leave no subject', async () => {
    answerAvailability({ 'CS-501': [1] });
    renderYear('/notes/ThirdYear');
    await userEvent.click(await screen.findByRole('button', { name: 'With notes (1)' }));
    await userEvent.click(filter('Semester 6'));
    expect(cards()).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('No subject here has notes yet.');
  });

  it('a card is one link named by the subject, described by the rest of the card, and nothing else', async () => {
    answerAvailability({ 'CS-501': [1, 3] });
    renderYear('/notes/ThirdYear');
    await within(cardFor('CS-501')).findByText('Notes: 2 of 5 units');
    for (const card of cards()) {
      expect(within(card).getAllByRole('link')).toHaveLength(1);
      expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    }
    const link = cardLink('CS-501');
    expect(link).toHaveAccessibleName('Theory of Computation');
    expect(link).toHaveAccessibleDescription(/^CS-501 Updated: May 1, 2025 Automata, grammars/);
    expect(link).toHaveAccessibleDescription(/Notes: 2 of 5 units ⬇ 1,200 downloads$/);
  });
});

describe.each([
  {
    route: '/notes/FirstYear',
    title: 'First Year CSE Engineering Notes',
    crumb: 'First Year',
    semesters: [1, 2],
    counts: [14, 8, 6],
    key: 'subjectDownloads',
    code: 'BT-101',
    seed: '2,300',
    after: '2,301',
    state: { branch: 'CSE', year: 'FirstYear', semester: '1' },
  },
  {
    route: '/notes/secondyear',
    title: 'Second Year CSE Engineering Notes',
    crumb: 'Second Year',
    semesters: [3, 4],
    counts: [13, 5, 8],
    key: 'subjectDownloads2',
    code: 'ES-301',
    seed: '2,300',
    after: '2,301',
    state: { branch: 'CSE', year: 'SecondYear', semester: '3' },
  },
  {
    route: '/notes/FourthYear',
    title: 'Final Year CSE Engineering Notes',
    crumb: 'Fourth Year',
    semesters: [7, 8],
    counts: [18, 9, 9],
    key: 'subjectDownloads4',
    code: 'CS-802(D)',
    seed: '950',
    after: '951',
    state: { branch: 'CSE', year: 'FourthYear', semester: '8' },
  },
])('year page $route', ({ route, title, crumb, semesters, counts, key, code, seed, after, state }) => {
  it(`is titled "${title}" with the ${crumb} breadcrumb`, () => {
    renderYear(route);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByText(crumb)).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it(`filters All Subjects / Semester ${semesters[0]} / Semester ${semesters[1]}`, async () => {
    renderYear(route);
    const group = screen.getByRole('group', { name: 'Filter by semester' });
    const names = ['All Subjects', ...semesters.map((semester) => `Semester ${semester}`)];
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(names);
    for (const [index, name] of names.entries()) {
      await userEvent.click(filter(name));
      expect(cards()).toHaveLength(counts[index]!);
    }
  });

  it(`View Notes on ${code} stores the list under ${key} and carries its context`, async () => {
    renderYear(route);
    const card = cardFor(code);
    expect(card).toHaveTextContent(`${seed} downloads`);
    await userEvent.click(within(card).getByRole('link'));
    expect(JSON.parse(screen.getByTestId('state').textContent ?? 'null')).toEqual(state);
    const stored = JSON.parse(localStorage.getItem(key) ?? 'null') as { code: string; downloads: number }[];
    expect(stored).toHaveLength(counts[0]!);
    expect(stored.find((item) => item.code === code)?.downloads).toBe(Number(after.replace(',', '')));

    await userEvent.click(screen.getByRole('link', { name: crumb }));
    expect(cardFor(code)).toHaveTextContent(`${after} downloads`);
  });
});

it('fourth year cards are all "Updated: May 9, 2025"', () => {
  renderYear('/notes/FourthYear');
  for (const card of cards()) expect(card).toHaveTextContent('Updated: May 9, 2025');
});
