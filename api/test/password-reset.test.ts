import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  countRows,
  createVerifiedUser,
  loginUser,
  newUser,
  registerUser,
  verifySignUp,
  type TestUser,
} from './support/accounts';
import { buildTestApp, PUBLIC_URL, type TestApp } from './support/apps';
import { linkFrom, tokenFromLink } from './support/mail';

const LINK_SENT = { message: 'If that email is registered, a reset link has been sent.' };
const RESET_DONE = { message: 'Password reset successful. Please log in with your new password.' };
const RESET_INVALID = { message: 'Invalid or expired reset link.' };
const MINUTE = 60_000;

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { LOG_LEVEL: 'info' } });
});
afterAll(async () => {
  await t.close();
});

async function requestLink(user: TestUser, headers?: Record<string, string>): Promise<string> {
  const reply = await t.post('/api/auth/forgot-password', { email: user.email }, { headers });
  expect(reply.status).toBe(200);
  expect(reply.body).toEqual(LINK_SENT);
  return tokenFromLink(linkFrom(t.lastMailTo(user.email)));
}

function reset(token: string, password: string, extra: Record<string, unknown> = {}) {
  return t.post(`/api/auth/reset-password/${token}`, { password, ...extra });
}

async function canLogIn(user: TestUser, password: string): Promise<boolean> {
  const reply = await t.post('/api/auth/login', { email: user.email, password });
  return reply.status === 200;
}

describe('POST /api/auth/forgot-password', () => {
  it('item 5: the same reply for known and unknown emails; nothing stored or sent for unknown ones', async () => {
    const known = await createVerifiedUser(t);
    const knownReply = await t.post('/api/auth/forgot-password', { email: known.email });

    const mailsBefore = t.mails.length;
    const resetsBefore = await countRows(t.db, 'password_resets');
    const auditBefore = await countRows(t.db, 'audit_log');
    const usersBefore = await countRows(t.db, 'users');
    const unknownReply = await t.post('/api/auth/forgot-password', { email: newUser().email });

    expect({ status: unknownReply.status, body: unknownReply.body }).toEqual({
      status: knownReply.status,
      body: knownReply.body,
    });
    expect(knownReply).toMatchObject({ status: 200, body: LINK_SENT });
    expect(t.mails).toHaveLength(mailsBefore);
    expect(await countRows(t.db, 'password_resets')).toBe(resetsBefore);
    expect(await countRows(t.db, 'audit_log')).toBe(auditBefore);
    expect(await countRows(t.db, 'users')).toBe(usersBefore);
  });

  it('rejects a malformed email with the SPEC message', async () => {
    const reply = await t.post('/api/auth/forgot-password', { email: 'not-an-email' });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: 'Enter a valid email address.' });
  });

  it('item 14: the link is built from PUBLIC_URL, never from Host or X-Forwarded-Host', async () => {
    const user = await createVerifiedUser(t);
    await requestLink(user, {
      host: 'evil.test',
      'x-forwarded-host': 'evil.test',
      'x-forwarded-proto': 'http',
    });
    const mail = t.lastMailTo(user.email)!;
    expect(mail.subject).toBe('Reset your StudyHub password');
    const link = linkFrom(mail);
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.pathname).toMatch(/^\/reset-password\/[A-Za-z0-9_-]{43}$/);
    expect(mail.text).not.toContain('evil.test');
  });

  it('item 13: the token has 256 random bits, and only its SHA-256 is stored', async () => {
    const user = await createVerifiedUser(t);
    const first = await requestLink(user);
    const second = await requestLink(user);
    expect(first).not.toBe(second);
    expect(Buffer.from(first, 'base64url')).toHaveLength(32);
    const rows = await t.db.selectFrom('password_resets').selectAll().execute();
    const hashes = rows.map((row) => row.token_hash);
    expect(hashes).toContain(createHash('sha256').update(first).digest('hex'));
    expect(hashes).toContain(createHash('sha256').update(second).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(first);
    expect(JSON.stringify(rows)).not.toContain(second);
    const audit = JSON.stringify(await t.db.selectFrom('audit_log').selectAll().execute());
    expect(audit).not.toContain(first);
  });
});

describe('POST /api/auth/reset-password/:token', () => {
  it('item 15: resets the password, mails a notice, ends old sessions and does not log in', async () => {
    const user = await createVerifiedUser(t);
    const session = await loginUser(t, user);
    const token = await requestLink(user);
    const newPassword = 'my new password is long';

    const reply = await reset(token, newPassword);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(RESET_DONE);
    expect(Object.keys(reply.body)).toEqual(['message']);

    const notice = t.lastMailTo(user.email)!;
    expect(notice.subject).toBe('Your StudyHub password was changed');
    expect(notice.text).not.toContain(newPassword);
    expect(await canLogIn(user, user.password)).toBe(false);
    expect(await canLogIn(user, newPassword)).toBe(true);
    const me = await t.get('/api/me', { token: session });
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ message: 'Session expired. Please log in again.' });
  });

  it('item 13: a token works once; reuse fails', async () => {
    const user = await createVerifiedUser(t);
    const token = await requestLink(user);
    expect((await reset(token, 'first new password')).status).toBe(200);
    const again = await reset(token, 'second new password');
    expect(again.status).toBe(400);
    expect(again.body).toEqual(RESET_INVALID);
    expect(await canLogIn(user, 'first new password')).toBe(true);
  });

  it('item 13: two concurrent resets with one token succeed exactly once', async () => {
    const user = await createVerifiedUser(t);
    const token = await requestLink(user);
    const replies = await Promise.all([
      reset(token, 'parallel password A'),
      reset(token, 'parallel password B'),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 400]);
    const winner = replies[0]!.status === 200 ? 'parallel password A' : 'parallel password B';
    expect(await canLogIn(user, winner)).toBe(true);
  });

  it('item 13: a token expires after 30 minutes', async () => {
    const user = await createVerifiedUser(t);
    const onTime = await requestLink(user);
    const late = newUser();
    await createVerifiedUser(t, late);
    const lateToken = await requestLink(late);

    t.clock.advance(30 * MINUTE - 1000);
    expect((await reset(onTime, 'just in time password')).status).toBe(200);
    t.clock.advance(2000);
    const reply = await reset(lateToken, 'too late password');
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(RESET_INVALID);
    expect(await canLogIn(late, late.password)).toBe(true);
  });

  it("item 13: A's token resets only A, whatever the body says about B", async () => {
    const a = await createVerifiedUser(t);
    const b = await createVerifiedUser(t);
    const bRow = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', b.email)
      .executeTakeFirstOrThrow();
    const token = await requestLink(a);
    const reply = await reset(token, 'chosen by whoever holds the link', {
      email: b.email,
      userId: bRow.id,
      user_id: bRow.id,
      _id: bRow.id,
    });
    expect(reply.status).toBe(200);
    expect(await canLogIn(b, b.password)).toBe(true);
    expect(await canLogIn(b, 'chosen by whoever holds the link')).toBe(false);
    expect(await canLogIn(a, 'chosen by whoever holds the link')).toBe(true);
  });

  it('item 15: a reset kills every other outstanding link of that user', async () => {
    const user = await createVerifiedUser(t);
    const first = await requestLink(user);
    const second = await requestLink(user);
    expect((await reset(second, 'the newest link won')).status).toBe(200);
    const older = await reset(first, 'the older link tries');
    expect(older.status).toBe(400);
    expect(older.body).toEqual(RESET_INVALID);
  });

  it('item 12: a reset token cannot verify an email, and a code cannot reset a password', async () => {
    const owner = await createVerifiedUser(t);
    const token = await requestLink(owner);
    const user = newUser();
    const signUp = await registerUser(t, user);
    const verify = await verifySignUp(t, user, signUp, token);
    expect(verify.status).toBe(400);
    const wrongPurpose = await reset(signUp.code, 'a new password here');
    expect(wrongPurpose.status).toBe(400);
    expect(wrongPurpose.body).toEqual(RESET_INVALID);
  });

  it('a too-short new password is rejected and leaves the link usable', async () => {
    const user = await createVerifiedUser(t);
    const token = await requestLink(user);
    const short = await reset(token, '1234567');
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ message: 'Password must be at least 8 characters long.' });
    expect((await reset(token, '12345678')).status).toBe(200);
  });

  it.each([
    ['a well-formed unknown token', randomBytes(32).toString('base64url')],
    ['a short token', 'abc'],
    ['a token with bad characters', `${'a'.repeat(42)}!`],
    ['a 6-digit number', '123456'],
  ])('rejects %s with 400', async (_label, token) => {
    const reply = await reset(encodeURIComponent(token), 'some new password');
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(RESET_INVALID);
  });

  it('item 13: reset tokens never appear in the request log', async () => {
    const user = await createVerifiedUser(t);
    const token = await requestLink(user);
    await reset(token, 'short');
    await reset(token, 'a long enough password');
    const logs = t.logs.join('\n');
    expect(logs).toContain('/reset-password/[redacted]');
    expect(logs).not.toContain(token);
  });

  it.each([
    ['a percent-encoded letter', (token: string) => `/api/auth/%72eset-password/${token}`],
    ['upper-case letters', (token: string) => `/API/AUTH/RESET-PASSWORD/${token}`],
    ['an absolute-form target', (token: string) => `http://studyhub.test/api/auth/reset-password/${token}`],
    ['a doubled slash', (token: string) => `/api/auth/reset-password//${token}`],
    ["the site's reset page", (token: string) => `/reset-password/${token}?x=1`],
  ])('item 13: a reset token spelled with %s never appears in the request log', async (_label, spell) => {
    const token = randomBytes(32).toString('base64url');
    await t.app.inject({
      method: 'POST',
      url: spell(token),
      payload: { password: 'a long enough password' },
    });
    expect(t.logs.join('\n')).not.toContain(token);
  });
});
