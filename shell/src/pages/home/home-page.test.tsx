import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Route, Routes, useLocation } from 'react-router-dom';
import { apiClient, type SessionUser } from '@studyhub/shared';
import { ADMIN, STUDENT, TEACHER } from '@studyhub/shared/testing';
import type { AreaRegistry, AreaRegistryPorts } from '../../areas/area-registry';
import { renderWithAreas, startedAreaRegistry } from '../../testing/area-registry';
import { HomePage } from './home-page';

// The Module Federation runtime cannot load remotes in jsdom; the registry's ports are the edge, so they are
// replaced.
const mockedLoadModule = jest.fn<AreaRegistryPorts['loadModule']>();
const NOTES_LIVE = { notes: { version: '1.0.0-beef', entry: '/mfe/notes/1.0.0-beef/mf-manifest.json' } };
let areas: AreaRegistry;

function LocationProbe() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function renderHome(user?: SessionUser) {
  return renderWithAreas(
    <>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
      <LocationProbe />
    </>,
    user ? { user, areas } : { areas },
  );
}

const categoryTitles = () =>
  screen.queryAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
const ALL_CATEGORIES = ['NOTES', 'Syllabus \\ Scheme', 'Important Questions', 'Previous Year Questions'];

beforeEach(async () => {
  localStorage.clear();
  mockedLoadModule.mockReset();
  areas = await startedAreaRegistry(NOTES_LIVE, { loadModule: mockedLoadModule });
  // By default the widget is still loading (renders nothing), which keeps the other cases to their subject.
  mockedLoadModule.mockReturnValue(new Promise(() => undefined));
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('HomePage hero and categories', () => {
  it('shows the hero and the four category cards', () => {
    renderHome();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Unlock Your Academic Potential' }),
    ).toBeInTheDocument();
    for (const title of ALL_CATEGORIES) expect(categoryTitles()).toContain(title);
  });

  it('links every category: /branch, /syllabus, /questions and /papers', () => {
    renderHome();
    expect(screen.getByRole('link', { name: /NOTES/ })).toHaveAttribute('href', '/branch');
    expect(screen.getByRole('link', { name: /Syllabus \\ Scheme/ })).toHaveAttribute('href', '/syllabus');
    expect(screen.getByRole('link', { name: /Important Questions/ })).toHaveAttribute('href', '/questions');
    expect(screen.getByRole('link', { name: /Previous Year Questions/ })).toHaveAttribute('href', '/papers');
    expect(screen.queryByText('Coming Soon!')).not.toBeInTheDocument();
  });

  it.each([
    ['notes', ['NOTES']],
    ['NoTeS', ['NOTES']],
    ['QUESTIONS', ['Important Questions', 'Previous Year Questions']],
    ['year', ['Previous Year Questions']],
    ['  scheme ', ['Syllabus \\ Scheme']],
    ['', ALL_CATEGORIES],
  ])('search %p shows %p', async (query, expected) => {
    renderHome();
    const search = screen.getByRole('combobox', { name: 'Search categories and subjects' });
    if (query) await userEvent.type(search, query);
    const shown = categoryTitles();
    for (const title of ALL_CATEGORIES) {
      if (expected.includes(title)) expect(shown).toContain(title);
      else expect(shown).not.toContain(title);
    }
    expect(screen.queryByText('Oops! No matching category found.')).not.toBeInTheDocument();
  });

  it('says so when nothing matches, and recovers when the search is cleared', async () => {
    renderHome();
    const search = screen.getByRole('combobox', { name: 'Search categories and subjects' });
    await userEvent.type(search, 'zqxw');
    expect(await screen.findByText('Oops! No matching category found.')).toBeInTheDocument();
    for (const title of ALL_CATEGORIES) expect(categoryTitles()).not.toContain(title);

    await userEvent.clear(search);
    expect(screen.queryByText('Oops! No matching category found.')).not.toBeInTheDocument();
    expect(categoryTitles()).toEqual(expect.arrayContaining(ALL_CATEGORIES));
  });

  it.each([
    ['Important Questions', '/questions'],
    ['Previous Year Questions', '/papers'],
  ])('the %s card leads to %s', async (title, path) => {
    renderHome(STUDENT);
    await userEvent.click(screen.getByRole('link', { name: new RegExp(title) }));
    expect(screen.getByTestId('location')).toHaveTextContent(path);
  });
});

describe('HomePage quick links: each visitor sees what they can do (issue 16)', () => {
  const linksShown = () =>
    within(screen.getByRole('region', { name: 'Quick Links' }))
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
  const FEEDBACK = ['Feedback & support', 'mailto:support@studyhub.local?subject=StudyHub%20feedback'];

  it.each([
    [
      'an anonymous visitor',
      undefined,
      [
        ['Log in to read notes', '/login'],
        ['Create an account', '/register'],
      ],
    ],
    [
      'a student',
      STUDENT,
      [
        ['Browse notes', '/branch'],
        ['Syllabus & scheme', '/syllabus'],
      ],
    ],
    [
      'a teacher',
      TEACHER,
      [
        ['Upload Notes', '/admin/upload-notes'],
        ['My uploads', '/my-uploads'],
        ['Browse notes', '/branch'],
      ],
    ],
    [
      'an admin',
      ADMIN,
      [
        ['Admin Dashboard', '/admin'],
        ['Review uploads', '/admin/review-uploads'],
        ['Upload Notes', '/admin/upload-notes'],
        ['Manage Syllabus', '/admin/syllabus-table'],
        ['User Roles', '/admin/users'],
      ],
    ],
  ] as const)('%s gets their links and the feedback link', async (_label, user, links) => {
    const get = jest
      .spyOn(apiClient, 'get')
      .mockResolvedValue({ data: { items: [], page: 1, pageSize: 1, total: 0 } });
    renderHome(user);
    await waitFor(() => expect(linksShown()).toEqual([...links, FEEDBACK]));
    // Only an admin's page asks how many uploads wait.
    expect(get.mock.calls.length > 0).toBe(user === ADMIN);
  });

  it.each([
    ['Upload Notes', '/admin/upload-notes'],
    ['My uploads', '/my-uploads'],
  ])('a teacher clicking %s goes to %s', async (label, path) => {
    renderHome(TEACHER);
    await userEvent.click(await screen.findByRole('link', { name: label }));
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${path}$`));
  });

  it('an admin sees how many uploads wait for review, and nothing when none wait', async () => {
    const get = jest
      .spyOn(apiClient, 'get')
      .mockResolvedValue({ data: { items: [], page: 1, pageSize: 1, total: 3 } });
    renderHome(ADMIN);
    expect(await screen.findByRole('link', { name: 'Review uploads 3 waiting' })).toHaveAttribute(
      'href',
      '/admin/review-uploads',
    );
    expect(get).toHaveBeenCalledWith(
      '/api/admin/reviews',
      expect.objectContaining({ params: { pageSize: 1 } }),
    );
  });

  it('an admin whose role is spelled "Admin" gets the admin links too', async () => {
    jest.spyOn(apiClient, 'get').mockResolvedValue({ data: { items: [], page: 1, pageSize: 1, total: 0 } });
    renderHome({ ...ADMIN, role: 'Admin' });
    expect(await screen.findByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin');
  });
});

describe('HomePage recently uploaded notes', () => {
  function FakeRecentNotes() {
    return (
      <section aria-labelledby="recent">
        <h2 id="recent">Recently Uploaded Notes</h2>
      </section>
    );
  }

  it('shows the notes area’s widget after Quick Links and before Why use, in product §2’s order', async () => {
    mockedLoadModule.mockResolvedValue({
      ok: true,
      module: { default: FakeRecentNotes, area: 'notes', contractVersion: 1, buildVersion: 'test' },
    });
    renderHome();
    const recent = await screen.findByRole('heading', { name: 'Recently Uploaded Notes' });
    expect(mockedLoadModule).toHaveBeenCalledWith(
      'notes',
      './RecentNotes',
      expect.objectContaining(NOTES_LIVE.notes),
    );
    const quickLinks = screen.getByRole('heading', { name: 'Quick Links' });
    const whyUse = screen.getByRole('heading', { name: /Why use/ });
    expect(quickLinks.compareDocumentPosition(recent) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(recent.compareDocumentPosition(whyUse) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows nothing in its place when the widget cannot load, and the rest of Home works', async () => {
    mockedLoadModule.mockResolvedValue({ ok: false, reason: 'notes is not deployed' });
    renderHome();
    await waitFor(() => expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('RecentNotes')));
    expect(screen.queryByText('Recently Uploaded Notes')).not.toBeInTheDocument();
    expect(screen.queryByText('This section is temporarily unavailable')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Quick Links' })).toBeInTheDocument();
  });
});

describe('HomePage Your semester (decision 041)', () => {
  function FakeYourSemester() {
    return <h2>Your semester: Semester 5</h2>;
  }

  it('a signed-in student gets the notes area’s Your semester above the landing content', async () => {
    mockedLoadModule.mockImplementation((_area, expose) =>
      expose === './YourSemester'
        ? Promise.resolve({
            ok: true,
            module: { default: FakeYourSemester, area: 'notes', contractVersion: 1, buildVersion: 'test' },
          })
        : new Promise(() => undefined),
    );
    renderHome(STUDENT);
    const semester = await screen.findByRole('heading', { name: 'Your semester: Semester 5' });
    const hero = screen.getByRole('heading', { level: 1 });
    expect(semester.compareDocumentPosition(hero) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('an anonymous visitor gets the landing content alone', async () => {
    renderHome();
    await screen.findByRole('heading', { name: 'Quick Links' });
    expect(mockedLoadModule).not.toHaveBeenCalledWith('notes', './YourSemester', expect.anything());
  });
});

describe('HomePage subject search', () => {
  function SubjectProbe() {
    const { pathname, state } = useLocation();
    return <p data-testid="subject">{`${pathname} ${JSON.stringify(state)}`}</p>;
  }

  function renderWithSubjectRoute() {
    return renderWithAreas(
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/notes/:subjectCode" element={<SubjectProbe />} />
      </Routes>,
      { user: STUDENT, areas },
    );
  }

  it('lists matching subjects under the same box that filters the categories', async () => {
    renderHome(STUDENT);
    const search = screen.getByRole('combobox', { name: 'Search categories and subjects' });
    await userEvent.type(search, 'notes');
    // "notes" is a category, and no subject: the cards filter as before, and the list holds only the pages of
    // notes that hold the word (decision 040).
    expect(categoryTitles()).toContain('NOTES');
    expect(categoryTitles()).not.toContain('Syllabus \\ Scheme');
    expect(await screen.findByText(/No subjects found\./)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Subjects' })).not.toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'In the notes' })).toBeInTheDocument();

    await userEvent.clear(search);
    await userEvent.type(search, 'compiler');
    expect(await screen.findByRole('option', { name: /CS-603\(C\) Compiler Design/ })).toBeInTheDocument();
    // No category is called that, but a subject is: the page does not say nothing matched.
    for (const title of ALL_CATEGORIES) expect(categoryTitles()).not.toContain(title);
    expect(screen.queryByText('Oops! No matching category found.')).not.toBeInTheDocument();
  });

  it('Down and Enter open the subject page with the context it needs', async () => {
    renderWithSubjectRoute();
    const search = screen.getByRole('combobox', { name: 'Search categories and subjects' });
    await userEvent.type(search, 'compiler');
    await screen.findByRole('option', { name: /CS-603\(C\) Compiler Design/ });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByTestId('subject')).toHaveTextContent(
      '/notes/CS-603(C) {"branch":"CSE","year":"ThirdYear","semester":"6"}',
    );
  });
});
