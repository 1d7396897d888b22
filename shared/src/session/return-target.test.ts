import { describe, expect, it } from '@jest/globals';
import {
  carriedReturnState,
  loginStateReturningTo,
  MAX_RETURN_PATH_LENGTH,
  returnTargetFrom,
  safeReturnPath,
} from './return-target';

describe('safeReturnPath', () => {
  it.each([
    ['/syllabus', '/syllabus'],
    ['/contact-us', '/contact-us'],
    ['/notes/CS-603(C)', '/notes/CS-603(C)'],
    ['/notes/CS-603%28C%29', '/notes/CS-603%28C%29'],
    ['/syllabus?program=MCA#top', '/syllabus?program=MCA#top'],
    ['/admin/users', '/admin/users'],
    ['/', '/'],
    // Normalised as the browser would: still a page of this site.
    ['/notes/../syllabus', '/syllabus'],
    ['/loginx', '/loginx'],
  ])('keeps the same-site path %p', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it.each([
    // Other sites, however spelled.
    '//evil.com',
    '///evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    '/\\/evil.com',
    'https://evil.com',
    'HTTPS://evil.com/notes',
    'http:evil.com',
    'evil.com',
    'notes',
    '  /syllabus',
    // Browsers drop tabs and newlines inside URLs: these would become //evil.com.
    '/\t/evil.com',
    '/\n/evil.com',
    '/\r/evil.com',
    '/ /evil.com',
    '/\u0000/evil.com',
    '/\u200b/evil.com',
    // Script URLs.
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    // Encoded variants.
    '%2F%2Fevil.com',
    '/%2F%2Fevil.com',
    '/%2fevil.com',
    '/%5Cevil.com',
    '/%5cevil.com',
    '/%09/evil.com',
    '/%0A/evil.com',
    'javascript%3Aalert(1)',
    '/%E0%A4%A', // malformed escape
    // Sign-in pages: a loop, or a replayed one-time link.
    '/login',
    '/LOGIN',
    '/login/',
    '/login?reason=unauthorized&t=1',
    '/register',
    '/verify-otp',
    '/forgot-password',
    '/reset-password/abc',
    '/./login',
    '/notes/../login',
    // Not text at all.
    '',
  ])('refuses %p', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it.each([undefined, null, 42, {}, ['/syllabus'], { path: '/syllabus' }])(
    'refuses the non-string %p',
    (value) => {
      expect(safeReturnPath(value)).toBeNull();
    },
  );

  it('refuses an over-long value, and accepts one at the limit', () => {
    const atLimit = `/notes/${'a'.repeat(MAX_RETURN_PATH_LENGTH - 7)}`;
    expect(atLimit).toHaveLength(MAX_RETURN_PATH_LENGTH);
    expect(safeReturnPath(atLimit)).toBe(atLimit);
    expect(safeReturnPath(`${atLimit}a`)).toBeNull();
    expect(safeReturnPath(`/${'/'.repeat(100_000)}evil.com`)).toBeNull();
  });
});

describe('returnTargetFrom', () => {
  const context = { branch: 'CSE', year: 'ThirdYear', semester: '6' };

  it('gives back the path and the state the page needs', () => {
    expect(returnTargetFrom(loginStateReturningTo('/notes/CS-603(C)', context))).toEqual({
      path: '/notes/CS-603(C)',
      state: context,
    });
    expect(returnTargetFrom(loginStateReturningTo('/syllabus'))).toEqual({ path: '/syllabus' });
    expect(returnTargetFrom(loginStateReturningTo('/syllabus', null))).toEqual({ path: '/syllabus' });
  });

  it.each([undefined, null, 'x', 1, {}, { returnTo: null }, { returnTo: '/syllabus' }, { returnTo: {} }])(
    'falls back to Home without a target (%p)',
    (state) => {
      expect(returnTargetFrom(state)).toEqual({ path: '/' });
    },
  );

  it.each(['//evil.com', 'javascript:alert(1)', '/login', 42])(
    'falls back to Home for the unsafe %p',
    (path) => {
      // The state of an unsafe target is dropped with it.
      expect(returnTargetFrom({ returnTo: { path, state: context } })).toEqual({ path: '/' });
    },
  );
});

describe('carriedReturnState', () => {
  it('hands a real target on, and nothing when there is none', () => {
    const state = loginStateReturningTo('/contact-us');
    expect(carriedReturnState({ ...state, email: 'a@b.c' })).toEqual(state);
    expect(carriedReturnState(undefined)).toBeUndefined();
    expect(carriedReturnState({ returnTo: { path: '//evil.com' } })).toBeUndefined();
  });
});
