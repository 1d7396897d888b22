import { describe, expect, it } from '@jest/globals';
import { sessionMonths, sessionText, sessionYears } from './exam-sessions';

const NOW = new Date('2026-05-20T12:00:00.000Z');

describe('exam sessions the form offers', () => {
  it('years run from this one back to 1990', () => {
    const years = sessionYears(NOW).map((option) => option.value);
    expect(years[0]).toBe('2026');
    expect(years.at(-1)).toBe('1990');
    expect(years).toHaveLength(37);
  });

  it('a past year has twelve months; this year stops at this month; no year chosen offers all', () => {
    expect(sessionMonths('2025', NOW)).toHaveLength(12);
    expect(sessionMonths('2026', NOW).map((option) => option.value)).toEqual([
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
    ]);
    expect(sessionMonths('', NOW)).toHaveLength(12);
  });

  it('names a session as the server reads it, once both are chosen', () => {
    expect(sessionText('May', '2024')).toBe('May 2024');
    expect(sessionText('May', '')).toBe('');
  });
});
