import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Route, Routes, useLocation } from 'react-router-dom';
import { apiClient } from '@studyhub/shared';
import { CONTRACT_VERSION, isRemoteModule, WIDGET_EXPOSES } from '@studyhub/contract';
import type { RecentNote } from '@studyhub/contract/schemas';
import { renderWithProviders, STUDENT, type RenderOptions } from '@studyhub/shared/testing';
import * as exposed from '../recent-notes-expose';
import { RecentNotes, uploadDate } from './recent-notes';

const NOTES: RecentNote[] = [
  {
    _id: 'n2',
    subject: 'Theory of Computation',
    subjectCode: 'CS-501',
    unit: 'Unit 2',
    branch: 'CSE',
    year: 'Third Year',
    semester: 'Semester 5',
    createdAt: '2025-05-09T10:30:00.000Z',
  },
  {
    _id: 'n1',
    subject: 'Engineering Chemistry',
    subjectCode: 'BT-101',
    unit: 'Unit 1',
    branch: 'CSE',
    year: 'First Year',
    semester: 'Semester 1',
    createdAt: '2025-01-15T08:00:00.000Z',
  },
];

function LocationProbe() {
  const { pathname, state } = useLocation();
  return (
    <>
      <p data-testid="location">{pathname}</p>
      <p data-testid="location-state">{JSON.stringify(state)}</p>
    </>
  );
}

function renderRecent(options: RenderOptions = {}) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/" element={<RecentNotes />} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </>,
    options,
  );
}

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => localStorage.clear());

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('RecentNotes widget module', () => {
  it('is exposed with the contract metadata the shell checks', () => {
    expect(isRemoteModule(exposed)).toBe(true);
    expect(exposed.area).toBe(WIDGET_EXPOSES.recentNotes.area);
    expect(exposed.contractVersion).toBe(CONTRACT_VERSION);
    expect(exposed.default).toBe(RecentNotes);
  });
});

describe('RecentNotes', () => {
  it('shows "Loading..." until the list arrives, then a card per note', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const get = jest
      .spyOn(apiClient, 'get')
      .mockReturnValue(new Promise((resolve) => (answer = resolve)) as never);
    renderRecent();
    expect(screen.getByRole('heading', { level: 2, name: 'Recently Uploaded Notes' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(get).toHaveBeenCalledWith('/api/notes/recent', { signal: expect.any(AbortSignal) });

    await act(async () => answer({ data: NOTES }));
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    const cards = screen.getAllByTestId('recent-note');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole('heading', { level: 3 })).toHaveTextContent('Theory of Computation (Unit 2)');
    expect(first.getByText('CSE | Third Year | Semester 5')).toBeInTheDocument();
    expect(first.getByText('9 May 2025')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Engineering Chemistry (Unit 1)')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('15 Jan 2025')).toBeInTheDocument();
  });

  it('says "No uploads yet." for an empty list', async () => {
    jest.spyOn(apiClient, 'get').mockResolvedValue({ data: [] });
    renderRecent();
    expect(await screen.findByText('No uploads yet.')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('a failed fetch is only logged; loading ends with "No uploads yet."', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(apiClient, 'get').mockRejectedValue(new Error('Network Error'));
    renderRecent();
    expect(await screen.findByText('No uploads yet.')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith(
      expect.stringContaining('could not be loaded'),
      expect.any(Error),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a signed-in visitor goes straight to /notes', async () => {
    jest.spyOn(apiClient, 'get').mockResolvedValue({ data: NOTES });
    renderRecent({ user: STUDENT });
    const [first] = await screen.findAllByRole('button', { name: /View notes/i });
    await userEvent.click(first!);
    expect(location()).toBe('/notes');
    expect(screen.queryByText('Please log in to access notes')).not.toBeInTheDocument();
  });

  it('an anonymous visitor is told to log in and sent to /login after 1.5 s, to come back to /notes', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    jest.spyOn(apiClient, 'get').mockResolvedValue({ data: NOTES });
    renderRecent();
    const [first] = await screen.findAllByRole('button', { name: /View notes/i });
    await user.click(first!);
    await act(async () => jest.advanceTimersByTime(1_499));
    expect(location()).toBe('/');
    await act(async () => jest.advanceTimersByTime(1));
    expect(location()).toBe('/login');
    expect(JSON.parse(screen.getByTestId('location-state').textContent!)).toEqual({
      returnTo: { path: '/notes' },
    });
    // The toast library loads with the first toast (decision 014), so the toast is awaited, not timed.
    expect(await screen.findByText('Please log in to access notes')).toBeInTheDocument();
  });
});

describe('uploadDate', () => {
  it.each([
    ['2025-05-09T10:30:00.000Z', '9 May 2025'],
    ['2024-12-31T12:00:00.000Z', '31 Dec 2024'],
    ['not a date', 'not a date'],
  ])('%s reads %s', (iso, text) => {
    expect(uploadDate(iso)).toBe(text);
  });
});
