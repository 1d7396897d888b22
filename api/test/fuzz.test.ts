/**
 * docs/security.md item 28: bad input of any shape gets 4xx with { message }, never 5xx, and leaves the data as it was.
 * Property-based: fast-check throws random and hostile JSON at every auth route and the contact form.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { countRows, createVerifiedUser, loginUser } from './support/accounts';
import { buildTestApp, GOOGLE_CLIENT_ID, type TestApp } from './support/apps';
import { request, type ApiReply } from './support/requests';

const RUNS = 60;
/** Generous: each property sends RUNS requests, and CI machines may be busy. */
const SLOW = 30_000;

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp({ googleClientId: GOOGLE_CLIENT_ID });
  token = await loginUser(t, await createVerifiedUser(t));
});
afterAll(async () => {
  await t.close();
});

const FIELDS = ['email', 'password', 'name', 'otp', 'message', 'credential', 'role', 'googleId', 'avatar'];

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '__proto__',
    'constructor',
    'prototype',
    '<script>alert(1)</script>',
    "' OR '1'='1' --",
    '"; drop table users; --',
    '../../../etc/passwd',
    '%00%2e%2e%2f',
    '${7*7}{{7*7}}',
    'a@b.c',
    'ADMIN@STUDYHUB.LOCAL',
    '123456',
    'a'.repeat(100_000),
    '\u202e\ufeff\u200b',
    'x@example.com\r\nBcc: victim@example.com',
  ),
  // PostgreSQL text cannot hold U+0000.
  fc.tuple(fc.string(), fc.string()).map(([before, after]) => `${before}\u0000${after}`),
  fc.string({ minLength: 250, maxLength: 6000, size: 'max' }),
  // Long and incompressible: PostgreSQL refuses index entries over ~2.7 kB after compression.
  fc
    .uint8Array({ minLength: 2500, maxLength: 20_000, size: 'max' })
    .map((bytes) => Buffer.from(bytes).toString('base64')),
);

const hostileValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string()), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/**
 * A JSON body: anything at all; an object with the fields the routes read, holding hostile values; or the right
 * shape (every field a string) with hostile text, which gets past validation to the database.
 */
const jsonBody = fc.oneof(
  fc.anything({ maxDepth: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(fc.array(fc.array(hostileValue, { maxLength: 3 }), { maxLength: 3 }), { maxLength: 3 }),
  fc.record(Object.fromEntries(FIELDS.map((field) => [field, hostileValue])), { requiredKeys: [] }),
  fc.record(Object.fromEntries(FIELDS.map((field) => [field, hostileString]))),
);

/** Raw bodies the JSON parser has to refuse or that try prototype pollution. */
const rawBody = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '{"__proto__":{"role":"admin"},"email":"a@b.co","password":"12345678","name":"Abc"}',
    '{"constructor":{"prototype":{"role":"admin"}},"email":"a@b.co"}',
    '{"email":',
    '[',
    'null',
    '"just a string"',
    '1e999',
    '{"email":"a@b.co","email":"b@c.co"}',
    '\u0000',
  ),
);

const body = fc.oneof(
  jsonBody.map((value) => ({ kind: 'json' as const, value })),
  rawBody.map((value) => ({ kind: 'raw' as const, value })),
);

const query = fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 }), { maxKeys: 3 });

type Body = { kind: 'json'; value: unknown } | { kind: 'raw'; value: string };

function send(url: string, sent: Body, params: Record<string, string>, signedIn: boolean): Promise<ApiReply> {
  const search = new URLSearchParams(params).toString();
  const fullUrl = search ? `${url}?${search}` : url;
  const options = signedIn ? { token } : {};
  if (sent.kind === 'raw') {
    return request(t.app, 'POST', fullUrl, undefined, {
      ...options,
      raw: sent.value,
      headers: { 'content-type': 'application/json' },
    });
  }
  // JSON.stringify(undefined) is no body at all.
  const text = JSON.stringify(sent.value);
  return request(t.app, 'POST', fullUrl, undefined, {
    ...options,
    ...(text === undefined ? {} : { raw: text, headers: { 'content-type': 'application/json' } }),
  });
}

async function snapshot() {
  return {
    users: await countRows(t.db, 'users'),
    resets: await countRows(t.db, 'password_resets'),
    contact: await countRows(t.db, 'contact_messages'),
    mails: t.mails.length,
  };
}

function expectSafeReply(reply: ApiReply): void {
  expect(reply.status).toBeGreaterThanOrEqual(200);
  expect(reply.status).toBeLessThan(500);
  expect(reply.body).toEqual(expect.objectContaining({ message: expect.any(String) }));
}

const ROUTES: [string, string, boolean][] = [
  ['register', '/api/auth/register', false],
  ['verify-otp', '/api/auth/verify-otp', false],
  ['resend-otp', '/api/auth/resend-otp', false],
  ['login', '/api/auth/login', false],
  ['google', '/api/auth/google', false],
  ['forgot-password', '/api/auth/forgot-password', false],
  ['reset-password', `/api/auth/reset-password/${'A'.repeat(43)}`, false],
  ['contact', '/api/contact', true],
];

describe('fuzzing (docs/security.md item 28)', () => {
  it.each(ROUTES)(
    'item 28: random bodies and queries on %s never give 5xx; rejected ones change nothing',
    async (_name, url, signedIn) => {
      await fc.assert(
        fc.asyncProperty(body, query, async (sent, params) => {
          const before = await snapshot();
          const reply = await send(url, sent, params, signedIn);
          expectSafeReply(reply);
          if (reply.status >= 400) expect(await snapshot()).toEqual(before);
        }),
        // No shrinking: each step re-runs argon2 and the database; the first counterexample is clear enough.
        { numRuns: RUNS, endOnFailure: true },
      );
    },
    SLOW,
  );

  const tokenParam = fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 80 }).map((value) => encodeURIComponent(value)),
    fc
      .string({ unit: 'binary-ascii', minLength: 1, maxLength: 60 })
      .map((value) => encodeURIComponent(value)),
    fc
      .array(
        fc.constantFrom(
          '%',
          '2',
          'e',
          'f',
          'E',
          '0',
          '.',
          'A',
          '/',
          '\\',
          '%00',
          '%2e%2e%2f',
          '%ZZ',
          '%E0%A4',
        ),
        {
          minLength: 1,
          maxLength: 20,
        },
      )
      .map((parts) => parts.join('')),
    fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    fc.string({ minLength: 90, maxLength: 300 }).map((value) => encodeURIComponent(value)),
  );

  it(
    'item 28: random reset-password/:token params never give 5xx and reset nothing',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          tokenParam,
          fc.constantFrom('a fine new password', '', 'x'),
          async (param, password) => {
            const before = await snapshot();
            const reply = await t.app.inject({
              method: 'POST',
              url: `/api/auth/reset-password/${param}`,
              payload: { password },
            });
            expect(reply.statusCode).toBeGreaterThanOrEqual(400);
            expect(reply.statusCode).toBeLessThan(500);
            expect(reply.json()).toEqual(expect.objectContaining({ message: expect.any(String) }));
            expect(await snapshot()).toEqual(before);
          },
        ),
        // No shrinking: each step re-runs argon2 and the database; the first counterexample is clear enough.
        { numRuns: RUNS, endOnFailure: true },
      );
    },
    SLOW,
  );

  it.each([
    [300, 400, 'Enter a valid email address.'],
    [3000, 400, 'Enter a valid email address.'],
    // Over the auth routes' body limit (docs/security.md item 34).
    [100_000, 413, 'The request is too large.'],
  ])(
    'item 28: a login email of %i random characters is refused with %i, not a 500',
    async (length, status, message) => {
      const email = randomBytes(length).toString('base64').slice(0, length);
      const reply = await t.post('/api/auth/login', { email, password: 'some password' });
      expect(reply.status).toBe(status);
      expect(reply.body).toEqual({ message });
    },
  );

  it.each([
    ['a login email', '/api/auth/login', { email: 'a\u0000b@example.com', password: 'some password' }],
    ['a login password', '/api/auth/login', { email: 'a@example.com', password: 'some\u0000password' }],
    [
      'a register name',
      '/api/auth/register',
      { name: 'Ab\u0000c', email: 'nul@example.com', password: '12345678' },
    ],
    [
      'a register email',
      '/api/auth/register',
      { name: 'Abc', email: 'n\u0000ul@example.com', password: '12345678' },
    ],
    ['a verify-otp email', '/api/auth/verify-otp', { email: 'n\u0000ul@example.com', otp: '123456' }],
    ['a resend-otp email', '/api/auth/resend-otp', { email: 'n\u0000ul@example.com' }],
    ['a forgot-password email', '/api/auth/forgot-password', { email: 'n\u0000ul@example.com' }],
    ['a contact message', '/api/contact', { message: 'hello\u0000there' }],
    ['a key', '/api/auth/login', { 'e\u0000mail': 1, email: 'a@example.com', password: 'some password' }],
    ['a nested value', '/api/contact', { message: 'hello', extra: [{ deep: ['\u0000'] }] }],
    ['a reset-password param', '/api/auth/reset-password/%00', { password: 'some new password' }],
  ])(
    'item 28: a NUL character in %s gets 400, never a 500 (PostgreSQL text cannot hold it)',
    async (_label, url, sent) => {
      const before = await snapshot();
      const reply = await t.post(url, sent, { token });
      expect(reply.status).toBe(400);
      expect(typeof reply.body.message).toBe('string');
      expect(await snapshot()).toEqual(before);
    },
  );

  it('item 28: nothing polluted Object.prototype, and the signed-in user is still a student', async () => {
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
    const me = await t.get('/api/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.user.role).toBe('student');
    const roles = await t.db.selectFrom('users').select('role').distinct().execute();
    expect(roles.map((row) => row.role)).toEqual(['student']);
  });
});
