import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { countRows, createVerifiedUser, loginUser, type TestUser } from './support/accounts';
import { buildTestApp, CONTACT_EMAIL, type TestApp } from './support/apps';
import { expectApiHeaders, request } from './support/requests';

const LOGIN_REQUIRED = { message: 'Please log in to continue.' };
const SENT = { message: 'Message sent. Thank you!' };

let t: TestApp;
let user: TestUser;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  user = await createVerifiedUser(t, { name: 'Contact Person' });
  token = await loginUser(t, user);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/me', () => {
  it('answers the signed-in user', async () => {
    const reply = await t.get('/api/me', { token });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      user: {
        _id: expect.any(String),
        name: user.name,
        email: user.email,
        role: 'student',
        isGoogle: false,
        createdAt: expect.any(String),
      },
    });
  });

  it('answers 401 to anonymous requests', async () => {
    const reply = await t.get('/api/me');
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual(LOGIN_REQUIRED);
  });
});

describe('POST /api/contact', () => {
  it("stores the message under the account's name and email, not the form's, and mails CONTACT_EMAIL", async () => {
    const before = await countRows(t.db, 'contact_messages');
    const reply = await t.post(
      '/api/contact',
      {
        name: 'Somebody Else',
        email: 'someone-else@example.com',
        message: '  Hello, the notes are great!  ',
      },
      { token },
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(SENT);
    expect(await countRows(t.db, 'contact_messages')).toBe(before + 1);
    const row = await t.db
      .selectFrom('contact_messages')
      .selectAll()
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    const account = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', user.email)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: account.id,
      name: user.name,
      email: user.email,
      message: 'Hello, the notes are great!',
    });
    const mail = t.lastMailTo(CONTACT_EMAIL)!;
    expect(mail.subject).toBe(`StudyHub contact message from ${user.name}`);
    expect(mail.text).toContain(`From: ${user.name} <${user.email}>`);
    expect(mail.text).toContain('Hello, the notes are great!');
    expect(mail.text).not.toContain('someone-else@example.com');
  });

  it.each([
    ['an empty message', { message: '' }, 'Please write a message.'],
    ['a message of spaces', { message: '   \n\t ' }, 'Please write a message.'],
    ['a missing message', {}, 'Please write a message.'],
    ['a number as message', { message: 42 }, 'Please write a message.'],
    [
      'a message of 5001 characters',
      { message: 'm'.repeat(5001) },
      'Message must be at most 5000 characters.',
    ],
  ])('rejects %s with 400 and stores nothing', async (_label, body, message) => {
    const before = await countRows(t.db, 'contact_messages');
    const mails = t.mails.length;
    const reply = await t.post('/api/contact', body, { token });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message });
    expect(await countRows(t.db, 'contact_messages')).toBe(before);
    expect(t.mails).toHaveLength(mails);
  });

  it('answers 401 to anonymous senders and stores nothing', async () => {
    const before = await countRows(t.db, 'contact_messages');
    const reply = await t.post('/api/contact', { name: 'Anon', email: 'anon@example.com', message: 'hi' });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual(LOGIN_REQUIRED);
    expect(await countRows(t.db, 'contact_messages')).toBe(before);
  });
});

/** Routes anyone may call; every other /api route needs a token (docs/security.md item 21). */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  // Load balancers poll it without a token (decision 024); it names components, never addresses or errors.
  'GET /api/health/ready',
  'GET /api/config',
  'POST /api/auth/register',
  'POST /api/auth/verify-otp',
  'POST /api/auth/resend-otp',
  'POST /api/auth/login',
  'POST /api/auth/google',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password/:token',
  'GET /api/notes/recent',
  // Which units have notes, as Home's recent uploads already show anyone (decision 033).
  'GET /api/notes/availability',
  // Browsers report area loads whether signed in or not (decision 025).
  'POST /api/telemetry/area-error',
  'GET /api/openapi.json',
  // The digest mail's unfollow link: its signed token names the user and the subject (decision 039).
  'POST /api/follows/unfollow',
]);

/** Every method and path under /api in the app's live route table. */
function apiRoutes(): { method: string; path: string }[] {
  return t.app.routeTable
    .filter((route) => route.url.startsWith('/api/') && !route.url.includes('*'))
    .map((route) => ({ method: route.method, path: route.url }));
}

function concrete(path: string): string {
  return path.replace(/:(\w+)/g, (_all, name: string) => (name === 'token' ? 'A'.repeat(43) : 'x1'));
}

describe('deny by default (docs/security.md item 21)', () => {
  it('finds the route table, public and private routes alike', () => {
    const listed = apiRoutes().map((route) => `${route.method} ${route.path}`);
    for (const route of [...PUBLIC_ROUTES, 'GET /api/me', 'POST /api/contact'])
      expect(listed).toContain(route);
  });

  it('item 21: every non-public /api route answers 401 to anonymous requests and to a bad token', async () => {
    const checked: string[] = [];
    for (const { method, path } of apiRoutes()) {
      if (PUBLIC_ROUTES.has(`${method} ${path}`) || (method === 'HEAD' && PUBLIC_ROUTES.has(`GET ${path}`))) {
        continue;
      }
      for (const headers of [{}, { authorization: 'Bearer not-a-valid-token' }]) {
        const reply = await t.app.inject({
          method: method as 'GET',
          url: concrete(path),
          headers,
          ...(method === 'GET' || method === 'HEAD' ? {} : { payload: { message: 'x' } }),
        });
        expect({ route: `${method} ${path}`, status: reply.statusCode }).toEqual({
          route: `${method} ${path}`,
          status: 401,
        });
        if (method !== 'HEAD') {
          expectApiHeaders(reply);
          expect(typeof reply.json().message).toBe('string');
        }
      }
      checked.push(`${method} ${path}`);
    }
    expect(checked).toEqual(expect.arrayContaining(['GET /api/me', 'POST /api/contact']));
  });

  it('item 21: public routes answer anonymous requests without 401', async () => {
    for (const route of PUBLIC_ROUTES) {
      const [method, path] = route.split(' ') as ['GET' | 'POST', string];
      const reply = await request(t.app, method, concrete(path!), method === 'POST' ? {} : undefined);
      expect({
        route,
        unauthorized: reply.status === 401 && reply.body.message === LOGIN_REQUIRED.message,
      }).toEqual({
        route,
        unauthorized: false,
      });
    }
  });
});

describe('role checks (docs/security.md items 17, 22)', () => {
  let roles: TestApp;
  beforeAll(async () => {
    roles = await buildTestApp();
    // A test-only admin route: the plugin, not the route, enforces the role.
    roles.app.get('/api/test/admin-only', { config: { access: 'admin' } }, async () => ({
      message: 'admin ok',
    }));
    roles.app.get('/api/test/teachers', { config: { access: 'teacher' } }, async () => ({
      message: 'teacher ok',
    }));
  });
  afterAll(async () => {
    await roles.close();
  });

  async function userWithRole(role: 'student' | 'teacher' | 'admin') {
    const someone = await createVerifiedUser(roles);
    await roles.db.updateTable('users').set({ role }).where('email', '=', someone.email).execute();
    return { someone, session: await loginUser(roles, someone) };
  }

  it.each([
    ['student', 403],
    ['teacher', 403],
    ['admin', 200],
  ] as const)('item 22: role %s on an admin route gets %i', async (role, status) => {
    const { session } = await userWithRole(role);
    const reply = await roles.get('/api/test/admin-only', { token: session });
    expect(reply.status).toBe(status);
    expect(reply.body).toEqual(status === 200 ? { message: 'admin ok' } : { message: 'Admins only.' });
  });

  it.each([
    ['student', 403],
    ['teacher', 200],
    ['admin', 200],
  ] as const)('decision 026: role %s on a teacher route gets %i', async (role, status) => {
    const { session } = await userWithRole(role);
    const reply = await roles.get('/api/test/teachers', { token: session });
    expect(reply.status).toBe(status);
    expect(reply.body).toEqual(
      status === 200 ? { message: 'teacher ok' } : { message: 'Teachers and admins only.' },
    );
  });

  it('item 22: anonymous callers of an admin route get 401', async () => {
    const reply = await roles.get('/api/test/admin-only');
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual(LOGIN_REQUIRED);
  });

  it("item 17: a demoted admin's next admin call gets 403 (the role is read from the database)", async () => {
    const { someone, session } = await userWithRole('admin');
    expect((await roles.get('/api/test/admin-only', { token: session })).status).toBe(200);
    await roles.db.updateTable('users').set({ role: 'student' }).where('email', '=', someone.email).execute();
    const reply = await roles.get('/api/test/admin-only', { token: session });
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ message: 'Admins only.' });
  });
});

describe('response headers (docs/security.md item 19)', () => {
  const cases: [string, 'GET' | 'POST', string, unknown, number, boolean][] = [
    ['health', 'GET', '/api/health', undefined, 200, false],
    ['config', 'GET', '/api/config', undefined, 200, false],
    ['me, anonymous', 'GET', '/api/me', undefined, 401, false],
    ['me, signed in', 'GET', '/api/me', undefined, 200, true],
    ['login, bad input', 'POST', '/api/auth/login', {}, 400, false],
    [
      'login, wrong password',
      'POST',
      '/api/auth/login',
      { email: 'x@example.com', password: 'nope1234' },
      401,
      false,
    ],
    ['forgot-password', 'POST', '/api/auth/forgot-password', { email: 'x@example.com' }, 200, false],
    [
      'reset-password, bad token',
      'POST',
      '/api/auth/reset-password/abc',
      { password: 'whatever12' },
      400,
      false,
    ],
    ['contact', 'POST', '/api/contact', { message: 'hello' }, 200, true],
    ['unknown API path', 'GET', '/api/no-such-route', undefined, 404, false],
    ['unknown API method', 'DELETE' as 'GET', '/api/me', undefined, 404, false],
  ];

  it.each(cases)('item 19: %s has nosniff, Referrer-Policy and a JSON content type', async (...args) => {
    const [, method, url, body, status, signedIn] = args;
    const reply = await request(t.app, method, url, body, signedIn ? { token } : {});
    expect(reply.status).toBe(status);
    expectApiHeaders(reply);
    expect(reply.headers['x-frame-options']).toBe('DENY');
    expect(String(reply.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it.each([
    ['malformed JSON', '{"email":', 'application/json'],
    ['an empty JSON body', '', 'application/json'],
    ['a text/plain string', 'email=x', 'text/plain'],
    ['an unsupported content type', '<a/>', 'application/xml'],
  ])('item 19: %s as the body gets 4xx JSON with the headers', async (_label, raw, type) => {
    const reply = await request(t.app, 'POST', '/api/auth/login', undefined, {
      raw,
      headers: { 'content-type': type },
    });
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    expect(typeof reply.body.message).toBe('string');
  });

  it.each(['/api/%ZZ', '/api/auth/reset-password/%E0%A4%A', '/%E0%A4%A'])(
    'item 19: a malformed URL (%s) gets 400 JSON with the headers',
    async (url) => {
      const reply = await t.app.inject({ method: 'POST', url, payload: {} });
      expect(reply.statusCode).toBe(400);
      expectApiHeaders(reply);
      expect(reply.json()).toEqual({ message: 'Bad Request' });
    },
  );
});

describe('unexpected errors (docs/security.md item 31)', () => {
  let broken: TestApp;
  beforeAll(async () => {
    broken = await buildTestApp({ env: { LOG_LEVEL: 'error' } });
    broken.app.get('/api/test/throws', { config: { access: 'public' } }, async () => {
      throw new Error('secret internals: connection to 10.0.0.7 refused');
    });
    broken.app.get('/api/test/throws-503', { config: { access: 'public' } }, async () => {
      throw Object.assign(new Error('upstream at 10.0.0.8 is down'), { statusCode: 503 });
    });
  });
  afterAll(async () => {
    await broken.close();
  });

  it('item 31: a route that throws answers 500 { message: "Internal Server Error" }; the stack goes to the log', async () => {
    const reply = await broken.get('/api/test/throws');
    expect(reply.status).toBe(500);
    expect(reply.body).toEqual({ message: 'Internal Server Error' });
    const logs = broken.logs.join('\n');
    expect(logs).toContain('secret internals');
    expect(logs).toContain('"stack"');
  });

  it('item 31: other 5xx errors are generic too', async () => {
    const reply = await broken.get('/api/test/throws-503');
    expect(reply.status).toBe(503);
    expect(reply.body).toEqual({ message: 'Internal Server Error' });
  });

  it('item 31: a database failure answers a generic 500', async () => {
    const someone = await createVerifiedUser(broken);
    const session = await loginUser(broken, someone);
    await sql`drop table contact_messages`.execute(broken.db);
    const reply = await broken.post('/api/contact', { message: 'hello' }, { token: session });
    expect(reply.status).toBe(500);
    expect(reply.body).toEqual({ message: 'Internal Server Error' });
    expect(JSON.stringify(reply.body)).not.toMatch(/contact_messages|sqlite|relation/i);
  });
});
