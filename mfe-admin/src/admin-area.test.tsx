import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Route, Routes } from 'react-router-dom';
import { apiClient, useSession, type SessionUser } from '@studyhub/shared';
import { areaRoutes, CONTRACT_VERSION, isRemoteAreaModule } from '@studyhub/contract';
import type { User } from '@studyhub/contract/schemas';
import {
  ADMIN,
  currentLocation,
  httpError,
  LocationProbe,
  networkError,
  renderWithProviders,
  settle,
  TEACHER,
} from '@studyhub/shared/testing';
import { AdminArea } from './admin-area';
import * as exposed from './expose';

const SERVER_ADMIN: User = {
  _id: ADMIN._id!,
  name: ADMIN.name,
  email: ADMIN.email!,
  role: 'admin',
  isGoogle: false,
  createdAt: '2025-05-09T10:00:00.000Z',
};

let get: jest.SpiedFunction<typeof apiClient.get>;

const EMPTY_PAGE = { items: [], page: 1, pageSize: 25, total: 0 };

/** The server's answers: /api/me as given, every list empty. */
function serverAnswers(me: () => Promise<unknown>) {
  get.mockImplementation(((url: string) => {
    if (url === '/api/me') return me();
    const paged = [
      '/api/admin/audit',
      '/api/admin/messages',
      '/api/admin/reviews',
      '/api/uploads/mine',
    ].includes(url);
    return Promise.resolve({ data: paged ? EMPTY_PAGE : [] });
  }) as typeof apiClient.get);
}

function SessionRole() {
  const { user, token } = useSession();
  return <p data-testid="session">{token && user ? user.role : 'signed out'}</p>;
}

function renderArea(page: string, path: string, user: SessionUser | null = ADMIN) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path={path} element={<AdminArea page={page} />} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
      <SessionRole />
    </>,
    { route: path, ...(user ? { user } : {}) },
  );
}

beforeEach(() => {
  localStorage.clear();
  get = jest.spyOn(apiClient, 'get');
  serverAnswers(() => Promise.resolve({ data: { user: SERVER_ADMIN } }));
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('AdminArea', () => {
  it('exposes the contract the shell loads', () => {
    expect(isRemoteAreaModule(exposed)).toBe(true);
    expect(exposed.area).toBe('admin');
    expect(exposed.contractVersion).toBe(CONTRACT_VERSION);
  });

  it.each([
    ['/admin', 'Welcome, Admin'],
    ['/admin/upload-notes', 'Upload Notes'],
    ['/admin/add-syllabus', 'Add Syllabus'],
    ['/admin/syllabus-table', 'Manage Syllabus'],
    ['/admin/users', 'User Roles'],
    ['/admin/activity', 'Activity'],
    ['/admin/messages', 'Messages'],
    ['/admin/review-uploads', 'Review uploads'],
    ['/my-uploads', 'My uploads'],
  ])('renders %s, the route table’s row, after the session check', async (path, title) => {
    const entry = areaRoutes('admin').find((row) => row.path === path);
    expect(entry).toBeDefined();
    renderArea(entry!.page, path);
    expect(screen.getByRole('status', { name: 'Checking your session' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/api/me', { signal: expect.any(AbortSignal) });
    await settle();
  });

  it('sends a page it does not have to /', () => {
    renderArea('nope', '/admin/x');
    expect(currentLocation()).toBe('/');
  });
});

describe('the session check on entering an admin page (product §6, §8)', () => {
  it.each([
    ['401', () => Promise.reject(httpError(401, { message: 'Session expired. Please log in again.' }))],
    ['403', () => Promise.reject(httpError(403, { message: 'Admins only.' }))],
  ])('a %s removes the token, says so and goes to /login after 1.8 s', async (_status, me) => {
    jest.useFakeTimers();
    serverAnswers(me);
    renderArea('users', '/admin/users');
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Session expired. Please login again.');
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'User Roles' })).not.toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(1_799);
    });
    expect(currentLocation()).toBe('/admin/users');
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(currentLocation()).toBe('/login');
    expect(screen.getByTestId('session')).toHaveTextContent('signed out');
  });

  it('no token at all is an expired session too, and the server is not asked', async () => {
    jest.useFakeTimers();
    renderArea('activity', '/admin/activity', null);
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Session expired. Please login again.');
    expect(get).not.toHaveBeenCalled();
    act(() => {
      jest.advanceTimersByTime(1_800);
    });
    expect(currentLocation()).toBe('/login');
  });

  it('a server that says the user is no admin any more updates the session and denies the page', async () => {
    serverAnswers(() => Promise.resolve({ data: { user: { ...SERVER_ADMIN, role: 'teacher' } } }));
    renderArea('users', '/admin/users');
    expect(await screen.findByText('Access Denied: Admins only.')).toBeInTheDocument();
    expect(screen.getByTestId('session')).toHaveTextContent('teacher');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ role: 'teacher' });
    expect(screen.queryByRole('heading', { name: 'User Roles' })).not.toBeInTheDocument();
  });

  it.each([
    ['upload-notes', '/admin/upload-notes', 'Upload Notes'],
    ['my-uploads', '/my-uploads', 'My uploads'],
  ])('a teacher’s page (%s) opens for a teacher the server knows as one', async (page, path, title) => {
    serverAnswers(() => Promise.resolve({ data: { user: { ...SERVER_ADMIN, role: 'teacher' } } }));
    renderArea(page, path, TEACHER);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('a teacher demoted to student meanwhile is denied a teacher’s page, and the session learns it', async () => {
    serverAnswers(() => Promise.resolve({ data: { user: { ...SERVER_ADMIN, role: 'student' } } }));
    renderArea('my-uploads', '/my-uploads', TEACHER);
    expect(await screen.findByText('Access Denied: Teachers and admins only.')).toBeInTheDocument();
    expect(screen.getByText('Access Denied: Teachers and admins only')).toHaveAttribute('role', 'alert');
    expect(screen.getByTestId('session')).toHaveTextContent('student');
    expect(screen.queryByRole('heading', { name: 'My uploads' })).not.toBeInTheDocument();
  });

  it('the review page is for admins only: a teacher is denied it', async () => {
    serverAnswers(() => Promise.resolve({ data: { user: { ...SERVER_ADMIN, role: 'teacher' } } }));
    renderArea('review-uploads', '/admin/review-uploads', TEACHER);
    expect(await screen.findByText('Access Denied: Admins only.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Review uploads' })).not.toBeInTheDocument();
  });

  it('when the server cannot be reached, the page opens and reports its own failures', async () => {
    serverAnswers(() => Promise.reject(networkError()));
    renderArea('home', '/admin');
    expect(await screen.findByRole('heading', { name: 'Welcome, Admin' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).not.toBeNull();
  });
});

describe('admin home (product §2, §6)', () => {
  it('links to the four SPEC pages and the three beyond it', async () => {
    renderArea('home', '/admin');
    const nav = await screen.findByRole('navigation', { name: 'Administration' });
    const links = [...nav.querySelectorAll('a')].map((link) => [
      link.querySelector('h2')?.textContent,
      link.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['Upload Notes', '/admin/upload-notes'],
      ['Review uploads', '/admin/review-uploads'],
      ['Add Syllabus', '/admin/add-syllabus'],
      ['Manage Syllabus', '/admin/syllabus-table'],
      ['User Roles', '/admin/users'],
      ['Activity', '/admin/activity'],
      ['Messages', '/admin/messages'],
    ]);
  });

  it('shows how many uploads wait for review on its card', async () => {
    get.mockImplementation(((url: string) =>
      Promise.resolve({
        data: url === '/api/me' ? { user: SERVER_ADMIN } : { ...EMPTY_PAGE, total: 4 },
      })) as typeof apiClient.get);
    renderArea('home', '/admin');
    expect(await screen.findByRole('link', { name: /Review uploads 4 waiting/ })).toHaveAttribute(
      'href',
      '/admin/review-uploads',
    );
  });

  it('wants the exact role "admin": "Admin" sees "Access Denied: Admins only"', async () => {
    renderArea('home', '/admin', { ...ADMIN, role: 'Admin' });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Access Denied: Admins only$/);
    expect(screen.queryByRole('heading', { name: 'Welcome, Admin' })).not.toBeInTheDocument();
  });
});
