/**
 * The one HTTP client every area uses (architecture §2): same-origin by default, bearer token from the session,
 * and one way to turn a failure into the text the UI shows.
 */
import axios, { isAxiosError, type AxiosRequestConfig } from 'axios';
import { MESSAGES } from '@studyhub/contract';
import { storedToken } from '../session/session-store';

/** Set at build time by STUDYHUB_API_URL; empty means the page's own origin, which serves /api (architecture §5). */
export const API_BASE_URL = __STUDYHUB_API_URL__;

export const apiClient = axios.create({ baseURL: API_BASE_URL });

apiClient.interceptors.request.use((config) => {
  const token = storedToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

/**
 * A reply schema of the contract (`@studyhub/contract/schemas`); typed structurally, so this module, part of the
 * page's first load, never imports zod.
 */
export interface ReplySchema<T> {
  safeParse(
    data: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/**
 * What a typed call checks its reply with: `__STUDYHUB_CHECK_REPLIES__ && schema` at the call site. Development
 * and test builds parse every reply with the schema, so a reply the contract does not allow fails there; production
 * builds read `false && schema`, which webpack drops with the schema's import, so no zod comes to the page and no
 * time goes to checking (decision 022). The reply's type comes from the schema either way.
 */
export type ReplyCheck<T> = ReplySchema<T> | false;

/** The reply's data, parsed when the build checks replies; a reply that breaks its schema throws, naming where. */
function checkedReply<T>(call: string, check: ReplyCheck<T>, data: unknown): T {
  // A constant in every build: production bundles keep only this line.
  if (!__STUDYHUB_CHECK_REPLIES__ || check === false) return data as T;
  const result = check.safeParse(data);
  if (result.success) return result.data;
  const problems = result.error.issues.map(
    (issue) => `${issue.path.join('.') || '(reply)'}: ${issue.message}`,
  );
  throw new Error(`${call}: the reply breaks its schema (${problems.join('; ')})`);
}

/** GET, typed and (in development and test builds) checked by the reply's schema. */
export async function apiGet<T>(url: string, reply: ReplyCheck<T>, config?: AxiosRequestConfig): Promise<T> {
  return checkedReply(`GET ${url}`, reply, (await apiClient.get<unknown>(url, config)).data);
}

export async function apiPost<T>(
  url: string,
  body: unknown,
  reply: ReplyCheck<T>,
  config?: AxiosRequestConfig,
): Promise<T> {
  return checkedReply(`POST ${url}`, reply, (await apiClient.post<unknown>(url, body, config)).data);
}

export async function apiPut<T>(
  url: string,
  body: unknown,
  reply: ReplyCheck<T>,
  config?: AxiosRequestConfig,
): Promise<T> {
  return checkedReply(`PUT ${url}`, reply, (await apiClient.put<unknown>(url, body, config)).data);
}

export async function apiDelete<T>(
  url: string,
  reply: ReplyCheck<T>,
  config?: AxiosRequestConfig,
): Promise<T> {
  return checkedReply(`DELETE ${url}`, reply, (await apiClient.delete<unknown>(url, config)).data);
}

/**
 * A call that got no reply because the browser has no network (decision 037): not the server's fault nor the
 * request's, so it is worded apart and asked again when the connection returns.
 */
export function isOfflineFailure(error: unknown): boolean {
  return isAxiosError(error) && !error.response && !navigator.onLine;
}

/**
 * The server's `{ message }` when it sent one, that the visitor is offline when that is why there was no reply,
 * otherwise the caller's SPEC fallback text.
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (isOfflineFailure(error)) return MESSAGES.offline;
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
