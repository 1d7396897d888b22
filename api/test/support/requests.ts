/** Requests through inject, with docs/security.md item 19's headers checked on every API reply. */
import { expect } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { API_CONTENT_SECURITY_POLICY } from '../../src/plugins/security-headers';

export interface ApiReply {
  status: number;
  // Tests read whatever fields they expect; a wrong shape fails their assertions.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  headers: Record<string, string | string[] | number | undefined>;
}

export interface RequestOptions {
  token?: string;
  headers?: Record<string, string>;
  remoteAddress?: string;
  /** A raw payload (string or Buffer) instead of JSON. */
  raw?: string | Buffer;
}

/** docs/security.md items 19 and 45: what every response carries, the site's files and the downloads too. */
/** The site's security headers (docs/security.md item 45): its pages, its files, served note files. */
export function expectSiteHeaders(reply: { headers: ApiReply['headers'] }): void {
  expect(reply.headers['x-content-type-options']).toBe('nosniff');
  expect(reply.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(reply.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(reply.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  expect(reply.headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(String(reply.headers['permissions-policy'])).toMatch(/(^|, )camera=\(\)(,|$)/);
}

/** The API's security headers (decision 029), on every API reply, a bodiless 204 included. */
export function expectApiSecurityHeaders(reply: { headers: ApiReply['headers'] }): void {
  expect(reply.headers['x-content-type-options']).toBe('nosniff');
  expect(reply.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(reply.headers['x-frame-options']).toBe('DENY');
  expect(reply.headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY);
  expect(reply.headers['cross-origin-resource-policy']).toBe('same-origin');
}

/** The API's security headers and a JSON body, checked on every API response the suite sees. */
export function expectApiHeaders(reply: { headers: ApiReply['headers'] }): void {
  expectApiSecurityHeaders(reply);
  expect(String(reply.headers['content-type'])).toMatch(/^application\/json; charset=utf-8$/);
}

export async function request(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD',
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<ApiReply> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  let payload: string | Buffer | undefined;
  if (options.raw !== undefined) {
    payload = options.raw;
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers['content-type'] ??= 'application/json';
  }
  const reply = await app.inject({
    method,
    url,
    payload,
    headers,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  const result: ApiReply = {
    status: reply.statusCode,
    body: reply.body === '' ? undefined : JSON.parse(reply.body),
    headers: reply.headers,
  };
  // A 204 has no body, so no content type.
  if (url.startsWith('/api/') && method !== 'HEAD') {
    if (result.status === 204) expectApiSecurityHeaders(result);
    else expectApiHeaders(result);
  }
  // docs/security.md item 45: what a token was accepted for is never stored.
  if (options.token !== undefined && result.status < 300)
    expect(result.headers['cache-control']).toBe('no-store');
  return result;
}
