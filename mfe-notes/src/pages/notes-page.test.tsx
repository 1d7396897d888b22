import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Route, Routes, useLocation } from 'react-router-dom';
import { apiClient } from '@studyhub/shared';
import { renderWithProviders, STUDENT } from '@studyhub/shared/testing';
import { SUBJECTS } from '@studyhub/contract/catalog';
import { loadSubjectSearch } from '@studyhub/shared/search';
import { NotesArea } from '../notes-area';
import { readSubjectContext } from '../subject-context';

beforeEach(() => localStorage.clear());

describe('NotesPage', () => {
  it('shows the CSE title, the breadcrumb and a button per year', () => {
    renderWithProviders(<NotesArea page="notes" />, { route: '/notes', user: STUDENT });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Computer Science & Engineering Notes' }),
    ).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs.textContent).toBe('Home>Select Branch>Notes');
    expect(within(crumbs).getByRole('link', { name: 'Select Branch' })).toHaveAttribute('href', '/branch');
    for (const [name, href] of [
      ['First Year', '/notes/FirstYear'],
      ['Second Year', '/notes/SecondYear'],
      ['Third Year', '/notes/ThirdYear'],
      ['Fourth Year', '/notes/FourthYear'],
    ]) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });
});

describe('NotesArea', () => {
  function LocationProbe() {
    return <p data-testid="location">{useLocation().pathname}</p>;
  }

  it('sends an unknown page to /', () => {
    renderWithProviders(
      <Routes>
        <Route path="/" element={<LocationProbe />} />
        <Route path="/notes/x" element={<NotesArea page="nope" />} />
      </Routes>,
      { route: '/notes/x', user: STUDENT },
    );
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('sends a year page with an unknown year to /notes', () => {
    renderWithProviders(
      <Routes>
        <Route path="/notes" element={<LocationProbe />} />
        <Route path="/notes/:year" element={<NotesArea page="year" />} />
      </Routes>,
      { route: '/notes/FifthYear', user: STUDENT },
    );
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/notes$/);
  });
});

describe('NotesPage subject search (decision 017)', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('finds a subject by code and opens its units page, not the missing-context message', async () => {
    // The subject page asks which units have a file; that answer is not this test's subject.
    jest.spyOn(apiClient, 'get').mockReturnValue(new Promise(() => undefined) as never);
    renderWithProviders(
      <Routes>
        <Route path="/notes" element={<NotesArea page="notes" />} />
        <Route path="/notes/:subjectCode" element={<NotesArea page="subject" />} />
      </Routes>,
      { route: '/notes', user: STUDENT },
    );
    const search = screen.getByRole('combobox', { name: 'Search subjects' });
    await userEvent.type(search, 'CS603');
    const subjects = await screen.findByRole('group', { name: 'Subjects' });
    expect(within(subjects).getAllByRole('option')).toHaveLength(3);
    expect(screen.getByRole('status')).toHaveTextContent('3 subjects found.');
    await userEvent.keyboard('{ArrowUp}{Enter}');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Compiler Design - Units' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Missing subject context/)).not.toBeInTheDocument();
  });

  it('every hit carries a context the subject page understands, naming the subject’s own year and semester', async () => {
    const searchSubjects = await loadSubjectSearch();
    for (const subject of SUBJECTS) {
      const hit = searchSubjects(subject.code)[0];
      expect(hit?.code).toBe(subject.code);
      const context = readSubjectContext(hit?.state);
      expect(context).not.toBeNull();
      expect(context?.yearInfo.number).toBe(subject.year);
      expect(context?.semester).toBe(String(subject.semester));
    }
  });
});
