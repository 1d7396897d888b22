import { describe, expect, it } from '@jest/globals';
import { DEFAULT_FILTERS, GRADING_OPTIONS, toQuery } from './filters';
import { SYLLABUS_SEMESTERS } from '@studyhub/contract';
import { semesterLabel } from './components/semester-tiles';

describe('syllabus filters', () => {
  it('defaults to Syllabus, B.Tech, Semester, Grading (product §9)', () => {
    expect(toQuery(DEFAULT_FILTERS)).toEqual({
      program: 'B.Tech',
      system: 'Semester',
      grading: 'Grading',
      uploadType: 'Syllabus',
    });
  });

  it('stores "Grading System" as "Grading" and every other grading as shown', () => {
    expect(GRADING_OPTIONS[0]).toEqual({ value: 'Grading', label: 'Grading System' });
    for (const option of GRADING_OPTIONS.slice(1)) expect(option.value).toBe(option.label);
  });
});

describe('semester tiles', () => {
  it('has eight slots labelled in Roman numerals with an en dash', () => {
    expect(SYLLABUS_SEMESTERS.map(semesterLabel)).toEqual([
      'I – SEM',
      'II – SEM',
      'III – SEM',
      'IV – SEM',
      'V – SEM',
      'VI – SEM',
      'VII – SEM',
      'VIII – SEM',
    ]);
  });
});
