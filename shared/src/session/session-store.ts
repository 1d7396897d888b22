/**
 * The browser session of product §3–§4: `user` and `token` in localStorage; the token is decoded only to read `exp`.
 */
import { jwtDecode } from 'jwt-decode';
import { STORAGE_KEYS } from '@studyhub/contract';

export interface SessionUser {
  _id?: string;
  name: string;
  email?: string;
  role: string;
  isGoogle?: boolean;
}

/** A token is expired when `exp` is past, missing, or the token cannot be decoded at all (product §5, §8). */
export function isTokenExpired(token: unknown, now: number = Date.now()): boolean {
  return tokenExpiresAt(token) <= now;
}

/** Milliseconds since the epoch at which the token stops being valid; 0 for an unreadable token. */
export function tokenExpiresAt(token: unknown): number {
  if (typeof token !== 'string') return 0;
  try {
    const { exp } = jwtDecode(token);
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : 0;
  } catch {
    return 0;
  }
}

export type StoredSession =
  | { kind: 'none' }
  | { kind: 'expired' }
  | { kind: 'unreadable-user'; error: unknown }
  | { kind: 'valid'; user: SessionUser; token: string };

function parseUser(text: string): SessionUser {
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null) throw new Error('Stored user is not an object');
  const { name, role } = value as Record<string, unknown>;
  if (typeof name !== 'string' || typeof role !== 'string') throw new Error('Stored user lacks name or role');
  return value as SessionUser;
}

/** What start-up finds in storage (product §4 "Session"). Only a stored user and token together make a session. */
export function readStoredSession(storage: Storage = localStorage, now: number = Date.now()): StoredSession {
  const userText = storage.getItem(STORAGE_KEYS.user);
  const token = storage.getItem(STORAGE_KEYS.token);
  if (userText === null || token === null) return { kind: 'none' };
  if (isTokenExpired(token, now)) return { kind: 'expired' };
  try {
    return { kind: 'valid', user: parseUser(userText), token };
  } catch (error) {
    return { kind: 'unreadable-user', error };
  }
}

export function writeStoredSession(user: SessionUser, token: string, storage: Storage = localStorage): void {
  storage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  storage.setItem(STORAGE_KEYS.token, token);
}

export function clearStoredSession(storage: Storage = localStorage): void {
  storage.removeItem(STORAGE_KEYS.user);
  storage.removeItem(STORAGE_KEYS.token);
}

/** product §8's admin session check removes the stored token only; the session ends when it moves on. */
export function removeStoredToken(storage: Storage = localStorage): void {
  storage.removeItem(STORAGE_KEYS.token);
}

/** The token the API client sends; read from storage so every area sees the same one. */
export function storedToken(storage: Storage = localStorage): string | null {
  return storage.getItem(STORAGE_KEYS.token);
}

/** Role comparison of product §6: admin-only routes ignore case; the admin home wants exactly `admin`. */
export function isAdmin(user: SessionUser | null, options: { exact?: boolean } = {}): boolean {
  if (!user) return false;
  return options.exact ? user.role === 'admin' : user.role.toLowerCase() === 'admin';
}
