import { describe, expect, it } from '@jest/globals';
import { formatSize } from './sizes';

describe('formatSize', () => {
  it.each([
    [0, '1 KB'],
    [300, '1 KB'],
    [2048, '2 KB'],
    [850 * 1024, '850 KB'],
    [1024 * 1024, '1.0 MB'],
    [25 * 1024 * 1024, '25.0 MB'],
    [1.44 * 1024 * 1024, '1.4 MB'],
    [10 * 1024 * 1024 * 1024, '10.0 GB'],
  ])('%i bytes read as %s', (bytes, text) => {
    expect(formatSize(bytes)).toBe(text);
  });
});
