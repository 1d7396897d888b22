import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createVerifiedUser, loginUser, newUser } from './support/accounts';
import { buildTestApp, GOOGLE_CLIENT_ID, type TestApp } from './support/apps';
import { type ApiReply, request } from './support/requests';

const TOO_MANY = { message: 'Too many requests. Please try again later.' };

let t: TestApp;
let token: string;

beforeAll(async () => {
  // The real limits (factor 1); Google is configured so its route does real work too.
  t = await buildTestApp({ rateLimitFactor: 1, googleClientId: GOOGLE_CLIENT_ID });
  token = await loginUser(t, await createVerifiedUser(t));
});
afterAll(async () => {
  await t.close();
});

/** A page read of a file that is no longer there: skipped, as a late write from a phone may be. */
const PROGRESS_ENTRY = {
  kind: 'note',
  fileId: '00000000-0000-4000-8000-000000000000',
  page: 1,
  pages: 2,
  readAt: new Date().toISOString(),
};

/** Route, requests allowed per minute and address, and a realistic request. */
const LIMITED: [string, number, (remoteAddress: string) => Promise<ApiReply>][] = [
  [
    'login',
    10,
    (remoteAddress) =>
      t.post('/api/auth/login', { email: newUser().email, password: 'wrong password' }, { remoteAddress }),
  ],
  ['register', 5, (remoteAddress) => t.post('/api/auth/register', newUser(), { remoteAddress })],
  [
    'verify-otp',
    10,
    (remoteAddress) =>
      t.post('/api/auth/verify-otp', { email: newUser().email, otp: '123456' }, { remoteAddress }),
  ],
  [
    'resend-otp',
    5,
    (remoteAddress) => t.post('/api/auth/resend-otp', { email: newUser().email }, { remoteAddress }),
  ],
  [
    'forgot-password',
    5,
    (remoteAddress) => t.post('/api/auth/forgot-password', { email: newUser().email }, { remoteAddress }),
  ],
  [
    'reset-password',
    10,
    (remoteAddress) =>
      t.post(`/api/auth/reset-password/${'A'.repeat(43)}`, { password: 'a new password' }, { remoteAddress }),
  ],
  [
    'contact',
    5,
    (remoteAddress) => t.post('/api/contact', { message: 'Hello there' }, { token, remoteAddress }),
  ],
  [
    'google',
    10,
    (remoteAddress) => t.post('/api/auth/google', { credential: 'not-a-jwt' }, { remoteAddress }),
  ],
  ['search', 120, (remoteAddress) => t.get('/api/search?q=dijkstra', { token, remoteAddress })],
  [
    'progress',
    600,
    (remoteAddress) =>
      request(t.app, 'PUT', '/api/progress', { entries: [PROGRESS_ENTRY] }, { token, remoteAddress }),
  ],
  [
    'semester, bookmarks and follows',
    120,
    (remoteAddress) => request(t.app, 'PUT', '/api/me/semester', { semester: 5 }, { token, remoteAddress }),
  ],
  [
    'unfollow link',
    60,
    (remoteAddress) => t.post('/api/follows/unfollow?token=1~a~CS-501~b', undefined, { remoteAddress }),
  ],
];

describe('rate limits (docs/security.md item 29)', () => {
  it.each(LIMITED.map(([name, limit, send], index) => [name, limit, send, index] as const))(
    'item 29: %s answers 429 with Retry-After and { message } after %i requests a minute',
    async (_name, limit, send, index) => {
      const address = `10.29.0.${index + 1}`;
      const statuses: number[] = [];
      let limited: ApiReply | undefined;
      for (let i = 0; i < limit + 5 && !limited; i += 1) {
        const reply = await send(address);
        statuses.push(reply.status);
        if (reply.status === 429) limited = reply;
      }
      expect(statuses.slice(0, limit).every((status) => status !== 429)).toBe(true);
      expect(statuses).toHaveLength(limit + 1);
      expect(limited!.body).toEqual(TOO_MANY);
      const retryAfter = Number(limited!.headers['retry-after']);
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // Per address: another client is not affected.
      expect((await send(`10.29.1.${index + 1}`)).status).not.toBe(429);
    },
    30_000,
  );
});
