import { describe, expect, it } from '@jest/globals';
import { ADMIN, STUDENT, TEACHER } from '@studyhub/shared/testing';
import { nextLikelyArea } from './area-preloader';

describe('nextLikelyArea (decisions 014 and 037)', () => {
  it('is sign-in for an anonymous visitor', () => {
    expect(nextLikelyArea(null)).toBe('auth');
  });

  it.each([
    ['student', STUDENT],
    ['teacher', TEACHER],
    ['admin', ADMIN],
  ])('is the notes for a signed-in %s', (_role, user) => {
    expect(nextLikelyArea(user)).toBe('notes');
  });
});
