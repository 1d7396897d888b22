import { beforeEach, describe, expect, it } from '@jest/globals';
import { makeToken, STUDENT, tokenExpiringIn } from '../testing';
import {
  clearStoredSession,
  isAdmin,
  isTokenExpired,
  readStoredSession,
  storedToken,
  tokenExpiresAt,
  writeStoredSession,
  type SessionUser,
} from './session-store';

const NOW = Date.UTC(2025, 4, 9, 12, 0, 0);
const NOW_SECONDS = NOW / 1000;

function base64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

beforeEach(() => localStorage.clear());

describe('isTokenExpired', () => {
  it('is false for a token whose exp is in the future', () => {
    expect(isTokenExpired(makeToken({ exp: NOW_SECONDS + 60 }), NOW)).toBe(false);
  });

  it('is true for a token whose exp is in the past', () => {
    expect(isTokenExpired(makeToken({ exp: NOW_SECONDS - 1 }), NOW)).toBe(true);
  });

  it('is true at the very moment of exp', () => {
    expect(isTokenExpired(makeToken({ exp: NOW_SECONDS }), NOW)).toBe(true);
  });

  it('uses the current time by default', () => {
    expect(isTokenExpired(tokenExpiringIn(60))).toBe(false);
    expect(isTokenExpired(tokenExpiringIn(-60))).toBe(true);
  });

  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  it.each([
    ['a token without exp', makeToken({ sub: 'user-1' })],
    ['a non-numeric exp', makeToken({ exp: String(NOW_SECONDS + 60) })],
    ['a number instead of a string', 12345],
    ['null', null],
    ['undefined', undefined],
    ['an object', { exp: NOW_SECONDS + 60 }],
    ['an empty string', ''],
    ['a token missing its payload part', header],
    ['a payload that is not base64', `${header}.%%%not-base64%%%.sig`],
    ['a payload that is not JSON', `${header}.${base64Url('{"exp": 1')}.sig`],
  ])('counts %s as expired', (_label, token) => {
    expect(isTokenExpired(token, NOW)).toBe(true);
  });
});

describe('tokenExpiresAt', () => {
  it('reads exp in milliseconds', () => {
    expect(tokenExpiresAt(makeToken({ exp: NOW_SECONDS + 90 }))).toBe(NOW + 90_000);
  });

  it('is 0 for an unreadable token', () => {
    expect(tokenExpiresAt('garbage')).toBe(0);
  });
});

describe('readStoredSession', () => {
  const validToken = makeToken({ exp: NOW_SECONDS + 3600 });

  it('finds nothing in empty storage', () => {
    expect(readStoredSession(localStorage, NOW)).toEqual({ kind: 'none' });
  });

  it('needs both keys: a user alone is no session', () => {
    localStorage.setItem('user', JSON.stringify(STUDENT));
    expect(readStoredSession(localStorage, NOW)).toEqual({ kind: 'none' });
  });

  it('needs both keys: a token alone is no session', () => {
    localStorage.setItem('token', validToken);
    expect(readStoredSession(localStorage, NOW)).toEqual({ kind: 'none' });
  });

  it('reports an expired token', () => {
    writeStoredSession(STUDENT, makeToken({ exp: NOW_SECONDS - 1 }));
    expect(readStoredSession(localStorage, NOW)).toEqual({ kind: 'expired' });
  });

  it('reports an undecodable token as expired', () => {
    localStorage.setItem('user', JSON.stringify(STUDENT));
    localStorage.setItem('token', 'not-a-jwt');
    expect(readStoredSession(localStorage, NOW)).toEqual({ kind: 'expired' });
  });

  it.each([
    ['not JSON', '{name:'],
    ['JSON null', 'null'],
    ['a JSON string', '"Asha"'],
    ['an object without a role', JSON.stringify({ name: 'Asha' })],
    ['an object without a name', JSON.stringify({ role: 'student' })],
  ])('reports a stored user that is %s as unreadable', (_label, userText) => {
    localStorage.setItem('user', userText);
    localStorage.setItem('token', validToken);
    const result = readStoredSession(localStorage, NOW);
    expect(result.kind).toBe('unreadable-user');
    expect(result).toHaveProperty('error');
  });

  it('returns the user and token of a valid session', () => {
    writeStoredSession(STUDENT, validToken);
    expect(readStoredSession(localStorage, NOW)).toEqual({ kind: 'valid', user: STUDENT, token: validToken });
  });
});

describe('writeStoredSession / clearStoredSession / storedToken', () => {
  it('stores the user as JSON under "user" and the token under "token"', () => {
    writeStoredSession(STUDENT, 'tok');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(STUDENT);
    expect(localStorage.getItem('token')).toBe('tok');
    expect(storedToken()).toBe('tok');
  });

  it('clears both keys and leaves others alone', () => {
    writeStoredSession(STUDENT, 'tok');
    localStorage.setItem('theme', 'light');
    clearStoredSession();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(storedToken()).toBeNull();
    expect(localStorage.getItem('theme')).toBe('light');
  });
});

describe('isAdmin', () => {
  const withRole = (role: string): SessionUser => ({ name: 'Someone', role });

  it.each([
    ['admin', true],
    ['Admin', true],
    ['ADMIN', true],
    ['student', false],
    ['teacher', false],
    ['administrator', false],
    ['', false],
  ])('ignores case by default: role %p → %p', (role, expected) => {
    expect(isAdmin(withRole(role))).toBe(expected);
  });

  it.each([
    ['admin', true],
    ['Admin', false],
    ['ADMIN', false],
    ['student', false],
  ])('wants exactly "admin" when exact: role %p → %p', (role, expected) => {
    expect(isAdmin(withRole(role), { exact: true })).toBe(expected);
  });

  it('is false without a user', () => {
    expect(isAdmin(null)).toBe(false);
    expect(isAdmin(null, { exact: true })).toBe(false);
  });
});
