import { describe, expect, it } from '@jest/globals';
import { downloadPath, normaliseSemester, normaliseYear } from './paths';

describe('normaliseYear', () => {
  it.each(['ThirdYear', 'Third_Year', 'Third Year', 'thirdyear', 'THIRD-YEAR', '3', 3])('reads %p as year 3', (input) => {
    expect(normaliseYear(input)).toBe(3);
  });
});
describe('normaliseSemester', () => {
  it.each(['Semester_5', 'Semester 5', '5', 5])('reads %p as 5', (input) => {
    expect(normaliseSemester(input)).toBe(5);
  });
});
describe('downloadPath', () => {
  it('builds', () => {
    expect(downloadPath({ branch: 'CSE', year: 'ThirdYear', semester: '5', subjectCode: 'CS-501', unitNumber: 1 })).toBe(
      '/api/download/CSE/Third_Year/Semester_5/CS-501/1',
    );
  });
});
