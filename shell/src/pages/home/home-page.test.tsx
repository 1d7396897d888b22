import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { SessionUser } from '@studyhub/shared';
import { ADMIN, renderWithProviders, STUDENT } from '@studyhub/shared/testing';
import { HomePage } from './home-page';

function LocationProbe() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function renderHome(user?: SessionUser) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
      <LocationProbe />
    </>,
    user ? { user } : {},
  );
}

const categoryTitles = () =>
  screen.queryAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
const ALL_CATEGORIES = ['NOTES', 'Syllabus \\ Scheme', 'Important Questions', 'Previous Year Questions'];

beforeEach(() => localStorage.clear());

describe('HomePage hero and categories', () => {
  it('shows the hero and the four category cards', () => {
    renderHome();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Unlock Your Academic Potential' }),
    ).toBeInTheDocument();
    for (const title of ALL_CATEGORIES) expect(categoryTitles()).toContain(title);
  });

  it('links the open categories to /branch and /syllabus', () => {
    renderHome();
    expect(screen.getByRole('link', { name: /NOTES/ })).toHaveAttribute('href', '/branch');
    expect(screen.getByRole('link', { name: /Syllabus \\ Scheme/ })).toHaveAttribute('href', '/syllabus');
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
    const search = screen.getByRole('searchbox', { name: 'Search categories' });
    if (query) await userEvent.type(search, query);
    const shown = categoryTitles();
    for (const title of ALL_CATEGORIES) {
      if (expected.includes(title)) expect(shown).toContain(title);
      else expect(shown).not.toContain(title);
    }
    expect(screen.queryByText('Oops! No matching category found.')).not.toBeInTheDocument();
  });

  it('says so when no category matches, and recovers when the search is cleared', async () => {
    renderHome();
    const search = screen.getByRole('searchbox', { name: 'Search categories' });
    await userEvent.type(search, 'chemistry');
    expect(screen.getByText('Oops! No matching category found.')).toBeInTheDocument();
    for (const title of ALL_CATEGORIES) expect(categoryTitles()).not.toContain(title);

    await userEvent.clear(search);
    expect(screen.queryByText('Oops! No matching category found.')).not.toBeInTheDocument();
    expect(categoryTitles()).toEqual(expect.arrayContaining(ALL_CATEGORIES));
  });

  it.each(['Important Questions', 'Previous Year Questions'])(
    'clicking the disabled %s card toasts "Update Soon!" and stays home',
    async (title) => {
      renderHome(STUDENT);
      const card = screen.getByRole('button', { name: new RegExp(title) });
      expect(card).toHaveAttribute('aria-disabled', 'true');
      expect(card).toHaveTextContent('Coming Soon!');
      await userEvent.click(card);
      expect(await screen.findByText('Update Soon!')).toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    },
  );
});

describe('HomePage quick links', () => {
  const QUICK_LINKS = [
    ['Admin Dashboard', '/admin'],
    ['Upload Notes', '/admin/upload-notes'],
    ['Manage Syllabus', '/admin/syllabus-table'],
    ['User Roles', '/admin/users'],
  ] as const;

  it.each(QUICK_LINKS)('%s points at %s', (label, path) => {
    renderHome();
    expect(screen.getByRole('link', { name: label })).toHaveAttribute('href', path);
  });

  it.each(QUICK_LINKS)('a student clicking %s is told admins only and stays on /', async (label, _path) => {
    renderHome(STUDENT);
    await userEvent.click(screen.getByRole('link', { name: label }));
    expect(await screen.findByText('Access Denied: Admins only.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(screen.queryByText('elsewhere')).not.toBeInTheDocument();
  });

  it('an anonymous visitor is told admins only too', async () => {
    renderHome();
    await userEvent.click(screen.getByRole('link', { name: 'Admin Dashboard' }));
    expect(await screen.findByText('Access Denied: Admins only.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it.each(QUICK_LINKS)('an admin clicking %s goes to %s', async (label, path) => {
    renderHome(ADMIN);
    await userEvent.click(screen.getByRole('link', { name: label }));
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${path}$`));
    expect(screen.getByText('elsewhere')).toBeInTheDocument();
    expect(screen.queryByText('Access Denied: Admins only.')).not.toBeInTheDocument();
  });

  it('an admin whose role is spelled "Admin" may use them too', async () => {
    renderHome({ ...ADMIN, role: 'Admin' });
    await userEvent.click(screen.getByRole('link', { name: 'Admin Dashboard' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin$/);
  });

  it('has a mailto feedback and support link', () => {
    renderHome();
    const link = screen.getByRole('link', { name: /feedback/i });
    expect(link.getAttribute('href')).toMatch(/^mailto:[^@\s]+@[^@\s]+/);
  });
});
