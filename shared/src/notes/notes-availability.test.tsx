import { waitFor } from '@testing-library/react';
import { AxiosError } from 'axios';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { apiClient } from '../api/client';
import { renderWithProviders } from '../testing';
import { countUnitsWithNotes, unitsWithNotesText, useNotesAvailability } from './notes-availability';

afterEach(() => {
  jest.restoreAllMocks();
});

describe('notes availability texts', () => {
  const availability = new Map([['CS-501', { units: [1, 3, 9], papers: 2, questions: 0 }]]);

  it('counts only the units the catalog lists; an absent subject has none', () => {
    expect(countUnitsWithNotes(availability, 'CS-501', 5)).toBe(2);
    expect(countUnitsWithNotes(availability, 'CS-502', 5)).toBe(0);
  });

  it('says "Notes: 2 of 5 units", and plainly "No notes yet" for none', () => {
    expect(unitsWithNotesText(2, 5)).toBe('Notes: 2 of 5 units');
    expect(unitsWithNotesText(1, 1)).toBe('Notes: 1 of 1 unit');
    expect(unitsWithNotesText(0, 5)).toBe('No notes yet');
  });
});

describe('reading availability', () => {
  function Reader() {
    useNotesAvailability();
    return null;
  }
  const noReply = () => new AxiosError('Network Error', 'ERR_NETWORK');

  it.each([
    ['offline: nothing to report (read again once online)', false, 0],
    ['online: the failure is logged', true, 1],
  ])('a read with no reply, %s', async (_case, online, logged) => {
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
    const get = jest.spyOn(apiClient, 'get').mockRejectedValue(noReply() as never);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(<Reader />);
    await waitFor(() => expect(get).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(
      error.mock.calls.filter(([text]) => text === 'Could not read which subjects have notes'),
    ).toHaveLength(logged);
  });
});
