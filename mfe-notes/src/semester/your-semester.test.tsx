import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { apiClient } from '@studyhub/shared';
import { CONTRACT_VERSION, isRemoteModule, WIDGET_EXPOSES } from '@studyhub/contract';
import type { ReadingProgress } from '@studyhub/contract/schemas';
import { savedCopiesOf, savedKey } from '@studyhub/shared/offline';
import {
  installFakeCacheStorage,
  renderWithProviders,
  setBrowserOnline,
  STUDENT,
} from '@studyhub/shared/testing';
import { progressStorageKey } from '../progress/progress-recorder';
import * as exposed from '../your-semester-expose';
import { forgetServerSemester } from './remember-semester';
import { YourSemester } from './your-semester';

const read: ReadingProgress = {
  kind: 'note',
  fileId: 'file-3',
  subjectCode: 'CS-502',
  subject: 'Database Management Systems',
  unit: 3,
  session: null,
  page: 14,
  pages: 40,
  readAt: '2026-11-27T09:00:00.000Z',
};

function answer(semester: number | null) {
  jest.spyOn(apiClient, 'get').mockImplementation(((url: string) => {
    const answers: Record<string, unknown> = {
      '/api/me/semester': { semester },
      '/api/progress': { items: [read] },
      '/api/notes/availability': {
        branch: 'CSE',
        subjects: { 'CS-502': { units: [1, 3], papers: 0, questions: 0 } },
      },
      '/api/notes/recent': [],
    };
    return url in answers ? Promise.resolve({ data: answers[url] }) : new Promise(() => undefined);
  }) as never);
  return jest
    .spyOn(apiClient, 'put')
    .mockImplementation(((_url: string, body: unknown) => Promise.resolve({ data: body })) as never);
}

beforeEach(() => {
  localStorage.clear();
  forgetServerSemester();
});
afterEach(() => {
  jest.restoreAllMocks();
});

describe('Your semester on Home (decision 041)', () => {
  it('is the notes area’s widget for Home', () => {
    expect(isRemoteModule(exposed)).toBe(true);
    expect(exposed.area).toBe(WIDGET_EXPOSES.yourSemester.area);
    expect(exposed.contractVersion).toBe(CONTRACT_VERSION);
  });

  it('a student with no semester chooses one with a tap; its subjects then show with their counts', async () => {
    const put = answer(null);
    renderWithProviders(<YourSemester />, { user: STUDENT });
    expect(await screen.findByRole('heading', { name: 'Choose your semester' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Semester 5' }));
    expect(await screen.findByRole('heading', { name: 'Your semester: Semester 5' })).toBeInTheDocument();
    expect(put).toHaveBeenCalledWith('/api/me/semester', { semester: 5 }, undefined);
    expect(screen.getByRole('button', { name: 'Semester 5' })).toHaveAttribute('aria-pressed', 'true');
    const subjects = screen.getByRole('region', { name: 'Your subjects' });
    const dbms = within(subjects).getByRole('link', { name: 'Database Management Systems' });
    expect(dbms).toHaveAttribute('href', '/notes/CS-502');
    expect(within(subjects).getByText('Notes: 2 of 5 units')).toBeInTheDocument();
    // Four cards, then the rest on a tap: Home is not ten cards long on a phone.
    expect(within(subjects).getAllByTestId('subject-card')).toHaveLength(4);
    await userEvent.click(within(subjects).getByRole('button', { name: 'Show all 10 subjects' }));
    expect(within(subjects).getAllByTestId('subject-card')).toHaveLength(10);
  });

  it('Continue reading says where the student is and opens the reader at that page', async () => {
    answer(5);
    renderWithProviders(<YourSemester />, { user: STUDENT });
    const item = await screen.findByTestId('continue-reading');
    expect(item).toHaveTextContent('Database Management Systems');
    expect(item).toHaveTextContent('Unit 3 · page 14 of 40');
    expect(within(item).getByRole('link', { name: 'Continue at page 14' })).toHaveAttribute(
      'href',
      '/notes/CS-502?unit=3&page=14',
    );
  });

  it('offline, lists the files read on this phone that are saved on it, leading to Saved for offline', async () => {
    answer(5);
    const caches = installFakeCacheStorage();
    try {
      const copy = {
        key: savedKey.notes('CS-502', 3),
        kind: 'notes' as const,
        subjectCode: 'CS-502',
        subjectName: 'Database Management Systems',
        title: 'Unit 3: Database design',
        size: 1024,
        savedAt: '2026-11-27T08:00:00.000Z',
        fileVersion: '2026-11-01T08:00:00.000Z',
      };
      await savedCopiesOf(STUDENT._id!).save(copy, new Blob([new Uint8Array(1024)]));
      // Read on this phone: unit 3 (saved) at page 9, unit 4 (not saved) at page 2.
      const local = [
        { ...read, page: 9, readAt: '2026-11-27T09:30:00.000Z', sent: true },
        { ...read, fileId: 'file-4', unit: 4, page: 2, readAt: '2026-11-27T09:00:00.000Z', sent: false },
      ];
      localStorage.setItem(progressStorageKey(STUDENT._id!), JSON.stringify(local));
      setBrowserOnline(false);
      renderWithProviders(<YourSemester />, { user: STUDENT });
      const item = await screen.findByTestId('continue-reading');
      expect(item).toHaveTextContent('Unit 3 · page 9 of 40');
      expect(within(item).getByRole('link', { name: 'Open in Saved for offline' })).toHaveAttribute(
        'href',
        '/saved',
      );
      expect(screen.getAllByTestId('continue-reading')).toHaveLength(1);
    } finally {
      caches.uninstall();
    }
  });

  it('renders nothing for a visitor who is not signed in', () => {
    answer(5);
    const { container } = renderWithProviders(<YourSemester />);
    expect(container).toBeEmptyDOMElement();
  });
});
