import { describe, expect, it } from '@jest/globals';
import { ADMIN, STUDENT, TEACHER } from '@studyhub/shared/testing';
import { preloadableAreas } from './area-preloader';

describe('preloadableAreas (decision 014)', () => {
  it('warms only sign-in for an anonymous visitor', () => {
    expect(preloadableAreas(null)).toEqual(['auth']);
  });

  it('warms the student areas for a student, never the admin area', () => {
    expect(preloadableAreas(STUDENT).sort()).toEqual(['notes', 'syllabus']);
  });

  it('warms the admin area for a teacher, whose uploads live there (decision 026)', () => {
    expect(preloadableAreas(TEACHER).sort()).toEqual(['admin', 'notes', 'syllabus']);
  });

  it('warms every area an admin can open, but not sign-in', () => {
    expect(preloadableAreas(ADMIN).sort()).toEqual(['admin', 'notes', 'syllabus']);
  });
});
