import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  decodeJwt,
  decodeProtectedHeader,
  generateKeyPair,
  SignJWT,
  UnsecuredJWT,
  type CryptoKey,
} from 'jose';
import { ConfigError, loadConfig } from '../src/config';
import { createVerifiedUser, loginUser } from './support/accounts';
import { buildTestApp, JWT_SECRET, type TestApp } from './support/apps';
import { linkFrom, tokenFromLink } from './support/mail';

const EXPIRED = { message: 'Session expired. Please log in again.' };
const REQUIRED = { message: 'Please log in to continue.' };
const HOUR = 3600_000;

let t: TestApp;
let userId: string;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  const user = await createVerifiedUser(t);
  token = await loginUser(t, user);
  userId = decodeJwt(token).sub!;
});
afterAll(async () => {
  await t.close();
});

const secretKey = new TextEncoder().encode(JWT_SECRET);
const nowSeconds = () => Math.floor(t.clock.now() / 1000);

const NO_SUCH_USER = '00000000-0000-4000-8000-000000000000';

function signed(
  alg: string,
  key: Uint8Array | CryptoKey,
  claims: Record<string, unknown> = { ver: 0 },
  subject: string = userId,
) {
  return new SignJWT({ jti: randomUUID(), ...claims })
    .setProtectedHeader({ alg, typ: 'JWT' })
    .setSubject(subject)
    .setIssuedAt(nowSeconds())
    .setExpirationTime(nowSeconds() + 3600)
    .sign(key);
}

function tamperPayload(jwt: string, change: Record<string, unknown>): string {
  const [header, payload, signature] = jwt.split('.');
  const claims = { ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), ...change };
  return [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
}

describe('session tokens (docs/security.md item 16)', () => {
  it('item 16: issued tokens are HS256 with sub, ver, a session id, iat and exp 12 hours ahead', () => {
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const claims = decodeJwt(token);
    expect(claims).toEqual({
      sub: userId,
      ver: 0,
      jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
      iat: expect.any(Number),
      exp: expect.any(Number),
    });
    expect(claims.exp! - claims.iat!).toBe(12 * 3600);
  });

  const forgeries: [string, () => Promise<string>][] = [
    [
      'alg: none',
      async () =>
        new UnsecuredJWT({ ver: 0 })
          .setSubject(userId)
          .setIssuedAt(nowSeconds())
          .setExpirationTime(nowSeconds() + 3600)
          .encode(),
    ],
    [
      'alg: none with the real signature kept',
      async () => {
        const [, payload, signature] = token.split('.');
        const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
        return `${header}.${payload}.${signature}`;
      },
    ],
    ['HS512 with the right secret', () => signed('HS512', secretKey)],
    ['HS384 with the right secret', () => signed('HS384', secretKey)],
    [
      'HS256 with a wrong key',
      () => signed('HS256', new TextEncoder().encode('another-secret-of-at-least-32-bytes!!')),
    ],
    ['RS256 with an attacker key', async () => signed('RS256', (await generateKeyPair('RS256')).privateKey)],
    ['a tampered payload (other token version)', async () => tamperPayload(token, { ver: 1 })],
    ['a tampered payload (other user)', async () => tamperPayload(token, { sub: NO_SUCH_USER })],
    [
      'a tampered payload (later expiry)',
      async () => tamperPayload(token, { exp: nowSeconds() + 365 * 24 * 3600 }),
    ],
    ['a tampered signature', async () => `${token.slice(0, -4)}${token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`],
    [
      'a right-key token for a user that does not exist',
      () => signed('HS256', secretKey, { ver: 0 }, NO_SUCH_USER),
    ],
    ['a right-key token without a token version', () => signed('HS256', secretKey, {})],
    ['a right-key token without a session id', () => signed('HS256', secretKey, { ver: 0, jti: undefined })],
    ['a right-key token with a number as session id', () => signed('HS256', secretKey, { ver: 0, jti: 7 })],
    ['a right-key token with a string token version', () => signed('HS256', secretKey, { ver: '0' })],
    [
      'a right-key token without exp',
      () =>
        new SignJWT({ ver: 0, jti: randomUUID() })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(userId)
          .setIssuedAt(nowSeconds())
          .sign(secretKey),
    ],
    ['garbage', async () => 'garbage'],
    ['three garbage parts', async () => 'a.b.c'],
    [
      'base64 of JSON without a signature',
      async () =>
        `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from('{"sub":"x"}').toString('base64url')}.`,
    ],
    ['a very long token', async () => 'x'.repeat(10_000)],
  ];

  it.each(forgeries)('item 16: a forged or broken token (%s) gets 401 on /api/me', async (_label, make) => {
    const forged = await make();
    const reply = await t.get('/api/me', { token: forged });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual(EXPIRED);
  });

  it('item 16: the real token still works (the forgeries above fail for their own reason)', async () => {
    expect((await t.get('/api/me', { token })).status).toBe(200);
  });

  it.each([
    ['no Authorization header', undefined],
    ['an empty bearer token', 'Bearer '],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['the token without a scheme', 'TOKEN'],
  ])('item 16: %s gets 401 asking to log in', async (_label, header) => {
    const headers: Record<string, string> = header ? { authorization: header.replace('TOKEN', token) } : {};
    const reply = await t.get('/api/me', { headers });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual(REQUIRED);
  });

  it('item 16: a token expires 12 hours after issue (injected clock)', async () => {
    const user = await createVerifiedUser(t);
    const fresh = await loginUser(t, user);
    t.clock.advance(12 * HOUR - 1000);
    expect((await t.get('/api/me', { token: fresh })).status).toBe(200);
    t.clock.advance(2000);
    const reply = await t.get('/api/me', { token: fresh });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual(EXPIRED);
    t.clock.advance(-12 * HOUR - 1000);
  });

  it.each([
    ['31 ASCII bytes', 'x'.repeat(31)],
    ['15 two-byte characters (30 bytes)', 'é'.repeat(15)],
    ['1 byte', 'x'],
  ])('item 16: JWT_SECRET of %s makes start-up fail', (_label, secret) => {
    expect(() => loadConfig({ JWT_SECRET: secret, DATA_DIR: t.dataDir })).toThrow(ConfigError);
    expect(() => loadConfig({ JWT_SECRET: secret, DATA_DIR: t.dataDir })).toThrow(
      'JWT_SECRET must be at least 32 bytes long',
    );
  });

  it('item 16: a 32-byte JWT_SECRET is accepted; production without one fails', () => {
    expect(loadConfig({ JWT_SECRET: 'é'.repeat(16), DATA_DIR: t.dataDir }).jwtSecret).toBe('é'.repeat(16));
    expect(() => loadConfig({ NODE_ENV: 'production', MAIL_OUTBOX: '1', DATA_DIR: t.dataDir })).toThrow(
      'JWT_SECRET is required when NODE_ENV=production',
    );
  });
});

describe('logout (docs/security.md item 38)', () => {
  const LOGGED_OUT = { message: 'Logged out.' };

  it('item 38: logout ends this session at once; another session of the same user goes on', async () => {
    const user = await createVerifiedUser(t);
    const laptop = await loginUser(t, user);
    const phone = await loginUser(t, user);
    const reply = await t.post('/api/auth/logout', undefined, { token: laptop });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(LOGGED_OUT);
    expect(await t.get('/api/me', { token: laptop })).toMatchObject({ status: 401, body: EXPIRED });
    expect((await t.get('/api/me', { token: phone })).status).toBe(200);
    // Logging out again with the ended token is refused like any expired session.
    expect(await t.post('/api/auth/logout', undefined, { token: laptop })).toMatchObject({
      status: 401,
      body: EXPIRED,
    });
  });

  it('item 38: a logged-out token stays refused until its expiry, and the revocation is dropped after that', async () => {
    const user = await createVerifiedUser(t);
    const session = await loginUser(t, user);
    const { jti } = decodeJwt(session);
    await t.post('/api/auth/logout', undefined, { token: session });
    t.clock.advance(11 * HOUR);
    expect((await t.get('/api/me', { token: session })).status).toBe(401);
    t.clock.advance(2 * HOUR);
    // Another logout sweeps the expired revocation away.
    const other = await loginUser(t, user);
    await t.post('/api/auth/logout', undefined, { token: other });
    const left = await t.db.selectFrom('revoked_sessions').select('jti').where('jti', '=', jti!).execute();
    expect(left).toEqual([]);
    t.clock.advance(-13 * HOUR);
  });

  it('item 38: anonymous logout is refused', async () => {
    expect(await t.post('/api/auth/logout')).toMatchObject({ status: 401, body: REQUIRED });
  });
});

describe('revocation (docs/security.md item 17)', () => {
  it('item 17: after a password reset the old token gets 401 and a new login works', async () => {
    const user = await createVerifiedUser(t);
    const other = await createVerifiedUser(t);
    const oldToken = await loginUser(t, user);
    const otherToken = await loginUser(t, other);
    await t.post('/api/auth/forgot-password', { email: user.email });
    const resetToken = tokenFromLink(linkFrom(t.lastMailTo(user.email)));
    const newPassword = 'a completely new password';
    expect((await t.post(`/api/auth/reset-password/${resetToken}`, { password: newPassword })).status).toBe(
      200,
    );

    const reply = await t.get('/api/me', { token: oldToken });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual(EXPIRED);
    // Other users' sessions are untouched.
    expect((await t.get('/api/me', { token: otherToken })).status).toBe(200);
    const newToken = await loginUser(t, { ...user, password: newPassword });
    expect((await t.get('/api/me', { token: newToken })).status).toBe(200);
  });

  it('item 17: a deleted user’s token gets 401', async () => {
    const user = await createVerifiedUser(t);
    const userToken = await loginUser(t, user);
    await t.db.deleteFrom('users').where('email', '=', user.email).execute();
    const reply = await t.get('/api/me', { token: userToken });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual(EXPIRED);
  });

  it('item 17: bumping the token version revokes every earlier token of the user', async () => {
    const user = await createVerifiedUser(t);
    const userToken = await loginUser(t, user);
    await t.db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .where('email', '=', user.email)
      .execute();
    expect((await t.get('/api/me', { token: userToken })).status).toBe(401);
    expect((await t.get('/api/me', { token: await loginUser(t, user) })).status).toBe(200);
  });
});
