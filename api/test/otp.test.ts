import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  buildTestApp,
  codeFrom,
  countRows,
  newUser,
  registerUser,
  TEST_DB,
  type TestApp,
  type TestUser,
} from './helpers';

let t: TestApp;

beforeAll(async () => {
  // trace: every log line the app can write is captured, so the "never logged" checks see everything.
  t = await buildTestApp({ env: { LOG_LEVEL: 'trace' } });
});
afterAll(async () => {
  await t.close();
});

const VERIFIED = { message: 'Email verified successfully. You can now log in.' };
const INVALID = { message: 'Invalid or expired OTP.' };
const TOO_MANY = { message: 'Too many wrong attempts. Please request a new OTP.' };
const RESENT = { message: 'A new OTP has been sent to your email.' };
const COOLDOWN = { message: 'Please wait 30 seconds before requesting another OTP.' };
const BLOCKED_MESSAGE = "You've reached the maximum OTP resend limit. Please try again after 10 minutes.";

const SECOND = 1000;
const MINUTE = 60 * SECOND;

function verify(user: TestUser, otp: string) {
  return t.post('/api/auth/verify-otp', { email: user.email, otp });
}

function resend(user: TestUser) {
  return t.post('/api/auth/resend-otp', { email: user.email });
}

/** A 6-digit code that is not `code`. */
function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

async function isVerified(user: TestUser): Promise<boolean> {
  const row = await t.db
    .selectFrom('users')
    .select('is_verified')
    .where('email', '=', user.email)
    .executeTakeFirstOrThrow();
  return row.is_verified === 1;
}

describe('POST /api/auth/verify-otp', () => {
  it('verifies the account with the mailed code, and the account can then log in', async () => {
    const user = newUser();
    const code = await registerUser(t, user);
    const before = await t.post('/api/auth/login', { email: user.email, password: user.password });
    expect(before.status).toBe(401);
    const reply = await verify(user, code);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(VERIFIED);
    expect(await isVerified(user)).toBe(true);
    const login = await t.post('/api/auth/login', { email: user.email, password: user.password });
    expect(login.status).toBe(200);
  });

  it.each([
    ['5 digits', '12345'],
    ['7 digits', '1234567'],
    ['letters', 'abcdef'],
    ['a number instead of a string', 123456],
    ['digits with a space', '123 45'],
  ])('rejects a code of %s with the SPEC message', async (_label, otp) => {
    const user = newUser();
    await registerUser(t, user);
    const reply = await t.post('/api/auth/verify-otp', { email: user.email, otp });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: 'Please enter all 6 digits of the OTP.' });
  });

  it('answers an unknown email like a wrong code', async () => {
    const reply = await t.post('/api/auth/verify-otp', { email: newUser().email, otp: '123456' });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(INVALID);
  });

  it('item 7: the code is stored only as a keyed hash and never appears in logs or audit rows', async () => {
    const user = newUser();
    const code = await registerUser(t, user);
    const row = await t.db
      .selectFrom('otp_codes')
      .innerJoin('users', 'users.id', 'otp_codes.user_id')
      .select(['otp_codes.code_hash'])
      .where('users.email', '=', user.email)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).not.toBe(code);
    expect(row.code_hash).not.toContain(code);
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    await verify(user, otherCode(code));
    await verify(user, code);

    expect(t.logs.length).toBeGreaterThan(0);
    expect(t.logs.join('\n')).not.toContain(code);
    const audit = await t.db.selectFrom('audit_log').selectAll().execute();
    expect(audit.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit)).not.toContain(code);
    const codes = await t.db.selectFrom('otp_codes').selectAll().execute();
    expect(JSON.stringify(codes)).not.toContain(`"${code}"`);
  });

  it('item 7: codes are 6 digits and vary (no fixed or sequential codes)', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 8; i += 1) codes.add(await registerUser(t, newUser()));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(codes.size).toBeGreaterThanOrEqual(7);
  });

  it('item 8: a code is valid for 10 minutes and rejected 10 min + 1 s after it was sent', async () => {
    const onTime = newUser();
    const onTimeCode = await registerUser(t, onTime);
    const late = newUser();
    const lateCode = await registerUser(t, late);

    t.clock.advance(10 * MINUTE - SECOND);
    expect((await verify(onTime, onTimeCode)).status).toBe(200);

    t.clock.advance(2 * SECOND);
    const reply = await verify(late, lateCode);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual(INVALID);
    expect(await isVerified(late)).toBe(false);
  });

  it('item 10: after 5 wrong codes even the right one fails until a new code is sent', async () => {
    const user = newUser();
    const code = await registerUser(t, user);
    const wrong = otherCode(code);
    const replies = [];
    for (let i = 0; i < 5; i += 1) replies.push(await verify(user, wrong));
    expect(replies.map((reply) => reply.status)).toEqual([400, 400, 400, 400, 400]);
    expect(replies.slice(0, 4).map((reply) => reply.body)).toEqual([INVALID, INVALID, INVALID, INVALID]);
    expect(replies[4]!.body).toEqual(TOO_MANY);

    const right = await verify(user, code);
    expect(right.status).toBe(400);
    expect(right.body).toEqual(TOO_MANY);
    expect(await isVerified(user)).toBe(false);

    // A new code works again.
    t.clock.advance(31 * SECOND);
    expect((await resend(user)).status).toBe(200);
    const fresh = codeFrom(t.lastMailTo(user.email));
    expect((await verify(user, fresh)).status).toBe(200);
  });

  it('item 10: parallel wrong guesses cannot exceed the cap (the counter rises before comparing)', async () => {
    const user = newUser();
    const code = await registerUser(t, user);
    const guesses = Array.from({ length: 12 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const replies = await Promise.all(guesses.map((guess) => verify(user, guess)));
    expect(replies.every((reply) => reply.status === 400)).toBe(true);
    const row = await t.db
      .selectFrom('otp_codes')
      .innerJoin('users', 'users.id', 'otp_codes.user_id')
      .select('otp_codes.attempts')
      .where('users.email', '=', user.email)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    expect((await verify(user, code)).body).toEqual(TOO_MANY);
  });

  it(`item 9: two concurrent verifies with the right code succeed exactly once (${TEST_DB})`, async () => {
    for (let round = 0; round < 5; round += 1) {
      const user = newUser();
      const code = await registerUser(t, user);
      const replies = await Promise.all([verify(user, code), verify(user, code), verify(user, code)]);
      const statuses = replies.map((reply) => reply.status).sort();
      expect(statuses).toEqual([200, 400, 400]);
      for (const reply of replies) expect(reply.body).toEqual(reply.status === 200 ? VERIFIED : INVALID);
      const audits = await t.db
        .selectFrom('audit_log')
        .innerJoin('users', 'users.id', 'audit_log.actor_id')
        .select('audit_log.action')
        .where('users.email', '=', user.email)
        .where('audit_log.action', '=', 'auth.verify-email')
        .execute();
      expect(audits).toHaveLength(1);
    }
  }, 30_000);

  it('item 9: a used code cannot be used again', async () => {
    const user = newUser();
    const code = await registerUser(t, user);
    expect((await verify(user, code)).status).toBe(200);
    const again = await verify(user, code);
    expect(again.status).toBe(400);
    expect(again.body).toEqual(INVALID);
  });

  it('item 11: a resend replaces the code: the old one dies, the new one works', async () => {
    const user = newUser();
    const oldCode = await registerUser(t, user);
    t.clock.advance(30 * SECOND);
    const reply = await resend(user);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(RESENT);
    const newCode = codeFrom(t.lastMailTo(user.email));
    expect(t.mailsTo(user.email)).toHaveLength(2);
    if (newCode !== oldCode) {
      const old = await verify(user, oldCode);
      expect(old.status).toBe(400);
      expect(old.body).toEqual(INVALID);
    }
    expect((await verify(user, newCode)).status).toBe(200);
  });

  it('item 11: a resend within 30 s answers 429 with Retry-After and sends nothing', async () => {
    const user = newUser();
    await registerUser(t, user);
    const first = await resend(user);
    expect(first.status).toBe(429);
    expect(first.body).toEqual(COOLDOWN);
    expect(first.headers['retry-after']).toBe('30');
    t.clock.advance(12 * SECOND);
    const second = await resend(user);
    expect(second.status).toBe(429);
    expect(second.headers['retry-after']).toBe('18');
    expect(t.mailsTo(user.email)).toHaveLength(1);
    t.clock.advance(18 * SECOND);
    expect((await resend(user)).status).toBe(200);
    expect(t.mailsTo(user.email)).toHaveLength(2);
  });

  it('item 11: after 3 resends the 4th is refused with 403 and unblockAt 10 minutes ahead; it lifts after that', async () => {
    const user = newUser();
    await registerUser(t, user);
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(30 * SECOND);
      const reply = await resend(user);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual(RESENT);
    }
    expect(t.mailsTo(user.email)).toHaveLength(4);
    const lastCode = codeFrom(t.lastMailTo(user.email));

    t.clock.advance(30 * SECOND);
    const blockedAt = t.clock.now();
    const blocked = await resend(user);
    expect(blocked.status).toBe(403);
    expect(blocked.body).toEqual({
      message: BLOCKED_MESSAGE,
      unblockAt: new Date(blockedAt + 10 * MINUTE).toISOString(),
    });
    expect(new Date(blocked.body.unblockAt).toISOString()).toBe(blocked.body.unblockAt);

    // Still blocked (same unblockAt) just before the time; no mail goes out.
    t.clock.advance(10 * MINUTE - SECOND);
    const still = await resend(user);
    expect(still.status).toBe(403);
    expect(still.body.unblockAt).toBe(blocked.body.unblockAt);
    expect(t.mailsTo(user.email)).toHaveLength(4);

    t.clock.advance(2 * SECOND);
    const lifted = await resend(user);
    expect(lifted.status).toBe(200);
    expect(lifted.body).toEqual(RESENT);
    const newCode = codeFrom(t.lastMailTo(user.email));
    expect(t.mailsTo(user.email)).toHaveLength(5);
    if (newCode !== lastCode) expect((await verify(user, lastCode)).status).toBe(400);
    expect((await verify(user, newCode)).status).toBe(200);
  });

  it('resend for unknown or already verified emails answers the same and sends nothing', async () => {
    const unknown = newUser();
    const verified = newUser();
    const code = await registerUser(t, verified);
    await verify(verified, code);
    const mailsBefore = t.mails.length;
    t.clock.advance(31 * SECOND);
    for (const user of [unknown, verified]) {
      const reply = await resend(user);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual(RESENT);
    }
    expect(t.mails).toHaveLength(mailsBefore);
  });

  it('item 12: a verification code cannot be used as a password-reset token', async () => {
    const user = newUser();
    const code = await registerUser(t, user);
    const resetsBefore = await countRows(t.db, 'password_resets');
    const reply = await t.post(`/api/auth/reset-password/${code}`, { password: 'a brand new password' });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: 'Invalid or expired reset link.' });
    const login = await t.post('/api/auth/login', { email: user.email, password: 'a brand new password' });
    expect(login.status).toBe(401);
    expect(await countRows(t.db, 'password_resets')).toBe(resetsBefore);
    // The code itself is still good for what it was made for.
    expect((await verify(user, code)).status).toBe(200);
  });
});
