import { describe, expect, it } from '@jest/globals';
import { formatDay, formatMoment } from './dates';

describe('admin dates (product §9: en-IN, short month)', () => {
  it('writes the day first and the month short', () => {
    expect(formatDay('2025-05-09T10:30:00.000Z')).toBe('9 May 2025');
  });

  it('adds the time of day for the activity and messages pages', () => {
    expect(formatMoment('2025-05-09T10:30:00.000Z')).toMatch(/^9 May 2025, \d{1,2}:\d{2}\s?(am|pm)$/i);
  });

  it('shows text it cannot read as it is rather than "Invalid Date"', () => {
    expect(formatDay('not a date')).toBe('not a date');
  });
});
