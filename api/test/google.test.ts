import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { countRows, createVerifiedUser, newUser, registerUser, verifySignUp } from './support/accounts';
import { buildTestApp, GOOGLE_CLIENT_ID, type TestApp } from './support/apps';

const LOGGED_IN = 'Google account logged in!';
const INVALID = { message: 'Google sign-in failed. Please try again.' };
const UNVERIFIED = { message: 'Your Google account email is not verified.' };
const KID = 'google-test-key';

let t: TestApp;
let googleKey: CryptoKey;
let attackerKey: CryptoKey;
let subCounter = 0;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  googleKey = pair.privateKey;
  attackerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  t = await buildTestApp({
    googleClientId: GOOGLE_CLIENT_ID,
    googleKeys: createLocalJWKSet({ keys: [jwk] }),
  });
});
afterAll(async () => {
  await t.close();
});

interface IdTokenOptions {
  sub?: string;
  email?: string;
  emailVerified?: boolean;
  name?: string;
  aud?: string;
  iss?: string;
  expiresIn?: number;
  key?: CryptoKey;
  kid?: string;
}

function newSub(): string {
  subCounter += 1;
  return `1000${process.pid}${subCounter}`;
}

/** A Google ID token as Google would sign it (or not, as the options say). */
function idToken(options: IdTokenOptions = {}): Promise<string> {
  const now = Math.floor(t.clock.now() / 1000);
  return new SignJWT({
    email: options.email ?? newUser().email,
    email_verified: options.emailVerified ?? true,
    name: options.name ?? 'Google Person',
  })
    .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? KID, typ: 'JWT' })
    .setIssuer(options.iss ?? 'https://accounts.google.com')
    .setAudience(options.aud ?? GOOGLE_CLIENT_ID)
    .setSubject(options.sub ?? newSub())
    .setIssuedAt(now)
    .setExpirationTime(now + (options.expiresIn ?? 3600))
    .sign(options.key ?? googleKey);
}

function google(credential: string, extra: Record<string, unknown> = {}) {
  return t.post('/api/auth/google', { credential, ...extra });
}

async function userByEmail(email: string) {
  return t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

describe('POST /api/auth/google (docs/security.md item 20)', () => {
  it('item 20: a valid ID token creates a Google student and answers like a login', async () => {
    const email = newUser().email;
    const reply = await google(await idToken({ email, name: 'Grace Hopper' }));
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      message: LOGGED_IN,
      user: {
        _id: expect.any(String),
        name: 'Grace Hopper',
        email,
        role: 'student',
        isGoogle: true,
        createdAt: expect.any(String),
      },
      token: expect.any(String),
    });
    const me = await t.get('/api/me', { token: reply.body.token });
    expect(me.status).toBe(200);
    expect(me.body.user).toEqual(reply.body.user);
    expect(await userByEmail(email)).toMatchObject({ is_google: 1, password_hash: null });
  });

  it('item 43: a Google name keeps only plain text: no line breaks, bidi overrides or split surrogates', async () => {
    const email = newUser().email;
    const reply = await google(await idToken({ email, name: `Eve\r\nBcc: x\u202eevils ${'😀'.repeat(14)}` }));
    expect(reply.status).toBe(200);
    const { name } = (await userByEmail(email))!;
    expect(name).toBe(`EveBcc: xevils ${'😀'.repeat(7)}`);
    expect(name.length).toBeLessThanOrEqual(30);
  });

  it('item 20: the issuer may be written without https://, and the same sub signs in to the same account', async () => {
    const sub = newSub();
    const email = newUser().email;
    const first = await google(await idToken({ sub, email, iss: 'accounts.google.com' }));
    expect(first.status).toBe(200);
    const second = await google(await idToken({ sub, email }));
    expect(second.status).toBe(200);
    expect(second.body.user._id).toBe(first.body.user._id);
  });

  it("item 20: the client's name, email and googleId fields are ignored; only the verified claims count", async () => {
    const admin = await createVerifiedUser(t);
    const email = newUser().email;
    const reply = await google(await idToken({ email, name: 'Real Name' }), {
      name: 'Forged Name',
      email: admin.email,
      googleId: 'forged-sub',
      avatar: 'https://example.com/a.png',
      role: 'admin',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.user).toMatchObject({ name: 'Real Name', email, role: 'student' });
  });

  const rejected: [string, () => Promise<string>][] = [
    ['a wrong audience', () => idToken({ aud: 'someone-else.apps.googleusercontent.com' })],
    ['a wrong issuer', () => idToken({ iss: 'https://evil.example.com' })],
    ['an expired token', () => idToken({ expiresIn: -1 })],
    ['a bad signature (another key, same kid)', () => idToken({ key: attackerKey })],
    ['an unknown key id', () => idToken({ kid: 'unknown-kid' })],
    [
      'alg: none',
      async () => {
        const [, payload] = (await idToken()).split('.');
        return `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
      },
    ],
    [
      'HS256 instead of RS256',
      () =>
        new SignJWT({ email: newUser().email, email_verified: true })
          .setProtectedHeader({ alg: 'HS256', kid: KID })
          .setIssuer('https://accounts.google.com')
          .setAudience(GOOGLE_CLIENT_ID)
          .setSubject(newSub())
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode('a-guessed-secret-of-32-bytes-length')),
    ],
    ['garbage', async () => 'not.a.jwt'],
  ];

  it.each(rejected)('item 20: %s gets 401 and creates nobody', async (_label, make) => {
    const users = await countRows(t.db, 'users');
    const reply = await google(await make());
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual(INVALID);
    expect(await countRows(t.db, 'users')).toBe(users);
  });

  it('item 20: a token expired by the clock gets 401', async () => {
    const credential = await idToken({ expiresIn: 60 });
    t.clock.advance(61_000);
    const reply = await google(credential);
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual(INVALID);
  });

  it('item 20: email_verified false does not create a new account', async () => {
    const email = newUser().email;
    const reply = await google(await idToken({ email, emailVerified: false }));
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual(UNVERIFIED);
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('item 20: the same email with another sub does not take over a Google-linked account', async () => {
    const email = newUser().email;
    const owner = await google(await idToken({ sub: newSub(), email }));
    expect(owner.status).toBe(200);
    const before = await userByEmail(email);
    const users = await countRows(t.db, 'users');

    const intruder = await google(await idToken({ sub: newSub(), email: email.toUpperCase() }));
    expect(intruder.status).toBe(401);
    expect(intruder.body).toEqual(UNVERIFIED);
    expect(await userByEmail(email)).toEqual(before);
    expect(await countRows(t.db, 'users')).toBe(users);
  });

  it('item 20: an existing password account is linked only when email_verified is true', async () => {
    const user = await createVerifiedUser(t);
    const sub = newSub();
    const refused = await google(await idToken({ sub, email: user.email, emailVerified: false }));
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(UNVERIFIED);
    expect(await userByEmail(user.email)).toMatchObject({ google_sub: null, is_google: 0 });

    const linked = await google(await idToken({ sub, email: user.email, emailVerified: true }));
    expect(linked.status).toBe(200);
    expect(linked.body.user).toMatchObject({ email: user.email, name: user.name, isGoogle: true });
    const row = await userByEmail(user.email);
    expect(row).toMatchObject({ google_sub: sub, is_google: 1 });
    expect(linked.body.user._id).toBe(row!.id);
    // The owner's own password keeps working.
    const login = await t.post('/api/auth/login', { email: user.email, password: user.password });
    expect(login.status).toBe(200);
  });

  it("item 20: a Google sign-up ends the sign-ups waiting for the address: a squatter's can no longer be verified", async () => {
    const victimEmail = newUser().email;
    const attacker = newUser({ email: victimEmail, password: 'attacker chose this' });
    const squatted = await registerUser(t, attacker);

    const victim = await google(await idToken({ email: victimEmail, emailVerified: true }));
    expect(victim.status).toBe(200);
    expect(await userByEmail(victimEmail)).toMatchObject({ is_google: 1, password_hash: null });
    // Even with the code (which went to the victim's mailbox), the waiting registration is gone.
    expect((await verifySignUp(t, attacker, squatted)).status).toBe(400);
    const attempt = await t.post('/api/auth/login', { email: victimEmail, password: attacker.password });
    expect(attempt.status).toBe(401);
    expect(attempt.body).toEqual({ message: 'Invalid email or password.' });
  });

  it.each([
    ['a missing credential', {}],
    ['an empty credential', { credential: '' }],
    ['a number as credential', { credential: 42 }],
  ])('rejects %s with 400', async (_label, body) => {
    const reply = await t.post('/api/auth/google', body);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: 'Google credential is missing.' });
  });

  it('GET /api/config tells the browser the client id', async () => {
    const reply = await t.get('/api/config');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ googleClientId: GOOGLE_CLIENT_ID, uploadTimeoutMs: 10_000 });
  });
});

describe('Google sign-in without GOOGLE_CLIENT_ID', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await buildTestApp();
  });
  afterAll(async () => {
    await bare.close();
  });

  it('answers 404 with a message, and /api/config says there is no client id', async () => {
    const reply = await bare.post('/api/auth/google', { credential: await idToken() });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ message: 'Google sign-in is not available on this server.' });
    expect((await bare.get('/api/config')).body).toEqual({ googleClientId: null, uploadTimeoutMs: 10_000 });
  });
});
