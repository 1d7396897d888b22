import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createVerifiedUser, newUser, registerUser, type TestUser } from './support/accounts';
import { buildTestApp, type TestApp } from './support/apps';
import { codeFrom, standaloneCode, linkFrom } from './support/mail';

const FAILED = { status: 401, body: { message: 'Invalid email or password.' } };
const MINUTE = 60_000;
/** For the tests that send 50 logins (argon2 each), with room for a loaded machine. */
const SLOW = 30_000;

let t: TestApp;
/** Each test signs in from its own address, so the per-IP counter of one test never locks out another. */
let addressCounter = 0;
function nextAddress(): string {
  addressCounter += 1;
  return `10.1.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
}

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function login(
  email: string,
  password: string,
  remoteAddress: string,
  headers?: Record<string, string>,
) {
  const reply = await t.post('/api/auth/login', { email, password }, { remoteAddress, headers });
  return { status: reply.status, body: reply.body };
}

describe('POST /api/auth/login', () => {
  it('answers with the message, the public user and a token that works on /api/me', async () => {
    const user = await createVerifiedUser(t);
    const reply = await t.post('/api/auth/login', { email: user.email, password: user.password });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      message: 'Login successful!',
      user: {
        _id: expect.any(String),
        name: user.name,
        email: user.email,
        role: 'student',
        isGoogle: false,
        createdAt: expect.any(String),
      },
      token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
    });
    // No hash, Google subject, token version or other internals.
    const text = JSON.stringify(reply.body.user);
    for (const secret of ['password', 'hash', 'argon2', 'google_sub', 'token_version', user.password]) {
      expect(text).not.toContain(secret);
    }
    const me = await t.get('/api/me', { token: reply.body.token });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ user: reply.body.user });
  });

  it.each([
    ['a missing email', { password: 'whatever1' }, 'Email is required.'],
    ['an empty email', { email: '  ', password: 'whatever1' }, 'Email is required.'],
    ['a missing password', { email: 'a@example.com' }, 'Password is required.'],
    ['an empty password', { email: 'a@example.com', password: '' }, 'Password is required.'],
  ])('rejects %s with 400', async (_label, body, message) => {
    const reply = await t.post('/api/auth/login', body);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message });
  });

  it('item 3: login fails identically for unknown email, wrong password and a sign-up not yet verified', async () => {
    const ip = nextAddress();
    const verified = await createVerifiedUser(t);
    const unverified = newUser();
    await registerUser(t, unverified);
    const cases = {
      unknownEmail: await login(newUser().email, verified.password, ip),
      wrongPassword: await login(verified.email, `${verified.password}x`, ip),
      unverifiedSignUp: await login(unverified.email, unverified.password, ip),
      unverifiedWrongPassword: await login(unverified.email, 'not the password', ip),
    };
    for (const [label, reply] of Object.entries(cases)) {
      expect({ label, ...reply }).toEqual({ label, ...FAILED });
    }
  });

  it('item 2: a 100-character password differing only in its last character fails (no truncation)', async () => {
    const ip = nextAddress();
    const password = `${'p'.repeat(99)}A`;
    const user = await createVerifiedUser(t, { password });
    expect(await login(user.email, `${'p'.repeat(99)}B`, ip)).toEqual(FAILED);
    expect(await login(user.email, 'p'.repeat(99), ip)).toEqual(FAILED);
    expect(await login(user.email, 'p'.repeat(72), ip)).toEqual(FAILED);
    expect((await login(user.email, password, ip)).status).toBe(200);
  });

  it('item 2: passwords are never trimmed', async () => {
    const ip = nextAddress();
    const user = await createVerifiedUser(t, { password: '  spaced out  ' });
    expect(await login(user.email, 'spaced out', ip)).toEqual(FAILED);
    expect((await login(user.email, '  spaced out  ', ip)).status).toBe(200);
  });

  it.each([
    ['upper case', (email: string) => email.toUpperCase()],
    ['mixed case', (email: string) => email[0]!.toUpperCase() + email.slice(1)],
    ['surrounding spaces', (email: string) => `  ${email}  `],
  ])('logs in with the email in %s', async (_label, variant) => {
    const user = await createVerifiedUser(t);
    const reply = await login(variant(user.email), user.password, nextAddress());
    expect(reply.status).toBe(200);
    expect(reply.body.user.email).toBe(user.email);
  });

  it('item 36: after 5 failures from one address, that address is locked out of the account, even with the right password', async () => {
    const user = await createVerifiedUser(t);
    const ip = nextAddress();
    for (let i = 0; i < 5; i += 1) expect(await login(user.email, `wrong-${i}-password`, ip)).toEqual(FAILED);
    expect(await login(user.email, user.password, ip)).toEqual(FAILED);
    // The lock ends after 15 minutes.
    t.clock.advance(15 * MINUTE + 1000);
    expect((await login(user.email, user.password, ip)).status).toBe(200);
  });

  it("item 36: someone else's failures from another address do not lock the owner out", async () => {
    const user = await createVerifiedUser(t);
    const attacker = nextAddress();
    for (let i = 0; i < 12; i += 1)
      expect(await login(user.email, `guess-${i}-password`, attacker)).toEqual(FAILED);
    expect((await login(user.email, user.password, nextAddress())).status).toBe(200);
  });

  it('item 6: email case variants count together towards the lock', async () => {
    const user = await createVerifiedUser(t);
    const ip = nextAddress();
    const variants = [
      user.email,
      user.email.toUpperCase(),
      `  ${user.email} `,
      user.email.replace(/^s/, 'S'),
      user.email.replace('example', 'EXAMPLE'),
    ];
    for (const email of variants) expect(await login(email, 'wrong password!', ip)).toEqual(FAILED);
    expect(await login(user.email, user.password, ip)).toEqual(FAILED);
  });

  it('item 6: a successful login clears the counter', async () => {
    const user = await createVerifiedUser(t);
    const ip = nextAddress();
    for (let i = 0; i < 4; i += 1) await login(user.email, 'wrong password!', ip);
    expect((await login(user.email, user.password, ip)).status).toBe(200);
    for (let i = 0; i < 4; i += 1) await login(user.email, 'wrong password!', ip);
    expect((await login(user.email, user.password, ip)).status).toBe(200);
  });

  it(
    'item 36: guessing from many addresses hits the account ceiling: past 50 failures each one doubles the wait',
    async () => {
      const user = await createVerifiedUser(t);
      // 50 addresses, one guess each: no address is locked, the account has seen 50 failures.
      for (let i = 0; i < 50; i += 1)
        expect(await login(user.email, `guess-${i}`, nextAddress())).toEqual(FAILED);
      expect((await login(user.email, user.password, nextAddress())).status).toBe(200);
      for (let i = 0; i < 50; i += 1)
        expect(await login(user.email, `guess-${i}`, nextAddress())).toEqual(FAILED);
      // The 51st failure makes the account wait 1 s, the next 2 s, then 4 s, 8 s…
      for (const seconds of [1, 2, 4, 8]) {
        expect(await login(user.email, 'one more guess', nextAddress())).toEqual(FAILED);
        // While it waits, even the right password from a fresh address gets the failed reply (and is not counted).
        t.clock.advance(seconds * 1000 - 100);
        expect(await login(user.email, user.password, nextAddress())).toEqual(FAILED);
        t.clock.advance(100);
      }
      const row = await t.db
        .selectFrom('login_throttle')
        .selectAll()
        .where('key', '=', `account:${user.email}`)
        .executeTakeFirstOrThrow();
      expect(row.failures).toBe(54);
      // Once the wait is over, the owner gets in (and the account's count starts over).
      expect((await login(user.email, user.password, nextAddress())).status).toBe(200);
    },
    SLOW,
  );

  it('item 36: a password reset lifts every lock on the account', async () => {
    const user = await createVerifiedUser(t);
    const ip = nextAddress();
    for (let i = 0; i < 5; i += 1) await login(user.email, 'wrong password!', ip);
    expect(await login(user.email, user.password, ip)).toEqual(FAILED);
    await t.post('/api/auth/forgot-password', { email: user.email });
    const token = linkFrom(t.lastMailTo(user.email)).pathname.split('/').pop();
    const newPassword = 'a fresh password after reset';
    expect((await t.post(`/api/auth/reset-password/${token}`, { password: newPassword })).status).toBe(200);
    expect((await login(user.email, newPassword, ip)).status).toBe(200);
  });

  it(
    'item 6: 50 failures from one address lock that address for every account, not other addresses',
    async () => {
      const ip = nextAddress();
      const victim = await createVerifiedUser(t);
      for (let i = 0; i < 50; i += 1) {
        // Different unknown accounts, so only the per-IP counter can lock.
        expect(await login(`nobody-${i}@example.com`, 'wrong password!', ip)).toEqual(FAILED);
      }
      expect(await login(victim.email, victim.password, ip)).toEqual(FAILED);
      expect((await login(victim.email, victim.password, nextAddress())).status).toBe(200);
    },
    SLOW,
  );

  it(
    'item 6: without TRUST_PROXY, X-Forwarded-For is ignored (request.ip stays the socket address)',
    async () => {
      const ip = nextAddress();
      const user = await createVerifiedUser(t);
      for (let i = 0; i < 50; i += 1) {
        const spoofed = { 'x-forwarded-for': `203.0.113.${i}` };
        expect(await login(`nobody-xff-${i}@example.com`, 'wrong password!', ip, spoofed)).toEqual(FAILED);
      }
      // A fresh forwarded address does not escape the socket address's lock.
      const escaped = await login(user.email, user.password, ip, { 'x-forwarded-for': '198.51.100.7' });
      expect(escaped).toEqual(FAILED);
      const keys = await t.db
        .selectFrom('login_throttle')
        .select('key')
        .where('key', 'like', 'ip:%')
        .execute();
      expect(keys.map((row) => row.key)).toContain(`ip:${ip}`);
      expect(keys.some((row) => row.key.includes('203.0.113.') || row.key.includes('198.51.100.'))).toBe(
        false,
      );
      const audit = await t.db
        .selectFrom('audit_log')
        .select('ip')
        .where('target', '=', 'nobody-xff-0@example.com')
        .executeTakeFirstOrThrow();
      expect(audit.ip).toBe(ip);
    },
    SLOW,
  );

  it('item 30: audit rows for login success and failure say who, what and when (UTC), and no secrets', async () => {
    const user = await createVerifiedUser(t);
    const ip = nextAddress();
    const wrongPassword = 'a wrong password 123';
    const at = t.clock().toISOString();
    await login(user.email, wrongPassword, ip);
    const success = await login(user.email, user.password, ip);
    const row = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', user.email)
      .executeTakeFirstOrThrow();

    const rows = await t.db.selectFrom('audit_log').selectAll().where('ip', '=', ip).orderBy('id').execute();
    expect(
      rows.map(({ action, actor_id, target, ip: address, at: when }) => ({
        action,
        actor_id,
        target,
        address,
        when,
      })),
    ).toEqual([
      { action: 'auth.login.failure', actor_id: row.id, target: user.email, address: ip, when: at },
      { action: 'auth.login.success', actor_id: row.id, target: null, address: ip, when: at },
    ]);
    expect(at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    // Across every audit row written so far in this file: no password, code or token text.
    const all = JSON.stringify(await t.db.selectFrom('audit_log').selectAll().execute());
    for (const secret of [user.password, wrongPassword, success.body.token as string]) {
      expect(all).not.toContain(secret);
    }
    for (const mail of t.mails.filter((m) => m.subject === 'Your StudyHub verification code')) {
      expect(all).not.toMatch(standaloneCode(codeFrom(mail)));
    }
  });
});

describe('lockout between real clients on loopback addresses (docs/security.md item 36)', () => {
  let served: TestApp;
  let port: number;
  beforeAll(async () => {
    served = await buildTestApp();
    await served.app.listen({ host: '0.0.0.0', port: 0 });
    port = (served.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await served.close();
  });

  /** A login sent over a socket bound to `localAddress`: the server sees a different client per address. */
  function loginFrom(localAddress: string, email: string, password: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const body = JSON.stringify({ email, password });
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          localAddress,
          method: 'POST',
          path: '/api/auth/login',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  it('failures from 127.0.0.2 lock 127.0.0.2 out of the account; the owner on 127.0.0.3 signs in', async () => {
    const user = await createVerifiedUser(served);
    for (let i = 0; i < 6; i += 1) expect(await loginFrom('127.0.0.2', user.email, `guess-${i}`)).toBe(401);
    expect(await loginFrom('127.0.0.2', user.email, user.password)).toBe(401);
    expect(await loginFrom('127.0.0.3', user.email, user.password)).toBe(200);
  });
});

describe('POST /api/auth/login behind a trusted proxy', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await buildTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await proxied.close();
  });

  it('item 6: with TRUST_PROXY set, the client address comes from X-Forwarded-For', async () => {
    const user: TestUser = await createVerifiedUser(proxied);
    await proxied.post(
      '/api/auth/login',
      { email: user.email, password: 'wrong password!' },
      { headers: { 'x-forwarded-for': '203.0.113.9' } },
    );
    const keys = await proxied.db.selectFrom('login_throttle').select('key').execute();
    expect(keys.map((row) => row.key).sort()).toEqual([
      `account:${user.email}`,
      'ip:203.0.113.9',
      `pair:${user.email}|203.0.113.9`,
    ]);
  });

  it('item 28: an over-long forwarded address gets the failed-login reply, not a 500', async () => {
    const forwarded = randomBytes(6000).toString('base64');
    const reply = await proxied.post(
      '/api/auth/login',
      { email: 'nobody@example.com', password: 'wrong password!' },
      { headers: { 'x-forwarded-for': forwarded } },
    );
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ message: 'Invalid email or password.' });
  });
});
