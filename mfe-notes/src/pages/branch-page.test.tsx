import { screen, within } from '@testing-library/react';
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
    ['Computer Science', 'Open notes', '/notes'],
    ['Mechanical', 'Unavailable', '/NoNotesAvailable'],
    ['Civil', 'Unavailable', '/NoNotesAvailable'],
    ['Electrical', 'Unavailable', '/NoNotesAvailable'],
  ])('the %s card reads %s and is one link to %s, named by the text it shows', (branch, action, href) => {
    renderBranches();
    const card = screen.getByRole('link', { name: new RegExp(`^${branch}\\b`) });
    expect(card).toHaveAttribute('href', href);
    // WCAG label-in-name: no aria-label hiding the visible words; the name is the card's own text.
    expect(card).not.toHaveAttribute('aria-label');
    expect(card).toHaveAccessibleName(expect.stringContaining(action));
    expect(within(card).getByRole('heading', { level: 2, name: branch })).toBeInTheDocument();
    // Nothing interactive nested inside the link.
    expect(within(card).queryAllByRole('link')).toHaveLength(0);
    expect(within(card).queryAllByRole('button')).toHaveLength(0);
  });

  it('a tap anywhere on the Computer Science card opens the CSE notes page', async () => {
    renderBranches();
    await userEvent.click(screen.getByText('Notes available'));
    expect(
      screen.getByRole('heading', { level: 1, name: 'Computer Science & Engineering Notes' }),
    ).toBeInTheDocument();
  });

  it.each(['Mechanical', 'Civil', 'Electrical'])(
    'the %s card opens "Notes Not Available", which links back to /branch',
    async (name) => {
      renderBranches();
      await userEvent.click(screen.getByRole('heading', { level: 2, name }));
      expect(screen.getByRole('heading', { level: 1, name: 'Notes Not Available' })).toBeInTheDocument();
      await userEvent.click(screen.getByRole('link', { name: /branches/i }));
      expect(screen.getByRole('heading', { level: 1, name: 'Choose Your Branch' })).toBeInTheDocument();
    },
  );
});
