import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { apiClient, type SessionUser } from '@studyhub/shared';
import { ADMIN, STUDENT, TEACHER } from '@studyhub/shared/testing';
import { Header } from './header';
import { renderWithAreas } from '../testing/area-registry';

function LocationProbe() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function renderHeader(options: { user?: SessionUser; route?: string } = {}) {
  return renderWithAreas(
    <>
      <Header />
      <LocationProbe />
    </>,
    options,
  );
}

const NAV = [
  ['Home', '/'],
  ['Notes', '/notes'],
  ['Syllabus', '/syllabus'],
  ['About', '/about'],
  ['Contact-us', '/contact-us'],
] as const;

/** What everyone signed in keeps (decisions 036 and 041). */
const STUDY = [
  ['Saved', '/saved'],
  ['My bookmarks', '/bookmarks'],
  ['Following', '/following'],
] as const;

/**
 * The menu button is CSS-hidden on wide screens and jsdom is a wide screen, so it is out of the accessibility
 * tree here; it is found by its label instead.
 */
const menuButton = () => screen.getByLabelText(/^(Open|Close) menu$/, { selector: 'button' });
const iconOf = (element: HTMLElement) => element.querySelector('svg')?.getAttribute('data-icon');

const linksOf = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

beforeEach(() => {
  localStorage.clear();
  document.documentElement.classList.remove('dark');
});

describe('Header', () => {
  it('has the logo and the five nav links', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'StudyHub home' })).toHaveAttribute('href', '/');
    expect(linksOf(screen.getByRole('navigation', { name: 'Main' }))).toEqual(
      NAV.map(([label, to]) => [label, to]),
    );
  });

  it('marks the current page’s link as active', () => {
    renderHeader({ route: '/about' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('the theme toggle flips the dark marker on <html> and saves the choice', async () => {
    renderHeader();
    expect(document.documentElement).toHaveClass('dark');
    const toLight = screen.getByRole('button', { name: 'Switch to light mode' });
    expect(toLight).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(toLight);
    expect(document.documentElement).not.toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('light');
    const toDark = screen.getByRole('button', { name: 'Switch to dark mode' });
    expect(toDark).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(toDark);
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('shows a Login link when nobody is signed in', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('renders no live Login on its first commit while a stored session is being restored', () => {
    // Every route but Home renders afresh, live at once: the page boot script's mark must decide until then.
    const liveLogins: string[] = [];
    function FirstCommitProbe() {
      useLayoutEffect(() => {
        for (const link of document.querySelectorAll('header a:not([data-when])')) {
          if (link.textContent === 'Login') liveLogins.push(link.outerHTML);
        }
      }, []);
      return null;
    }
    renderWithAreas(
      <>
        <Header />
        <FirstCommitProbe />
      </>,
      { user: STUDENT },
    );
    expect(liveLogins).toEqual([]);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeEnabled();
  });

  it('shows Logout when signed in; it clears the session, says so and goes to /login', async () => {
    renderHeader({ user: STUDENT, route: '/notes' });
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    // Logout first reads whether copies are saved for offline (none here), so the rest follows a moment later.
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
    expect(await screen.findByText('⏳ Session expired. Please log in again.')).toBeInTheDocument();
  });

  it('the mobile menu button opens and closes a menu with the same links', async () => {
    renderHeader();
    const menu = menuButton();
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveAttribute('aria-controls', 'mobile-menu');
    expect(screen.queryByRole('navigation', { name: 'Mobile menu' })).not.toBeInTheDocument();

    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const mobile = screen.getByRole('navigation', { name: 'Mobile menu' });
    expect(mobile).toHaveAttribute('id', 'mobile-menu');
    expect(linksOf(mobile)).toEqual(linksOf(screen.getByRole('navigation', { name: 'Main' })));

    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Mobile menu' })).not.toBeInTheDocument();
  });

  it('the mobile menu closes after following one of its links', async () => {
    renderHeader();
    await userEvent.click(menuButton());
    const mobile = screen.getByRole('navigation', { name: 'Mobile menu' });
    await userEvent.click(within(mobile).getByRole('link', { name: 'About' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/about$/);
    expect(screen.queryByRole('navigation', { name: 'Mobile menu' })).not.toBeInTheDocument();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('the mobile menu stays closed on coming back to the page it was opened on', async () => {
    renderHeader();
    await userEvent.click(menuButton());
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Mobile menu' })).getByRole('link', { name: 'About' }),
    );
    await userEvent.click(screen.getByRole('link', { name: 'StudyHub home' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(screen.queryByRole('navigation', { name: 'Mobile menu' })).not.toBeInTheDocument();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('the menu button says what it will do and turns into a close icon while the menu is open', async () => {
    renderHeader();
    const menu = menuButton();
    expect(menu).toHaveAttribute('aria-label', 'Open menu');
    expect(iconOf(menu)).toBe('menu');

    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-label', 'Close menu');
    expect(iconOf(menu)).toBe('close');
    // Drawn, not an emoji that needs a font: the icon is decorative, the label names the button (CSS hides the
    // button on jsdom's wide screen, so its name is read from the label).
    expect(menu.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(menu).not.toHaveTextContent(/\S/);
  });

  it('Escape closes the open menu from one of its links and gives focus back to the menu button', async () => {
    renderHeader();
    await userEvent.click(menuButton());
    const mobile = screen.getByRole('navigation', { name: 'Mobile menu' });
    within(mobile).getByRole('link', { name: 'Notes' }).focus();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Mobile menu' })).not.toBeInTheDocument();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveAttribute('aria-label', 'Open menu');
    expect(menuButton()).toHaveFocus();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('Escape with the menu closed leaves focus where it is', async () => {
    renderHeader();
    const about = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', {
      name: 'About',
    });
    about.focus();
    await userEvent.keyboard('{Escape}');
    expect(about).toHaveFocus();
  });

  it('the theme toggle shows a drawn sun in dark mode and a moon in light mode', async () => {
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Switch to light mode' });
    expect(iconOf(toggle)).toBe('sun');
    await userEvent.click(toggle);
    expect(iconOf(screen.getByRole('button', { name: 'Switch to dark mode' }))).toBe('moon');
  });
});

describe('Header for signed-in visitors', () => {
  const reviewQueue = (total: number) =>
    jest.spyOn(apiClient, 'get').mockResolvedValue({ data: { items: [], page: 1, pageSize: 1, total } });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('a student also sees Saved, My bookmarks and Following, and asks nothing', () => {
    const get = reviewQueue(0);
    renderHeader({ user: STUDENT });
    expect(linksOf(screen.getByRole('navigation', { name: 'Main' }))).toEqual([...NAV, ...STUDY]);
    expect(get).not.toHaveBeenCalled();
  });

  it('a teacher also sees Saved, Upload and My uploads, in the row and in the menu', async () => {
    const get = reviewQueue(0);
    renderHeader({ user: TEACHER });
    const staff = [...STUDY, ['Upload', '/admin/upload-notes'], ['My uploads', '/my-uploads']];
    expect(linksOf(screen.getByRole('navigation', { name: 'Main' }))).toEqual([...NAV, ...staff]);
    await userEvent.click(menuButton());
    expect(linksOf(screen.getByRole('navigation', { name: 'Mobile menu' }))).toEqual([...NAV, ...staff]);
    expect(get).not.toHaveBeenCalled();
  });

  it('an admin also sees Admin and Review uploads with how many wait, asked again on each page', async () => {
    const get = reviewQueue(3);
    renderHeader({ user: ADMIN });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Review uploads 3 waiting' })).toHaveAttribute(
      'href',
      '/admin/review-uploads',
    );
    expect(within(nav).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    const asked = get.mock.calls.length;

    get.mockResolvedValue({ data: { items: [], page: 1, pageSize: 1, total: 0 } });
    await userEvent.click(within(nav).getByRole('link', { name: 'Notes' }));
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Review uploads' })).toBeInTheDocument(),
    );
    expect(get.mock.calls.length).toBeGreaterThan(asked);
  });
});
