import { describe, expect, it } from '@jest/globals';
import { countUnitsWithNotes, unitsWithNotesText } from './notes-availability';

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
