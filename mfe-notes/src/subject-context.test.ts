import { describe, expect, it } from '@jest/globals';
import { yearInfo } from '@studyhub/contract';
import { readSubjectContext, subjectContext } from './subject-context';

describe('subjectContext', () => {
  it.each([1, 2, 3, 4] as const)('carries branch CSE and the year key for year %p', (year) => {
    const info = yearInfo(year);
    expect(subjectContext(info, String(info.semesters[0]))).toEqual({
      branch: 'CSE',
      year: info.key,
      semester: String(info.semesters[0]),
    });
  });
});

describe('readSubjectContext', () => {
  it('reads a context written by subjectContext', () => {
    expect(readSubjectContext({ branch: 'CSE', year: 'ThirdYear', semester: '5' })).toEqual({
      branch: 'CSE',
      year: 'ThirdYear',
      semester: '5',
      yearInfo: yearInfo(3),
    });
  });

  it('understands other spellings of the year', () => {
    expect(
      readSubjectContext({ branch: 'CSE', year: 'Third Year', semester: 'Semester_5' })?.yearInfo.number,
    ).toBe(3);
  });

  it.each([
    undefined,
    null,
    'ThirdYear',
    {},
    { branch: 'CSE', year: 'ThirdYear' },
    { branch: 'CSE', year: 3, semester: '5' },
    { branch: 'CSE', year: 'ThirdYear', semester: 5 },
    { branch: 1, year: 'ThirdYear', semester: '5' },
    { branch: 'CSE', year: 'FifthYear', semester: '5' },
    { branch: 'CSE', year: 'ThirdYear', semester: 'Semester_9' },
  ])('rejects %p', (state) => {
    expect(readSubjectContext(state)).toBeNull();
  });
});
