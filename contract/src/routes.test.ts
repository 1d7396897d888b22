import { describe, expect, it } from '@jest/globals';
import { matchPath } from 'react-router-dom';
import { mayOpen, ROUTE_TABLE, routeFor, shellPageFile } from './routes';

/** What the shell's router opens for a path: the first row of the table it matches. */
const routerMatch = (pathname: string) => ROUTE_TABLE.find((route) => matchPath(route.path, pathname));

describe('routeFor', () => {
  const spellings = [
    '/',
    '/about',
    '/Contact',
    '/login/',
    '/notes',
    '/notes/ThirdYear',
    '/notes/thirdyear',
    '/notes/CS-603',
    '/notes/CS-603/',
    '/branch',
    '/syllabus',
    '/SYLLABUS',
    '/admin',
    '/admin/users',
    '/upload-notes',
    '/notes/a/b',
    '/nowhere',
    '//',
    '/notes/.*',
    '/%2e%2e/admin',
  ];

  it.each(spellings)('matches %s as the shell’s router does', (pathname) => {
    expect(routeFor(pathname)).toBe(routerMatch(pathname));
  });

  it('knows every row of the table by its own path', () => {
    for (const route of ROUTE_TABLE) {
      if (!route.path.includes(':')) expect(routeFor(route.path)).toBe(route);
    }
    expect(routeFor('/notes/CS-603')?.page).toBe('subject');
    expect(routeFor('/notes/ThirdYear')?.page).toBe('year');
  });
});

describe('shellPageFile (decision 014)', () => {
  it.each([
    ['/', 'index.html'],
    ['/notes/ThirdYear', 'pages/notes/ThirdYear.html'],
    ['/NOTES/thirdyear/', 'pages/notes/ThirdYear.html'],
    ['/papers/FirstYear', 'pages/papers/FirstYear.html'],
    ['/notes', 'pages/notes.html'],
    ['/branch', 'pages/branch.html'],
    ['/search', 'pages/search.html'],
    ['/notes/CS-603', 'app.html'],
    ['/notes/FifthYear', 'app.html'],
    ['/syllabus', 'app.html'],
    ['/nowhere', 'app.html'],
    ['/notes/..%2fThirdYear', 'app.html'],
  ])('answers %s with %s', (pathname, file) => {
    expect(shellPageFile(pathname)).toBe(file);
  });

  it('names a page only for routes without parameters, each its own file', () => {
    const headed = ROUTE_TABLE.filter((route) => route.titleIsHeading);
    expect(headed.length).toBeGreaterThan(10);
    for (const route of headed) expect(route.path).toMatch(/^(\/[A-Za-z]+)+$/);
    expect(new Set(headed.map((route) => shellPageFile(route.path))).size).toBe(headed.length);
  });
});

describe('mayOpen (product §6, decision 026)', () => {
  it.each([
    ['open', null, true],
    ['open', 'student', true],
    ['login', null, false],
    ['login', 'student', true],
    ['login', 'teacher', true],
    ['teacher', null, false],
    ['teacher', 'student', false],
    ['teacher', 'teacher', true],
    ['teacher', 'Teacher', true],
    ['teacher', 'admin', true],
    ['admin', 'teacher', false],
    ['admin', 'ADMIN', true],
    ['admin', 'administrator', false],
  ] as const)('%s route, role %p: %p', (access, role, expected) => {
    expect(mayOpen(access, role === null ? null : { role })).toBe(expected);
  });

  it('the upload page is for teachers and admins, review for admins, My uploads for teachers and admins', () => {
    expect(routeFor('/admin/upload-notes')?.access).toBe('teacher');
    expect(routeFor('/admin/review-uploads')).toMatchObject({
      access: 'admin',
      area: 'admin',
      title: 'Review uploads',
    });
    expect(routeFor('/my-uploads')).toMatchObject({ access: 'teacher', area: 'admin', title: 'My uploads' });
  });

  it('Saved for offline opens without a session: one that expired offline still reads its copies', () => {
    expect(routeFor('/saved')).toMatchObject({
      access: 'open',
      area: 'notes',
      page: 'saved',
      title: 'Saved for offline',
    });
  });

  it('My bookmarks and Following need a session; the digest mail’s /unfollow opens without one', () => {
    expect(routeFor('/bookmarks')).toMatchObject({ access: 'login', area: 'notes', page: 'bookmarks' });
    expect(routeFor('/following')).toMatchObject({ access: 'login', area: 'notes', page: 'following' });
    expect(routeFor('/unfollow')).toMatchObject({ access: 'open', area: 'notes', page: 'unfollow' });
  });
});
