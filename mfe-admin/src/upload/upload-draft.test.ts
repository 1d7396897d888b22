import { describe, expect, it } from '@jest/globals';
import { sessionMonths } from './exam-sessions';
import { EMPTY_DRAFT, missingFields, nextDraft, withChanges, type UploadDraft } from './upload-draft';

const CHOSEN: UploadDraft = {
  ...EMPTY_DRAFT,
  branch: 'CSE',
  year: 'Third Year',
  semester: '5',
  subject: 'CS-502',
  unit: 'Unit 2',
};

describe('the upload draft', () => {
  it('each kind wants its own fields', () => {
    expect(missingFields('note', EMPTY_DRAFT, false)).toEqual([
      'file',
      'branch',
      'year',
      'semester',
      'subject',
      'unit',
    ]);
    expect(missingFields('paper', CHOSEN, true)).toEqual(['sessionMonth', 'sessionYear']);
    expect(missingFields('question', { ...CHOSEN, text: '   ' }, false)).toEqual(['text']);
    expect(missingFields('question', { ...CHOSEN, text: 'Define 3NF.' }, false)).toEqual([]);
  });

  it('a new year clears the semester, subject and unit; a new subject clears the unit', () => {
    expect(withChanges(CHOSEN, { year: 'Fourth Year' }, sessionMonths)).toEqual({
      ...CHOSEN,
      year: 'Fourth Year',
      semester: '',
      subject: '',
      unit: '',
    });
    expect(withChanges(CHOSEN, { subject: 'CS-501' }, sessionMonths)).toEqual({
      ...CHOSEN,
      subject: 'CS-501',
      unit: '',
    });
    expect(withChanges(CHOSEN, { text: 'Define 3NF.' }, sessionMonths)).toEqual({
      ...CHOSEN,
      text: 'Define 3NF.',
    });
  });

  it('an exam year that has not reached the chosen month clears the month', () => {
    const only = (year: string) =>
      year === '2026' ? [{ value: 'Jan' }] : [{ value: 'Jan' }, { value: 'Dec' }];
    const december = { ...CHOSEN, sessionMonth: 'Dec', sessionYear: '2025' };
    expect(withChanges(december, { sessionYear: '2026' }, only).sessionMonth).toBe('');
    expect(withChanges(december, { sessionYear: '2024' }, only).sessionMonth).toBe('Dec');
  });

  it('after an upload the subject stays: notes go to the next unit, a paper clears its session, a question its words', () => {
    expect(nextDraft('note', CHOSEN).unit).toBe('Unit 3');
    const paper = { ...CHOSEN, sessionMonth: 'May', sessionYear: '2024', scheme: '2019 scheme' };
    expect(nextDraft('paper', paper)).toEqual({ ...paper, sessionMonth: '', sessionYear: '' });
    const question = { ...CHOSEN, text: 'Define 3NF.', marks: '7', askedIn: ['May 2024'] };
    expect(nextDraft('question', question)).toEqual({ ...CHOSEN, text: '', marks: '', askedIn: [] });
  });
});
