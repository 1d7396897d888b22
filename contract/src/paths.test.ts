import { describe, expect, it } from '@jest/globals';
import {
  downloadPath,
  normaliseSemester,
  normaliseYear,
  subjectPath,
  unauthorizedLoginPath,
  yearOfSemester,
  yearPath,
  type DownloadTarget,
  type YearNumber,
} from './paths';

/** Every spelling in use for each year (product §2 route keys, §9 upload-form labels, lower-case guard paths). */
const YEAR_SPELLINGS: readonly [YearNumber, readonly (string | number)[]][] = [
  [1, ['FirstYear', 'First_Year', 'First Year', 'firstyear', 'FIRST-YEAR', ' first year ', '1', 1]],
  [2, ['SecondYear', 'Second_Year', 'Second Year', 'secondyear', 'SECOND-YEAR', ' second year ', '2', 2]],
  [3, ['ThirdYear', 'Third_Year', 'Third Year', 'thirdyear', 'THIRD-YEAR', ' third year ', '3', 3]],
  [4, ['FourthYear', 'Fourth_Year', 'Fourth Year', 'fourthyear', 'FOURTH-YEAR', ' fourth year ', '4', 4]],
];

const yearCases = YEAR_SPELLINGS.flatMap(([year, spellings]) =>
  spellings.map((input) => [input, year] as const),
);

describe('normaliseYear', () => {
  it.each(yearCases)('reads %p as year %p', (input, year) => {
    expect(normaliseYear(input)).toBe(year);
  });

  it.each([
    'FifthYear',
    'Fifth Year',
    '0',
    '5',
    0,
    5,
    -1,
    1.5,
    '',
    '   ',
    'Year3',
    'Year 3',
    'ThirdYearX',
    'third years',
    '3rd Year',
    'three',
    'ThirdSemester',
  ])('rejects %p', (input) => {
    expect(normaliseYear(input)).toBeNull();
  });
});

describe('normaliseSemester', () => {
  const semesters = [1, 2, 3, 4, 5, 6, 7, 8] as const;
  const semesterCases = semesters.flatMap((n) =>
    [`Semester_${n}`, `Semester ${n}`, `semester${n}`, `SEM-${n}`, `${n}`, n].map(
      (input) => [input, n] as const,
    ),
  );

  it.each(semesterCases)('reads %p as semester %p', (input, semester) => {
    expect(normaliseSemester(input)).toBe(semester);
  });

  it.each([
    9,
    0,
    '9',
    '0',
    'Semester_0',
    'Semester_9',
    'Semester 10',
    '10',
    'abc',
    '',
    'Semester',
    'Semester_5a',
    5.5,
    -5,
  ])('rejects %p', (input) => {
    expect(normaliseSemester(input)).toBeNull();
  });
});

describe('downloadPath', () => {
  const CANONICAL = '/api/download/CSE/Third_Year/Semester_5/CS-501/1';
  const base: DownloadTarget = {
    branch: 'CSE',
    year: 'ThirdYear',
    semester: '5',
    subjectCode: 'CS-501',
    unitNumber: 1,
  };

  it.each(YEAR_SPELLINGS.find(([year]) => year === 3)![1])(
    'gives the canonical link for year spelling %p',
    (year) => {
      expect(downloadPath({ ...base, year })).toBe(CANONICAL);
    },
  );

  it.each(['5', 5, 'Semester_5', 'Semester 5', 'semester5'])(
    'gives the canonical link for semester %p',
    (semester) => {
      expect(downloadPath({ ...base, semester })).toBe(CANONICAL);
    },
  );

  it.each([
    [1, 'First_Year', 1],
    [2, 'Second_Year', 4],
    [4, 'Fourth_Year', 8],
  ] as const)('writes year %p as %s', (year, label, semester) => {
    expect(downloadPath({ ...base, year, semester })).toBe(
      `/api/download/CSE/${label}/Semester_${semester}/CS-501/1`,
    );
  });

  it('turns spaces in the branch into underscores', () => {
    expect(downloadPath({ ...base, branch: 'Computer Science  Engineering' })).toBe(
      '/api/download/Computer_Science_Engineering/Third_Year/Semester_5/CS-501/1',
    );
  });

  it('trims the branch and the subject code', () => {
    expect(downloadPath({ ...base, branch: ' CSE ', subjectCode: ' CS-501 ' })).toBe(CANONICAL);
  });

  it('keeps parentheses of elective codes', () => {
    expect(downloadPath({ ...base, subjectCode: 'CS-503(A)', unitNumber: 3 })).toBe(
      '/api/download/CSE/Third_Year/Semester_5/CS-503(A)/3',
    );
  });

  it('uses the unit number as the last segment', () => {
    expect(downloadPath({ ...base, unitNumber: 7 })).toBe('/api/download/CSE/Third_Year/Semester_5/CS-501/7');
  });

  it.each(['FifthYear', 'Year3', '', 0])('throws for the unknown year %p', (year) => {
    expect(() => downloadPath({ ...base, year })).toThrow(/Unknown year/);
  });

  it.each(['Semester_0', '9', 'abc', 9])('throws for the unknown semester %p', (semester) => {
    expect(() => downloadPath({ ...base, semester })).toThrow(/Unknown semester/);
  });

  it.each([0, -1, 1.5, Number.NaN])('throws for the unit number %p', (unitNumber) => {
    expect(() => downloadPath({ ...base, unitNumber })).toThrow(/Unit number must be a positive integer/);
  });
});

describe('route helpers', () => {
  it.each([
    [1, '/notes/FirstYear'],
    [2, '/notes/SecondYear'],
    [3, '/notes/ThirdYear'],
    [4, '/notes/FourthYear'],
  ] as const)('yearPath(%p) is %s', (year, path) => {
    expect(yearPath(year)).toBe(path);
  });

  it.each([
    [1, 1],
    [2, 1],
    [3, 2],
    [4, 2],
    [5, 3],
    [6, 3],
    [7, 4],
    [8, 4],
  ] as const)('semester %p belongs to year %p', (semester, year) => {
    expect(yearOfSemester(semester)).toBe(year);
  });

  it('encodes subject codes into the subject path', () => {
    expect(subjectPath('CS-501')).toBe('/notes/CS-501');
    expect(subjectPath('CS-503(A)')).toBe('/notes/CS-503(A)');
    expect(subjectPath('A B')).toBe('/notes/A%20B');
  });

  it('builds the unauthorized login redirect', () => {
    expect(unauthorizedLoginPath(1700000000000)).toBe('/login?reason=unauthorized&t=1700000000000');
  });
});
