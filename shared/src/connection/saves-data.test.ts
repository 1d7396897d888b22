import { describe, expect, it } from '@jest/globals';
import { savesData } from './saves-data';

describe('savesData', () => {
  it.each([
    [{ saveData: true, effectiveType: '4g' }, true],
    [{ effectiveType: '2g' }, true],
    [{ effectiveType: 'slow-2g' }, true],
    [{ effectiveType: '3g' }, false],
    [{ saveData: false, effectiveType: '4g' }, false],
    [undefined, false],
  ])('%j → %s', (connection, expected) => {
    expect(savesData(connection)).toBe(expected);
  });
});
