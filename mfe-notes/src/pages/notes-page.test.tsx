import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { Route, Routes, useLocation } from 'react-router-dom';
import { renderWithProviders, STUDENT } from '@studyhub/shared/testing';
import { NotesArea } from '../notes-area';

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
