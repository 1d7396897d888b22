import { describe, expect, it } from '@jest/globals';
import { matchPath } from 'react-router-dom';
import { ROUTE_TABLE, routeFor } from './routes';

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
