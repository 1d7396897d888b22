/**
 * The shell draws these routes' titles as their headings, under a breadcrumb's row, while the notes area loads
 * (decision 014, `titleIsHeading`): the page must then draw the same heading under its breadcrumb, or the words
 * change or move under the reader.
 */
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, jest } from '@jest/globals';
import { Route, Routes } from 'react-router-dom';
import { apiClient } from '@studyhub/shared';
import { areaRoutes } from '@studyhub/contract';
import { renderWithProviders, STUDENT } from '@studyhub/shared/testing';
import { NotesArea } from '../notes-area';

const headed = areaRoutes('notes').filter((route) => route.titleIsHeading);

beforeEach(() => {
  localStorage.clear();
  jest.spyOn(apiClient, 'get').mockReturnValue(new Promise(() => undefined) as never);
});

afterEach(() => {
  jest.restoreAllMocks();
});

it('names routes whose heading the shell draws', () => {
  expect(headed.map((route) => route.path)).toEqual(
    expect.arrayContaining(['/notes', '/notes/ThirdYear', '/papers/ThirdYear', '/questions/FirstYear']),
  );
});

it.each(headed.map((route) => [route.path, route] as const))(
  '%s draws its title as its heading',
  (path, route) => {
    renderWithProviders(
      <Routes>
        <Route path={route.path} element={<NotesArea page={route.page} />} />
      </Routes>,
      { route: path, user: STUDENT },
    );
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.textContent).toBe(route.title);
    // The shell's skeleton draws a breadcrumb's row above the heading, so the page must have its breadcrumb there.
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(breadcrumb.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  },
);
