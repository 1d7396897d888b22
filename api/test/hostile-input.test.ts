/**
 * docs/security.md item 34: one request cannot freeze the server. Bodies of the anonymous auth routes and the
 * contact form are capped small (413 before the body is read), and hostile values in the routes that take large
 * bodies are refused in linear time, while the server keeps answering other requests.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BODY_LIMIT } from '../src/routes/route-limits';
import { createUserWithRole } from './support/accounts';
import { buildTestApp, type TestApp } from './support/apps';

const TOO_LARGE = { message: 'The request is too large.' };
/** What the review sent: an address of 60 KB that a backtracking pattern takes seconds over. */
const HOSTILE_EMAIL = `a@${'.'.repeat(60 * 1024)} `;
/**
 * A health answer slower than this means the server froze. A backtracking pattern takes seconds per hostile value;
 * a machine busy with other suites (CI runs them side by side on 2 cores) adds a few hundred milliseconds, and
 * 500 ms failed there once at 502 ms.
 */
const FROZEN_MS = 1500;

let t: TestApp;
let base: string;
let adminToken: string;
let studentToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  adminToken = (await createUserWithRole(t, 'admin')).token;
  studentToken = (await createUserWithRole(t, 'student')).token;
});
afterAll(async () => {
  await t.close();
});

async function post(path: string, body: unknown, token?: string, method = 'POST') {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

/** Polls /api/health while `work` runs and returns the slowest answer, in milliseconds. */
async function slowestHealthAnswerDuring(work: Promise<unknown>): Promise<number> {
  let done = false;
  let slowest = 0;
  const poller = (async () => {
    while (!done) {
      const started = performance.now();
      await fetch(`${base}/api/health`).then((response) => response.arrayBuffer());
      slowest = Math.max(slowest, performance.now() - started);
    }
  })();
  await work;
  done = true;
  await poller;
  return slowest;
}

describe('small bodies on the auth and contact routes (docs/security.md item 34)', () => {
  it.each([
    ['/api/auth/register', { name: 'Someone', email: HOSTILE_EMAIL, password: 'long enough password' }],
    ['/api/auth/verify-otp', { email: HOSTILE_EMAIL, otp: '123456' }],
    ['/api/auth/resend-otp', { email: HOSTILE_EMAIL }],
    ['/api/auth/forgot-password', { email: HOSTILE_EMAIL }],
    ['/api/auth/login', { email: HOSTILE_EMAIL, password: 'x' }],
    ['/api/auth/google', { credential: 'x'.repeat(BODY_LIMIT.google) }],
    [`/api/auth/reset-password/${'A'.repeat(43)}`, { password: 'p'.repeat(BODY_LIMIT.auth) }],
  ])('%s refuses an oversized body with 413 and a message', async (path, body) => {
    const reply = await post(path, body);
    expect(reply).toEqual({ status: 413, body: TOO_LARGE });
  });

  it('the contact form refuses an oversized body with 413', async () => {
    const reply = await post('/api/contact', { message: 'x'.repeat(BODY_LIMIT.contact) }, studentToken);
    expect(reply).toEqual({ status: 413, body: TOO_LARGE });
  });

  it('a real sign-up still fits: a 256-character password written entirely as \\u escapes', async () => {
    const password = 'é'.repeat(256);
    const raw = JSON.stringify({ name: 'Escaped Person', email: 'escaped@example.com', password }).replace(
      /é/g,
      '\\u00e9',
    );
    expect(raw.length).toBeLessThan(BODY_LIMIT.auth);
    const response = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: raw,
    });
    expect(response.status).toBe(200);
  });

  it('a 5,000-character contact message in a non-Latin script fits', async () => {
    const reply = await post('/api/contact', { message: 'नोट्स'.repeat(1000) }, studentToken);
    expect(reply.status).toBe(200);
  });
});

describe('hostile values keep the server responsive (docs/security.md item 34)', () => {
  it('sixteen 60 KB emails at once: every one refused, and /api/health answers throughout', async () => {
    const attack = Promise.all(
      Array.from({ length: 16 }, (_unused, index) =>
        post(['/api/auth/register', '/api/auth/forgot-password'][index % 2]!, {
          name: 'Someone',
          email: HOSTILE_EMAIL,
          password: 'long enough password',
        }),
      ),
    );
    const slowest = await slowestHealthAnswerDuring(attack);
    for (const reply of await attack) expect(reply.status).toBe(413);
    expect(slowest).toBeLessThan(FROZEN_MS);
  });

  it('100 KB hostile values in every field of the admin syllabus form are refused at once', async () => {
    const hostile = `a@${'.'.repeat(100 * 1024)} `;
    const bodies = [
      { name: hostile, code: 'CSE', program: 'B.Tech', system: 'Semester', grading: 'Grading' },
      { name: 'CSE', code: hostile, program: hostile, system: hostile, grading: hostile },
      { name: 'CSE', code: 'CSE', program: 'B.Tech', system: 'S', grading: 'G', pdfs: { 1: hostile } },
      { name: 'CSE', code: 'CSE', program: 'B.Tech', system: 'S', grading: 'G', pdfs: { [hostile]: 'x' } },
    ];
    const attack = Promise.all(bodies.map((body) => post('/api/syllabus', body, adminToken)));
    const slowest = await slowestHealthAnswerDuring(attack);
    for (const reply of await attack) expect(reply.status).toBe(400);
    expect(slowest).toBeLessThan(FROZEN_MS);
  });
});
