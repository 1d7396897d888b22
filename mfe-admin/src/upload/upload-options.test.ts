import { describe, expect, it } from '@jest/globals';
import { uploadQuery } from '@studyhub/contract/schemas';
import {
  semestersOf,
  subjectOptionLabel,
  subjectsFor,
  UPLOAD_BRANCHES,
  UPLOAD_YEARS,
  nextUnit,
  unitOptions,
} from './upload-options';

const codes = (branch: string, semester: number) => subjectsFor(branch, semester).map((s) => s.code);

describe('upload options', () => {
  it('offers product §9’s branches and years', () => {
    expect(UPLOAD_BRANCHES).toEqual(['CSE', 'ECE', 'ME', 'CE', 'EE']);
    expect(UPLOAD_YEARS).toEqual(['First Year', 'Second Year', 'Third Year', 'Fourth Year']);
  });

  it.each([
    ['First Year', [1, 2]],
    ['Second Year', [3, 4]],
    ['Third Year', [5, 6]],
    ['Fourth Year', [7, 8]],
    ['', []],
    ['Fifth Year', []],
  ])('%p has the semesters %p', (year, semesters) => {
    expect(semestersOf(year)).toEqual(semesters);
  });

  it('lists the catalog’s CSE subjects of a semester, leaving out codes the catalog does not name', () => {
    expect(codes('CSE', 5)).toEqual([
      'CS-501',
      'CS-502',
      'CS-503(A)',
      'CS-503(B)',
      'CS-503(C)',
      'CS-504(A)',
      'CS-504(B)',
      'CS-504(C)',
      'CS-505',
      'CS-506',
    ]);
    expect(codes('CSE', 3)).toEqual(['ES-301', 'CS-302', 'CS-303', 'CS-304', 'CS-305']);
  });

  it('offers each elective a student sees, not the group code: CS-406(A) to (D), not CS-406', () => {
    expect(codes('CSE', 4)).toEqual([
      'BT-401',
      'CS-402',
      'CS-403',
      'CS-404',
      'CS-405',
      'CS-406(A)',
      'CS-406(B)',
      'CS-406(C)',
      'CS-406(D)',
    ]);
  });

  it('leaves out subjects that list no units (they could never be browsed)', () => {
    expect(codes('CSE', 1)).not.toContain('BT-108');
    expect(codes('CSE', 1)).toContain('BT-107');
    expect(codes('CSE', 2)).not.toContain('BT-206');
  });

  it('gives CE only its codes the catalog names', () => {
    expect(codes('CE', 1)).toEqual(['BT-101', 'BT-102']);
    expect(codes('CE', 2)).toEqual(['BT-103']);
    expect(codes('CE', 3)).toEqual([]);
    expect(codes('CE', 4)).toEqual([]);
    expect(codes('CE', 5)).toEqual([]);
  });

  it.each(['ECE', 'ME', 'EE'])('%s has no subjects yet', (branch) => {
    for (let semester = 1; semester <= 8; semester += 1) expect(codes(branch, semester)).toEqual([]);
  });

  it('labels a subject "CODE — Name"', () => {
    expect(subjectOptionLabel(subjectsFor('CSE', 5)[0]!)).toBe('CS-501 — Theory of Computation');
  });

  it.each([
    ['CS-501', 5],
    ['CS-505', 6],
    ['CS-506', 1],
    ['CS-302', 7],
  ])('%s has %p units', (code, count) => {
    expect(unitOptions(code).map((option) => option.value)).toEqual(
      Array.from({ length: count }, (_, i) => `Unit ${i + 1}`),
    );
  });

  it('names each unit with its topic, and knows the next one', () => {
    expect(unitOptions('CS-501')[2]).toEqual({ value: 'Unit 3', label: 'Unit 3 — Grammars' });
    expect(nextUnit('CS-501', 'Unit 3')).toBe('Unit 4');
    expect(nextUnit('CS-501', 'Unit 5')).toBe('');
    expect(nextUnit('CS-999', 'Unit 1')).toBe('');
  });

  it('every choice the form can offer is one the server accepts', () => {
    for (const branch of UPLOAD_BRANCHES) {
      for (const year of UPLOAD_YEARS) {
        for (const semester of semestersOf(year)) {
          for (const subject of subjectsFor(branch, semester)) {
            for (const { value: unit } of unitOptions(subject.code)) {
              const query = { branch, year, semester: `Semester ${semester}`, subject: subject.code, unit };
              expect(uploadQuery.safeParse(query).success).toBe(true);
            }
          }
        }
      }
    }
  });
});
