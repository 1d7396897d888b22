import { describe, expect, it } from '@jest/globals';
import type { SemesterNumber, YearNumber } from '../paths';
import {
  BRANCHES,
  findSubject,
  SUBJECTS,
  subjectUnits,
  uploadSubjects,
  yearSubjects,
  type Subject,
} from './index';

const codesOf = (subjects: readonly Subject[]) => subjects.map((subject) => subject.code);
const inSemester = (year: YearNumber, semester: SemesterNumber) =>
  codesOf(yearSubjects(year).filter((subject) => subject.semester === semester));
const electives = (base: string, letters: string) => [...letters].map((letter) => `${base}(${letter})`);

describe('year lists (product §3)', () => {
  it('first year has 14 subjects: BT-101..BT-108 in semester 1 and BT-201..BT-206 in semester 2', () => {
    expect(yearSubjects(1)).toHaveLength(14);
    expect(inSemester(1, 1)).toEqual([
      'BT-101',
      'BT-102',
      'BT-103',
      'BT-104',
      'BT-105',
      'BT-106',
      'BT-107',
      'BT-108',
    ]);
    expect(inSemester(1, 2)).toEqual(['BT-201', 'BT-202', 'BT-203', 'BT-204', 'BT-205', 'BT-206']);
  });

  it('second year semester 3 has ES-301 and CS-302..CS-305', () => {
    expect(inSemester(2, 3)).toEqual(['ES-301', 'CS-302', 'CS-303', 'CS-304', 'CS-305']);
  });

  it('second year semester 4 has BT-401, CS-402..CS-405 and CS-406(A..C), but not CS-406(D)', () => {
    expect(inSemester(2, 4)).toEqual([
      'BT-401',
      'CS-402',
      'CS-403',
      'CS-404',
      'CS-405',
      ...electives('CS-406', 'ABC'),
    ]);
    expect(yearSubjects(2)).toHaveLength(13);
  });

  it('CS-406(D) MATLAB has unit detail but no card', () => {
    const matlab = findSubject('CS-406(D)');
    expect(matlab).toBeDefined();
    expect(matlab?.name).toMatch(/MATLAB/);
    expect(matlab?.inYearList).toBe(false);
    expect(matlab?.units.length).toBeGreaterThan(0);
    expect(codesOf(yearSubjects(2))).not.toContain('CS-406(D)');
  });

  it('the semester 4 electives are Java, Dot Net and Python', () => {
    expect(findSubject('CS-406(A)')?.name).toMatch(/JAVA/i);
    expect(findSubject('CS-406(B)')?.name).toMatch(/Dot Net/);
    expect(findSubject('CS-406(C)')?.name).toMatch(/Python/);
  });

  it('third year semester 5 has 10 cards', () => {
    expect(inSemester(3, 5)).toEqual([
      'CS-501',
      'CS-502',
      ...electives('CS-503', 'ABC'),
      ...electives('CS-504', 'ABC'),
      'CS-505',
      'CS-506',
    ]);
  });

  it('third year semester 6 has 10 cards', () => {
    expect(inSemester(3, 6)).toEqual([
      'CS-601',
      'CS-602',
      ...electives('CS-603', 'ABC'),
      ...electives('CS-604', 'ABC'),
      'CS-605',
      'CS-606',
    ]);
    expect(yearSubjects(3)).toHaveLength(20);
  });

  it('fourth year has 18 subjects across semesters 7 and 8', () => {
    expect(yearSubjects(4)).toHaveLength(18);
    expect(inSemester(4, 7)).toEqual([
      'CS-701',
      ...electives('CS-702', 'ABCD'),
      ...electives('CS-703', 'ABCD'),
    ]);
    expect(inSemester(4, 8)).toEqual([
      'CS-801',
      ...electives('CS-802', 'ABCD'),
      ...electives('CS-803', 'ABCD'),
    ]);
  });

  it('fourth year starts at 800 to 950 downloads, updated "May 9, 2025"', () => {
    const downloads = yearSubjects(4).map((subject) => subject.seedDownloads);
    expect(Math.min(...downloads)).toBe(800);
    expect(Math.max(...downloads)).toBe(950);
    for (const subject of yearSubjects(4)) expect(subject.updated).toBe('May 9, 2025');
  });

  it.each([1, 2, 3, 4] as const)('year %p lists only its own semesters', (year) => {
    const semesters = new Set(yearSubjects(year).map((subject) => subject.semester));
    expect([...semesters].sort((a, b) => a - b)).toEqual([year * 2 - 1, year * 2]);
    for (const subject of yearSubjects(year)) expect(subject.year).toBe(year);
  });

  it('every year-list subject has a name, a non-empty description, a date and a seeded count', () => {
    const listed = SUBJECTS.filter((subject) => subject.inYearList);
    expect(listed).toHaveLength(14 + 13 + 20 + 18);
    for (const subject of listed) {
      expect(subject.name.trim()).not.toBe('');
      expect(subject.description.trim()).not.toBe('');
      expect(subject.updated).not.toBe('');
      expect(subject.seedDownloads).toBeGreaterThan(0);
    }
  });

  it('subject codes are unique', () => {
    expect(new Set(codesOf(SUBJECTS)).size).toBe(SUBJECTS.length);
  });
});

describe('findSubject', () => {
  it.each(['CS-501', 'cs-501', 'Cs-501', ' CS-501 '])('finds CS-501 as %p', (code) => {
    expect(findSubject(code)?.name).toBe('Theory of Computation');
  });

  it('finds elective codes ignoring case', () => {
    expect(findSubject('cs-503(a)')?.code).toBe('CS-503(A)');
  });

  it.each(['CS-999', '', 'CS-503', 'CS-501X'])('finds nothing for %p', (code) => {
    expect(findSubject(code)).toBeUndefined();
  });

  it.each([
    ['BT-101', 'Engineering Chemistry'],
    ['BT-102', 'Mathematics-I'],
    ['BT-103', 'English for Communication'],
    ['BT-105', 'Engineering Graphics'],
  ])('%s is %s', (code, name) => {
    expect(findSubject(code)?.name).toBe(name);
  });
});

describe('subjectUnits', () => {
  it('numbers units 1..n with their topics as descriptions', () => {
    const subject = findSubject('CS-501')!;
    const units = subjectUnits(subject);
    expect(units.map((unit) => unit.number)).toEqual([1, 2, 3, 4, 5]);
    expect(units.map((unit) => unit.title)).toEqual(['Unit 1', 'Unit 2', 'Unit 3', 'Unit 4', 'Unit 5']);
    expect(units.map((unit) => unit.description)).toEqual(subject.units);
  });

  it('every subject has 0 to 7 units, numbered from 1 without gaps', () => {
    for (const subject of SUBJECTS) {
      const units = subjectUnits(subject);
      expect(units.length).toBeGreaterThanOrEqual(0);
      expect(units.length).toBeLessThanOrEqual(7);
      expect(units.map((unit) => unit.number)).toEqual(units.map((_unit, index) => index + 1));
      for (const unit of units) expect(unit.description.trim()).not.toBe('');
    }
  });

  it('subjects with unit detail have 1 to 7 units; BT-108 and BT-206 have none', () => {
    expect(subjectUnits(findSubject('BT-108')!)).toEqual([]);
    expect(subjectUnits(findSubject('BT-206')!)).toEqual([]);
    const detailed = SUBJECTS.filter((subject) => !['BT-108', 'BT-206'].includes(subject.code));
    for (const subject of detailed) expect(subject.units.length).toBeGreaterThanOrEqual(1);
    expect(Math.max(...SUBJECTS.map((subject) => subject.units.length))).toBe(7);
  });
});

describe('BRANCHES', () => {
  it('only Computer Science is available', () => {
    expect(BRANCHES.map((branch) => [branch.code, branch.name, branch.available])).toEqual([
      ['cse', 'Computer Science', true],
      ['me', 'Mechanical', false],
      ['ce', 'Civil', false],
      ['ee', 'Electrical', false],
    ]);
  });
});

describe('uploadSubjects: every subject a student can open can get notes', () => {
  it('offers each catalog subject with units in its own semester of the notes branch', () => {
    for (const subject of SUBJECTS.filter((candidate) => candidate.units.length > 0)) {
      expect(codesOf(uploadSubjects('CSE', subject.semester))).toContain(subject.code);
    }
  });

  it('reads a group code as its lettered electives: CS-406 is CS-406(A) to (D)', () => {
    const semester4 = codesOf(uploadSubjects('CSE', 4));
    expect(semester4).toEqual(expect.arrayContaining(electives('CS-406', 'ABCD')));
    expect(semester4).not.toContain('CS-406');
  });

  it('has nothing for an unknown branch or semester', () => {
    expect(uploadSubjects('XYZ', 4)).toEqual([]);
    expect(uploadSubjects('CSE', 9)).toEqual([]);
  });
});
