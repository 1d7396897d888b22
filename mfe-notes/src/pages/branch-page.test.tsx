import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders, STUDENT } from '@studyhub/shared/testing';
import { NotesArea } from '../notes-area';

function renderBranches() {
  return renderWithProviders(
    <Routes>
      <Route path="/branch" element={<NotesArea page="branch" />} />
      <Route path="/notes" element={<NotesArea page="notes" />} />
      <Route path="/NoNotesAvailable" element={<NotesArea page="no-notes" />} />
    </Routes>,
    { route: '/branch', user: STUDENT },
  );
}

beforeEach(() => localStorage.clear());

describe('BranchPage', () => {
  it('asks to choose a branch among the four', () => {
    renderBranches();
    expect(screen.getByRole('heading', { level: 1, name: 'Choose Your Branch' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Computer Science',
      'Mechanical',
      'Civil',
      'Electrical',
    ]);
  });

  it.each([
    ['Computer Science (cse)', '/notes'],
    ['Mechanical (me)', '/NoNotesAvailable'],
    ['Civil (ce)', '/NoNotesAvailable'],
    ['Electrical (ee)', '/NoNotesAvailable'],
  ])('%s leads to %s', (name, href) => {
    renderBranches();
    expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
  });

  it('Computer Science opens the CSE notes page', async () => {
    renderBranches();
    await userEvent.click(screen.getByRole('link', { name: 'Computer Science (cse)' }));
    expect(
      screen.getByRole('heading', { level: 1, name: 'Computer Science & Engineering Notes' }),
    ).toBeInTheDocument();
  });

  it.each(['Mechanical (me)', 'Civil (ce)', 'Electrical (ee)'])(
    '%s opens "Notes Not Available", which links back to /branch',
    async (name) => {
      renderBranches();
      await userEvent.click(screen.getByRole('link', { name }));
      expect(screen.getByRole('heading', { level: 1, name: 'Notes Not Available' })).toBeInTheDocument();
      await userEvent.click(screen.getByRole('link', { name: /branches/i }));
      expect(screen.getByRole('heading', { level: 1, name: 'Choose Your Branch' })).toBeInTheDocument();
    },
  );
});
