import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildTestApp, codeFrom, countRows, createVerifiedUser, newUser, type TestApp } from './helpers';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const REGISTERED = { message: 'OTP sent to your email' };

async function userRow(email: string) {
  return t.db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

describe('POST /api/auth/register', () => {
  it('creates an unverified student and mails a 6-digit code', async () => {
    const user = newUser();
    const reply = await t.post('/api/auth/register', user);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(REGISTERED);
    const mails = t.mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your StudyHub verification code');
    expect(codeFrom(mails[0])).toMatch(/^\d{6}$/);
    const row = await userRow(user.email);
    expect(row).toMatchObject({ name: user.name, email: user.email, role: 'student', is_verified: 0 });
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
    const before = await countRows(t.db, 'users');
    const mailsBefore = t.mails.length;
    const reply = await t.post('/api/auth/register', { ...newUser(), ...override });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message });
    expect(await countRows(t.db, 'users')).toBe(before);
    expect(t.mails).toHaveLength(mailsBefore);
  });

  it.each([
    ['item 2: a password of exactly 8 characters', { password: '12345678' }],
    ['item 2: a password of 64 characters', { password: 'x'.repeat(63) + '!' }],
    ['item 2: a password of any characters (spaces, emoji, non-Latin)', { password: '  пароль 🔑 密码  ' }],
    ['a name of exactly 3 characters', { name: 'Ada' }],
    ['a name of exactly 30 characters', { name: 'N'.repeat(30) }],
  ])('accepts %s', async (_label, override) => {
    const user = newUser(override);
    const reply = await t.post('/api/auth/register', user);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(REGISTERED);
    // The password is kept exactly as given: no trimming, no truncation.
    const code = codeFrom(t.lastMailTo(user.email));
    expect((await t.post('/api/auth/verify-otp', { email: user.email, otp: code })).status).toBe(200);
    const login = await t.post('/api/auth/login', { email: user.email, password: user.password });
    expect(login.status).toBe(200);
  });

  it('stores the email in lower case and trims it', async () => {
    const user = newUser();
    const reply = await t.post('/api/auth/register', { ...user, email: `  ${user.email.toUpperCase()}  ` });
    expect(reply.status).toBe(200);
    expect(await userRow(user.email)).toMatchObject({ email: user.email });
    expect(t.mailsTo(user.email)).toHaveLength(1);
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
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(REGISTERED);
    const row = await userRow(user.email);
    expect(row).toMatchObject({ role: 'student', is_verified: 0, is_google: 0, token_version: 0 });
    expect(row!.id).not.toBe('chosen-id');
  });

  it('item 4: an existing verified email gets the same reply, and its owner a notice instead of a code', async () => {
    const owner = await createVerifiedUser(t);
    const ownerRowBefore = await userRow(owner.email);
    const fresh = await t.post('/api/auth/register', newUser());
    const mailsBefore = t.mailsTo(owner.email).length;

    const taken = await t.post('/api/auth/register', { ...newUser(), email: owner.email.toUpperCase() });
    expect({ status: taken.status, body: taken.body }).toEqual({ status: fresh.status, body: fresh.body });

    const newMails = t.mailsTo(owner.email).slice(mailsBefore);
    expect(newMails).toHaveLength(1);
    expect(newMails[0]!.subject).toBe('Someone tried to register with your email');
    expect(newMails[0]!.text).not.toMatch(/\b\d{6}\b/);
    // The account is untouched: same name, same password, still verified.
    expect(await userRow(owner.email)).toEqual(ownerRowBefore);
    const login = await t.post('/api/auth/login', { email: owner.email, password: owner.password });
    expect(login.status).toBe(200);
  });

  it('item 1: passwords are stored as argon2id with m=19456, t=2, p=1', async () => {
    const user = newUser();
    await t.post('/api/auth/register', user);
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
    await t.post('/api/auth/register', first);
    await t.post('/api/auth/register', second);
    const [a, b] = [await userRow(first.email), await userRow(second.email)];
    expect(a!.password_hash).not.toBe(b!.password_hash);
    for (const table of ['users', 'otp_codes', 'audit_log'] as const) {
      const rows = await t.db.selectFrom(table).selectAll().execute();
      expect(JSON.stringify(rows)).not.toContain(password);
    }
  });
});

describe('registering again before verifying', () => {
  it('keeps the first password, so whoever registers the address second cannot own the account', async () => {
    const owner = newUser();
    await t.post('/api/auth/register', owner);
    t.clock.advance(31_000);
    const intruder = { ...owner, name: 'Intruder', password: 'intruder password 1' };
    const again = await t.post('/api/auth/register', intruder);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(REGISTERED);

    // The owner verifies with the newest code from their own mailbox.
    const verified = await t.post('/api/auth/verify-otp', {
      email: owner.email,
      otp: codeFrom(t.lastMailTo(owner.email)),
    });
    expect(verified.status).toBe(200);
    expect(
      (await t.post('/api/auth/login', { email: owner.email, password: intruder.password })).status,
    ).toBe(401);
    expect((await t.post('/api/auth/login', { email: owner.email, password: owner.password })).status).toBe(
      200,
    );
    expect(await userRow(owner.email)).toMatchObject({ name: owner.name });
  });

  it('follows the resend rules: no new code within 30 s, and it cannot lift a block', async () => {
    const user = newUser();
    await t.post('/api/auth/register', user);
    await t.post('/api/auth/register', user);
    expect(t.mailsTo(user.email)).toHaveLength(1);

    for (let resend = 1; resend <= 3; resend += 1) {
      t.clock.advance(31_000);
      expect((await t.post('/api/auth/register', user)).body).toEqual(REGISTERED);
    }
    expect(t.mailsTo(user.email)).toHaveLength(4);
    t.clock.advance(31_000);
    const blocked = await t.post('/api/auth/resend-otp', { email: user.email });
    expect(blocked.status).toBe(403);
    expect(await t.post('/api/auth/register', user)).toMatchObject({ status: 200, body: REGISTERED });
    expect(t.mailsTo(user.email)).toHaveLength(4);

    // After the ten minutes, registering again sends a fresh code.
    t.clock.advance(10 * 60_000 + 1_000);
    await t.post('/api/auth/register', user);
    expect(t.mailsTo(user.email)).toHaveLength(5);
  });
});
