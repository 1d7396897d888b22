import { describe, expect, it } from '@jest/globals';
import { passwordStrength } from './password-strength';

describe('passwordStrength', () => {
  it.each([
    [0, 'Weak'],
    [7, 'Weak'],
    [8, 'Medium'],
    [11, 'Medium'],
    [12, 'Strong'],
    [15, 'Strong'],
    [16, 'Very Strong'],
    [64, 'Very Strong'],
  ])('%i characters: %s', (length, label) => {
    expect(passwordStrength('x'.repeat(length))).toBe(label);
  });
});
