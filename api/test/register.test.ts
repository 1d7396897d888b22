import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { countRows, createVerifiedUser, newUser, registerUser, verifySignUp } from './support/accounts';
import { buildTestApp, type TestApp } from './support/apps';
import { codeFrom, linkFrom, tokenFromLink } from './support/mail';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const REGISTERED_MESSAGE = 'OTP sent to your email';
const SECOND = 1000;
const HOUR = 3600 * SECOND;

async function userRow(email: string) {
  return t.db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

function login(email: string, password: string) {
  return t.post('/api/auth/login', { email, password });
}

describe('POST /api/auth/register', () => {
  it('keeps the sign-up waiting (no account yet), answers its registration id and mails a 6-digit code', async () => {
    const user = newUser();
    const reply = await t.post('/api/auth/register', user);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ message: REGISTERED_MESSAGE, registration: expect.any(String) });
    const mails = t.mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your StudyHub verification code');
    expect(codeFrom(mails[0])).toMatch(/^\d{6}$/);
    // The name was typed by whoever registered: the code mail does not repeat it.
    expect(mails[0]!.text).not.toContain(user.name);
    expect(await userRow(user.email)).toBeUndefined();
    const registration = await t.db
      .selectFrom('registrations')
      .selectAll()
      .where('id', '=', reply.body.registration)
      .executeTakeFirstOrThrow();
    expect(registration).toMatchObject({ name: user.name, email: user.email, attempts: 0 });
  });

  const longName = 'N'.repeat(31);
  it.each([
    ['a name of 2 characters', { name: 'ab' }, 'Name must be at least 3 characters.'],
    [
      'a name of 2 characters padded with spaces',
      { name: '   ab   ' },
      'Name must be at least 3 characters.',
    ],
    ['a name of 31 characters', { name: longName }, 'Name must be at most 30 characters.'],
    ['a missing name', { name: undefined }, 'Name must be at least 3 characters.'],
    ['an email without an at sign', { email: 'plainaddress' }, 'Enter a valid email address.'],
    ['an email without a dot after the at sign', { email: 'a@b' }, 'Enter a valid email address.'],
    ['an email with a space', { email: 'a b@example.com' }, 'Enter a valid email address.'],
    ['an email with nothing before the at sign', { email: '@example.com' }, 'Enter a valid email address.'],
    ['an email with two at signs', { email: 'a@@example.com' }, 'Enter a valid email address.'],
    ['an email ending in a dot', { email: 'a@example.' }, 'Enter a valid email address.'],
    ['an email whose domain starts with its only dot', { email: 'a@.com' }, 'Enter a valid email address.'],
    ['an empty email', { email: '' }, 'Enter a valid email address.'],
    ['a number as email', { email: 12345 }, 'Enter a valid email address.'],
    ['a password of 7 characters', { password: '1234567' }, 'Password must be at least 8 characters long.'],
    ['a missing password', { password: undefined }, 'Password must be at least 8 characters long.'],
    [
      'a password of 257 characters',
      { password: 'p'.repeat(257) },
      'Password must be at most 256 characters.',
    ],
  ])('rejects %s with 400 and the SPEC message', async (_label, override, message) => {
    const before = await countRows(t.db, 'registrations');
    const mailsBefore = t.mails.length;
    const reply = await t.post('/api/auth/register', { ...newUser(), ...override });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message });
    expect(await countRows(t.db, 'registrations')).toBe(before);
    expect(t.mails).toHaveLength(mailsBefore);
  });

  it.each([
    ['item 2: a password of exactly 8 characters', { password: '12345678' }],
    ['item 2: a password of 64 characters', { password: 'x'.repeat(63) + '!' }],
    ['item 2: a password of any characters (spaces, emoji, non-Latin)', { password: '  пароль 🔑 密码  ' }],
    ['a name of exactly 3 characters', { name: 'Ada' }],
    ['a name of exactly 30 characters', { name: 'N'.repeat(30) }],
    ['a Devanagari name with joiners', { name: 'क्‍ष त्र' }],
    ['an email with dots after the at sign', { email: `dots-${Date.now()}@a..example.com` }],
  ])('accepts %s', async (_label, override) => {
    const user = newUser(override);
    const signUp = await registerUser(t, user);
    // The password is kept exactly as given: no trimming, no truncation.
    expect((await verifySignUp(t, user, signUp)).status).toBe(200);
    expect((await login(user.email, user.password)).status).toBe(200);
  });

  it('stores the email in lower case and trims it', async () => {
    const user = newUser();
    const reply = await t.post('/api/auth/register', { ...user, email: `  ${user.email.toUpperCase()}  ` });
    expect(reply.status).toBe(200);
    expect(t.mailsTo(user.email)).toHaveLength(1);
    await verifySignUp(t, user, {
      registration: reply.body.registration,
      code: codeFrom(t.lastMailTo(user.email)),
    });
    expect(await userRow(user.email)).toMatchObject({ email: user.email });
  });

  it('item 23: role and other account fields in the body are ignored (mass assignment)', async () => {
    const user = newUser();
    const reply = await t.post('/api/auth/register', {
      ...user,
      role: 'admin',
      is_verified: 1,
      isVerified: true,
      is_google: 1,
      token_version: 99,
      id: 'chosen-id',
      _id: 'chosen-id',
      registration: 'chosen-registration',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.registration).not.toBe('chosen-registration');
    await verifySignUp(t, user, {
      registration: reply.body.registration,
      code: codeFrom(t.lastMailTo(user.email)),
    });
    const row = await userRow(user.email);
    expect(row).toMatchObject({ role: 'student', is_google: 0, token_version: 0 });
    expect(row!.id).not.toBe('chosen-id');
  });

  it('item 4: an existing verified email gets the same reply, and its owner a notice instead of a code', async () => {
    const owner = await createVerifiedUser(t);
    const ownerRowBefore = await userRow(owner.email);
    const fresh = await t.post('/api/auth/register', newUser());
    const mailsBefore = t.mailsTo(owner.email).length;

    t.clock.advance(31 * SECOND);
    const taken = await t.post('/api/auth/register', { ...newUser(), email: owner.email.toUpperCase() });
    const shape = (reply: typeof fresh) => ({
      status: reply.status,
      keys: Object.keys(reply.body).sort(),
      message: reply.body.message,
      registration: typeof reply.body.registration,
    });
    expect(shape(taken)).toEqual(shape(fresh));

    const newMails = t.mailsTo(owner.email).slice(mailsBefore);
    expect(newMails).toHaveLength(1);
    expect(newMails[0]!.subject).toBe('Someone tried to register with your email');
    expect(newMails[0]!.text).not.toMatch(/\b\d{6}\b/);
    // The account is untouched: same name, same password.
    expect(await userRow(owner.email)).toEqual(ownerRowBefore);
    expect((await login(owner.email, owner.password)).status).toBe(200);
  });

  it('item 41: the owner hears of a registration attempt at most once per half hour', async () => {
    const owner = await createVerifiedUser(t);
    const before = t.mailsTo(owner.email).length;
    for (let attempt = 0; attempt < 4; attempt += 1) {
      t.clock.advance(31 * SECOND);
      expect((await t.post('/api/auth/register', { ...newUser(), email: owner.email })).status).toBe(200);
    }
    expect(t.mailsTo(owner.email).length - before).toBe(1);
  });

  it('item 1: passwords are stored as argon2id with m=19456, t=2, p=1', async () => {
    const user = newUser();
    const signUp = await registerUser(t, user);
    await verifySignUp(t, user, signUp);
    const row = await userRow(user.email);
    // PHC string: $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>
    const parts = row!.password_hash!.split('$');
    expect(parts).toHaveLength(6);
    const [, algorithm, version, params, salt, hash] = parts;
    expect(algorithm).toBe('argon2id');
    expect(version).toBe('v=19');
    const parsed = Object.fromEntries(params!.split(',').map((pair) => pair.split('=')));
    expect(parsed).toEqual({ m: '19456', t: '2', p: '1' });
    expect(Buffer.from(salt!, 'base64').length).toBeGreaterThanOrEqual(16);
    expect(Buffer.from(hash!, 'base64').length).toBeGreaterThanOrEqual(32);
  });

  it('item 1: the same password hashes differently for two users, and no row holds the plain text', async () => {
    const password = 'the very same password 42';
    const first = newUser({ password });
    const second = newUser({ password });
    await verifySignUp(t, first, await registerUser(t, first));
    await t.post('/api/auth/register', second);
    const [a, b] = [
      await userRow(first.email),
      await t.db.selectFrom('registrations').selectAll().where('email', '=', second.email).executeTakeFirst(),
    ];
    expect(a!.password_hash).not.toBe(b!.password_hash);
    for (const table of ['users', 'registrations', 'audit_log'] as const) {
      const rows = await t.db.selectFrom(table).selectAll().execute();
      expect(JSON.stringify(rows)).not.toContain(password);
    }
  });
});

describe('someone else registers the address first (docs/security.md item 35)', () => {
  it("the owner's verified registration gets the owner's password, never the squatter's", async () => {
    const owner = newUser();
    const squatter = { ...owner, name: 'Squatter', password: 'squatter password 1' };
    // The squatter registers first and never verifies (the code went to the owner's mailbox).
    const squatted = await registerUser(t, squatter);
    t.clock.advance(31 * SECOND);
    const signUp = await registerUser(t, owner);
    expect(signUp.code).not.toBe(squatted.code);

    expect((await verifySignUp(t, owner, signUp)).status).toBe(200);
    expect((await login(owner.email, squatter.password)).status).toBe(401);
    expect((await login(owner.email, owner.password)).status).toBe(200);
    expect(await userRow(owner.email)).toMatchObject({ name: owner.name });
    // The squatter's waiting registration died with the account's creation.
    expect((await verifySignUp(t, squatter, squatted)).status).toBe(400);
  });

  it("the squatter's code, mailed to the owner, cannot verify the owner's registration, nor the owner's code the squatter's", async () => {
    const owner = newUser();
    const signUp = await registerUser(t, owner);
    t.clock.advance(31 * SECOND);
    const squatter = { ...owner, name: 'Squatter', password: 'squatter password 2' };
    const squatted = await registerUser(t, squatter);

    // The owner, confused by two mails, types the newest code: it belongs to the squatter's registration.
    const mixedUp = await verifySignUp(t, owner, signUp, squatted.code);
    expect(mixedUp.status).toBe(400);
    // The squatter holds their registration id but not the owner's code.
    expect((await verifySignUp(t, squatter, squatted, signUp.code)).status).toBe(400);
    expect(await userRow(owner.email)).toBeUndefined();

    expect((await verifySignUp(t, owner, signUp)).status).toBe(200);
    expect((await login(owner.email, owner.password)).status).toBe(200);
    expect((await login(owner.email, squatter.password)).status).toBe(401);
  });

  it('registering again follows the resend rules: no new code within 30 s, and it cannot lift a block', async () => {
    const user = newUser();
    const first = (await t.post('/api/auth/register', user)).body.registration as string;
    await t.post('/api/auth/register', user);
    expect(t.mailsTo(user.email)).toHaveLength(1);

    for (let resend = 1; resend <= 3; resend += 1) {
      t.clock.advance(31 * SECOND);
      expect((await t.post('/api/auth/register', user)).body.message).toBe(REGISTERED_MESSAGE);
    }
    expect(t.mailsTo(user.email)).toHaveLength(4);
    t.clock.advance(31 * SECOND);
    const blocked = await t.post('/api/auth/resend-otp', { email: user.email, registration: first });
    expect(blocked.status).toBe(403);
    expect((await t.post('/api/auth/register', user)).status).toBe(200);
    expect(t.mailsTo(user.email)).toHaveLength(4);

    // After the ten minutes, registering again sends a fresh code.
    t.clock.advance(10 * 60 * SECOND + SECOND);
    await t.post('/api/auth/register', user);
    expect(t.mailsTo(user.email)).toHaveLength(5);
  });

  it('a sign-up nobody verifies expires after 24 hours and is removed', async () => {
    const user = newUser();
    const signUp = await registerUser(t, user);
    t.clock.advance(24 * HOUR + SECOND);
    // Expired: its code cannot be renewed or used, and the next sign-up sweeps it away.
    const resend = await t.post('/api/auth/resend-otp', {
      email: user.email,
      registration: signUp.registration,
    });
    expect(resend.status).toBe(200);
    expect(t.lastMailTo(user.email)!.text).toContain(signUp.code);
    expect((await verifySignUp(t, user, signUp)).status).toBe(400);
    await t.post('/api/auth/register', newUser());
    const left = await t.db
      .selectFrom('registrations')
      .select('id')
      .where('id', '=', signUp.registration)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('mail flooding: 16 requests from 16 addresses in 2 s (docs/security.md items 41, 51)', () => {
  let flood: TestApp;
  beforeAll(async () => {
    // Each request from its own client address, as the review sent them.
    flood = await buildTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await flood.close();
  });
  const fromClient = (n: number) => ({ headers: { 'x-forwarded-for': `198.51.100.${n + 1}` } });

  async function sixteen(url: string, body: (n: number) => object): Promise<void> {
    for (let n = 0; n < 16; n += 1) {
      flood.clock.advance(125);
      expect((await flood.post(url, body(n), fromClient(n))).status).toBe(200);
    }
    await flood.app.context.mail.drain();
  }

  // Each address asks once, so each is within its own allowance: what stops them is the ceiling (item 51).
  it('send at most 15 codes to an address nobody has registered; then resends are blocked until the window ends', async () => {
    const email = newUser().email;
    const firstAt = flood.clock.now();
    const registrations: string[] = [];
    for (let n = 0; n < 16; n += 1) {
      flood.clock.advance(125);
      const reply = await flood.post('/api/auth/register', { ...newUser(), email }, fromClient(n));
      registrations.push(reply.body.registration);
    }
    await flood.app.context.mail.drain();
    expect(flood.mailsTo(email)).toHaveLength(15);
    // The sixteenth client's own first resend, 30 s later, finds the ceiling reached: blocked till the window ends.
    flood.clock.advance(30 * SECOND);
    const resend = await flood.post(
      '/api/auth/resend-otp',
      { email, registration: registrations[15] },
      fromClient(15),
    );
    expect(resend.status).toBe(403);
    expect(resend.body.unblockAt).toBe(new Date(firstAt + 125 + 10 * 60 * SECOND).toISOString());
  });

  it('send at most 9 reset links to an account', async () => {
    const owner = await createVerifiedUser(flood);
    const before = flood.mailsTo(owner.email).length;
    await sixteen('/api/auth/forgot-password', () => ({ email: owner.email }));
    expect(flood.mailsTo(owner.email).length - before).toBe(9);
    // Half an hour later the owner can ask again.
    flood.clock.advance(30 * 60 * SECOND);
    expect((await flood.post('/api/auth/forgot-password', { email: owner.email })).status).toBe(200);
    await flood.app.context.mail.drain();
    expect(flood.mailsTo(owner.email).length - before).toBe(10);
  });

  it('send one "someone registered" notice to an account', async () => {
    const owner = await createVerifiedUser(flood);
    // Past the cooldown of the code the owner's own sign-up just mailed (the same rules for every address).
    flood.clock.advance(31 * SECOND);
    const before = flood.mailsTo(owner.email).length;
    await sixteen('/api/auth/register', () => ({ ...newUser(), email: owner.email }));
    expect(flood.mailsTo(owner.email).length - before).toBe(1);
  });
});

describe("a stranger's requests never spend the owner's mail allowance (docs/security.md item 51)", () => {
  const stranger = { remoteAddress: '203.0.113.66' };
  const ownersClient = { remoteAddress: '198.51.100.7' };

  it("five register calls for an address over 2 minutes from one client leave the owner's own sign-up its code and its three resends", async () => {
    const owner = newUser();
    for (let call = 0; call < 5; call += 1) {
      if (call > 0) t.clock.advance(30 * SECOND);
      const squat = { ...owner, name: 'Squatter', password: 'squatter password 3' };
      expect((await t.post('/api/auth/register', squat, stranger)).status).toBe(200);
    }
    // The stranger's own client followed product §4: a code and three resends, then blocked.
    expect(t.mailsTo(owner.email)).toHaveLength(4);

    const signUp = await t.post('/api/auth/register', owner, ownersClient);
    expect(signUp.status).toBe(200);
    expect(t.mailsTo(owner.email)).toHaveLength(5);
    const resendBody = { email: owner.email, registration: signUp.body.registration };
    for (let resend = 1; resend <= 3; resend += 1) {
      t.clock.advance(30 * SECOND);
      const reply = await t.post('/api/auth/resend-otp', resendBody, ownersClient);
      expect([reply.status, reply.body]).toEqual([
        200,
        { message: 'A new OTP has been sent to your email.' },
      ]);
    }
    expect(t.mailsTo(owner.email)).toHaveLength(8);
    const code = codeFrom(t.lastMailTo(owner.email));
    // The owner's own client is still held to product §4: a fourth resend is blocked.
    t.clock.advance(30 * SECOND);
    expect((await t.post('/api/auth/resend-otp', resendBody, ownersClient)).status).toBe(403);
    expect(t.mailsTo(owner.email)).toHaveLength(8);

    const verified = await t.post('/api/auth/verify-otp', { ...resendBody, otp: code }, ownersClient);
    expect(verified.status).toBe(200);
    expect((await login(owner.email, owner.password)).status).toBe(200);
  });

  it("three forgot-password calls from one client leave the owner's own reset link", async () => {
    const owner = await createVerifiedUser(t);
    const before = t.mailsTo(owner.email).length;
    for (let call = 0; call < 4; call += 1) {
      expect((await t.post('/api/auth/forgot-password', { email: owner.email }, stranger)).status).toBe(200);
    }
    await t.app.context.mail.drain();
    // The stranger's client gets its three links a half hour, no more.
    expect(t.mailsTo(owner.email).length - before).toBe(3);

    const forgot = await t.post('/api/auth/forgot-password', { email: owner.email }, ownersClient);
    expect(forgot.status).toBe(200);
    await t.app.context.mail.drain();
    expect(t.mailsTo(owner.email).length - before).toBe(4);
    const link = linkFrom(t.lastMailTo(owner.email));
    const reset = await t.post(`/api/auth/reset-password/${tokenFromLink(link)}`, {
      password: 'the owner chose this one',
    });
    expect(reset.status).toBe(200);
    expect((await login(owner.email, 'the owner chose this one')).status).toBe(200);
  });
});
