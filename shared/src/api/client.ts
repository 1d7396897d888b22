/**
 * The one HTTP client every area uses (architecture §2): same-origin by default, bearer token from the session,
 * and one way to turn a failure into the text the UI shows.
 */
import axios, { isAxiosError } from 'axios';
import { storedToken } from '../session/session-store';

/** Set at build time by STUDYHUB_API_URL; empty means the page's own origin, which serves /api (architecture §5). */
export const API_BASE_URL = __STUDYHUB_API_URL__;

export const apiClient = axios.create({ baseURL: API_BASE_URL });

apiClient.interceptors.request.use((config) => {
  const token = storedToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

/** The server's `{ message }` when it sent one, otherwise the caller's SPEC fallback text. */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (isAxiosError<{ message?: unknown }>(error)) {
    const message = error.response?.data?.message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return fallback;
}

/** The status and body of a failed call's reply; null when there was no reply (offline, timeout, a bug). */
export function apiErrorReply(error: unknown): { status: number; data: unknown } | null {
  if (!isAxiosError(error) || !error.response) return null;
  return { status: error.response.status, data: error.response.data };
}
