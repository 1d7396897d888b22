/**
 * The followed subjects' digest (decision 039; docs/security.md items 62, 63): several approvals close together go
 * in ONE mail, after the gather window; nothing for pending or rejected uploads; at most one a day per user and per
 * address; deleted accounts get none; the unfollow link is signed, single-purpose and long-lived, and works with a
 * mail client's one-click POST; two replicas never both send a digest; the job honours its configuration.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { findSubject } from '@studyhub/contract/catalog';
import { STUDY_MESSAGES } from '@studyhub/contract/schemas';
import { createDigests } from '../src/services/digests';
import { createUserWithRole, loginUser } from './support/accounts';
import { buildTestApp, PUBLIC_URL, type TestApp } from './support/apps';
import { captureMailer, type CapturedMail } from './support/mail';
import { SESSION } from './support/papers';
import { request } from './support/requests';
import { addUnitQuestion, decideUpload, uploadSessionPaper, uploadUnitNotes } from './support/study';
import { createMailDelivery } from '../src/services/mailer';

type User = Awaited<ReturnType<typeof createUserWithRole>>;

const GATHER_MS = 600_000;
const DAY_MS = 86_400_000;

let t: TestApp;
let admin: User;
let teacher: User;

beforeAll(async () => {
  t = await buildTestApp({ env: { TEACHER_PENDING_MAX: '50', TEACHER_UPLOADS_PER_DAY: '50' } });
  admin = await createUserWithRole(t, 'admin');
  teacher = await createUserWithRole(t, 'teacher');
}, 60_000);
afterAll(async () => {
  await t.close();
});
// The clock moves days ahead: sessions last 12 hours.
beforeEach(async () => {
  admin.token = await loginUser(t, admin.user);
  teacher.token = await loginUser(t, teacher.user);
});

const follow = (code: string, token: string) =>
  request(t.app, 'PUT', `/api/follows/${encodeURIComponent(code)}`, undefined, { token });
/** Runs the job once and lets the mailer finish; the digests that went. */
async function runDigests(): Promise<number> {
  const sent = await t.app.context.digests.runOnce();
  await t.app.context.mail.drain();
  return sent;
}
const digestsTo = (email: string) => t.mailsTo(email).filter((mail) => mail.kind === 'digest');
const unfollowTokens = (mail: CapturedMail) =>
  [...mail.text.matchAll(/\/unfollow\?token=(\S+)/g)].map((match) => decodeURIComponent(match[1]!));
/** The token of the mail's List-Unsubscribe header (RFC 2369: `<https://…/api/follows/unfollow?token=…>`). */
function oneClickToken(mail: CapturedMail): string {
  const header = mail.headers?.['List-Unsubscribe'] ?? '';
  const link = /^<(.+)>$/.exec(header)?.[1];
  if (!link?.startsWith(`${PUBLIC_URL}/api/follows/unfollow?`))
    throw new Error(`No one-click link: ${header}`);
  return new URL(link).searchParams.get('token')!;
}
const unfollow = (token: string, options: { form?: boolean } = {}) =>
  request(
    t.app,
    'POST',
    `/api/follows/unfollow?${new URLSearchParams({ token })}`,
    undefined,
    options.form
      ? {
          raw: 'List-Unsubscribe=One-Click',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }
      : {},
  );

describe('one mail for what became visible', () => {
  it('several approvals close together: one mail after the gather window, nothing pending or rejected', async () => {
    const student = await createUserWithRole(t, 'student');
    expect((await follow('CS-502', student.token)).status).toBe(200);
    expect((await follow('CS-601', student.token)).status).toBe(200);

    const notes = await uploadUnitNotes(t, teacher.token, 'CS-502', 3);
    await decideUpload(t, admin.token, notes, true);
    await uploadSessionPaper(t, admin.token, 'CS-502', SESSION);
    for (const unit of [1, 2]) {
      await decideUpload(t, admin.token, await addUnitQuestion(t, teacher.token, 'CS-502', unit), true);
    }
    await uploadUnitNotes(t, teacher.token, 'CS-502', 4); // pending: not in the mail
    await decideUpload(t, admin.token, await uploadUnitNotes(t, teacher.token, 'CS-502', 5), false);
    await uploadUnitNotes(t, admin.token, 'CS-601', 2);
    await uploadUnitNotes(t, admin.token, 'CS-603(A)', 1); // not followed

    // Within the gather window nothing goes.
    t.clock.advance(GATHER_MS - 60_000);
    expect(await runDigests()).toBe(0);
    t.clock.advance(60_000);
    expect(await runDigests()).toBe(1);
    const mails = digestsTo(student.user.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const title = `CS-502 ${findSubject('CS-502')!.name}`;
    expect(mail!.subject).toBe(`New on StudyHub: ${title} and 1 more subject`);
    expect(mail!.text).toContain(
      `${title}\n- Unit 3 notes\n- May 2024 paper\n- 2 important questions\n` +
        `Open: ${PUBLIC_URL}/notes/CS-502\n`,
    );
    expect(mail!.text).toContain('\n- Unit 2 notes\n');
    expect(mail!.text).not.toMatch(/Unit [45] notes|CS-603/);
    expect(mail!.html).toContain(`<a href="${PUBLIC_URL}/notes/CS-502">`);
    expect(mail!.html).toContain('<li>2 important questions</li>');
    expect(unfollowTokens(mail!)).toHaveLength(2);
    // The mail client's Unsubscribe means the whole mail: its link names both subjects.
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(oneClickToken(mail!).split('~')[2]).toBe('CS-502,CS-601');
    // Everything went: the next pass has nothing.
    t.clock.advance(DAY_MS);
    expect(await runDigests()).toBe(0);
  });

  it('only pending and rejected uploads: no mail', async () => {
    const student = await createUserWithRole(t, 'student');
    await follow('CS-702(A)', student.token);
    await uploadUnitNotes(t, teacher.token, 'CS-702(A)', 1);
    await decideUpload(t, admin.token, await uploadUnitNotes(t, teacher.token, 'CS-702(A)', 2), false);
    await addUnitQuestion(t, teacher.token, 'CS-702(A)', 1);
    t.clock.advance(GATHER_MS);
    await runDigests();
    expect(digestsTo(student.user.email)).toEqual([]);
  });

  it('at most one a day: what comes after waits for the next day, then goes alone', async () => {
    const student = await createUserWithRole(t, 'student');
    await follow('CS-701', student.token);
    await uploadUnitNotes(t, admin.token, 'CS-701', 1);
    t.clock.advance(GATHER_MS);
    await runDigests();
    t.clock.advance(3600_000);
    await uploadUnitNotes(t, admin.token, 'CS-701', 2);
    t.clock.advance(GATHER_MS);
    await runDigests();
    expect(digestsTo(student.user.email)).toHaveLength(1);
    t.clock.advance(DAY_MS - 3600_000 - GATHER_MS);
    await runDigests();
    const mails = digestsTo(student.user.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('- Unit 2 notes\n');
    expect(mails[1]!.text).not.toContain('Unit 1 notes');
  });

  it('a follow gets what comes after it; unfollowing drops what waited', async () => {
    const student = await createUserWithRole(t, 'student');
    await uploadUnitNotes(t, admin.token, 'CS-801', 1);
    await follow('CS-801', student.token);
    await follow('CS-802(A)', student.token);
    await uploadUnitNotes(t, admin.token, 'CS-802(A)', 1);
    await request(t.app, 'DELETE', '/api/follows/CS-802(A)', undefined, { token: student.token });
    t.clock.advance(GATHER_MS);
    await runDigests();
    expect(digestsTo(student.user.email)).toEqual([]);
  });
});

describe('who gets mail', () => {
  it('a deleted account gets none; registered again, the address still gets one a day at most (mail cap)', async () => {
    const student = await createUserWithRole(t, 'student');
    await follow('CS-803(A)', student.token);
    await uploadUnitNotes(t, admin.token, 'CS-803(A)', 1);
    t.clock.advance(GATHER_MS);
    await runDigests();
    expect(digestsTo(student.user.email)).toHaveLength(1);

    await follow('CS-803(B)', student.token);
    await uploadUnitNotes(t, admin.token, 'CS-803(B)', 1);
    expect(
      (await request(t.app, 'DELETE', `/api/admin/users/${student.id}`, undefined, { token: admin.token }))
        .status,
    ).toBe(200);
    t.clock.advance(GATHER_MS);
    await runDigests();
    expect(digestsTo(student.user.email)).toHaveLength(1);

    // The same address, a new account: its digest waits for the address's day to pass.
    const again = await t.post('/api/auth/register', student.user);
    expect(again.status).toBe(200);
    const code = t.lastMailTo(student.user.email.toLowerCase())!.text.match(/code is (\d{6})/)![1];
    expect(
      (
        await t.post('/api/auth/verify-otp', {
          email: student.user.email,
          otp: code,
          registration: again.body.registration,
        })
      ).status,
    ).toBe(200);
    const token = (
      await t.post('/api/auth/login', { email: student.user.email, password: student.user.password })
    ).body.token;
    await follow('CS-803(C)', token);
    await uploadUnitNotes(t, admin.token, 'CS-803(C)', 1);
    t.clock.advance(GATHER_MS);
    await runDigests();
    expect(digestsTo(student.user.email)).toHaveLength(1);
    t.clock.advance(DAY_MS);
    await runDigests();
    expect(digestsTo(student.user.email)).toHaveLength(2);
  });

  it('a sign-up never verified has no account: it cannot follow, and gets only its code', async () => {
    const email = `pending-${Date.now()}@example.com`;
    expect(
      (await t.post('/api/auth/register', { name: 'Pending', email, password: 'correct horse pending' }))
        .status,
    ).toBe(200);
    expect(
      (await request(t.app, 'PUT', '/api/follows/CS-505', undefined, { token: 'not-a-session' })).status,
    ).toBe(401);
    await uploadUnitNotes(t, admin.token, 'CS-505', 1);
    t.clock.advance(GATHER_MS + DAY_MS);
    await runDigests();
    expect(t.mailsTo(email).map((mail) => mail.kind)).toEqual(['verification-code']);
  });

  it('two replicas at once: one digest', async () => {
    const student = await createUserWithRole(t, 'student');
    await follow('CS-802(B)', student.token);
    await uploadUnitNotes(t, admin.token, 'CS-802(B)', 1);
    t.clock.advance(GATHER_MS);
    const otherMails: CapturedMail[] = [];
    const { context } = t.app;
    const replica = createDigests({
      db: context.db,
      clock: t.clock,
      config: context.config,
      mail: createMailDelivery(captureMailer(otherMails), t.app.log, context.metrics),
      mailQuota: context.mailQuota,
      unfollowLinks: context.unfollowLinks,
      log: t.app.log,
    });
    const sent = await Promise.all([replica.runOnce(), context.digests.runOnce(), replica.runOnce()]);
    await context.mail.drain();
    expect(sent.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect([
      ...digestsTo(student.user.email),
      ...otherMails.filter((mail) => mail.to === student.user.email),
    ]).toHaveLength(1);
  });
});

describe('the unfollow link', () => {
  let student: User;
  let tokens: string[];
  let wholeMail: string;

  beforeAll(async () => {
    student = await createUserWithRole(t, 'student');
    await follow('CS-603(B)', student.token);
    await follow('CS-604(B)', student.token);
    await uploadUnitNotes(t, admin.token, 'CS-603(B)', 1);
    await uploadUnitNotes(t, admin.token, 'CS-604(B)', 1);
    t.clock.advance(GATHER_MS);
    await runDigests();
    const [mail] = digestsTo(student.user.email);
    tokens = unfollowTokens(mail!);
    expect(tokens).toHaveLength(2);
    wholeMail = oneClickToken(mail!);
  });

  const followed = async () =>
    (await t.get('/api/follows', { token: student.token })).body.follows.map(
      (row: { subjectCode: string }) => row.subjectCode,
    );

  it('tampered, another user, another subject or another purpose: 400 with the message, nothing changed', async () => {
    const [expires, userId, code, signature] = tokens[0]!.split('~');
    const flipped = signature!.slice(0, -1) + (signature!.endsWith('A') ? 'B' : 'A');
    const units = await t.get('/api/notes/units?subject=CS-603(B)', { token: student.token });
    const downloadSig = new URL(units.body.units[0].url, PUBLIC_URL).searchParams.get('sig')!;
    const bad = [
      `${expires}~${userId}~${code}~${flipped}`,
      `${expires}~${admin.id}~${code}~${signature}`,
      `${expires}~${userId}~CS-604(B)~${signature}`,
      `${Number(expires) + 1}~${userId}~${code}~${signature}`,
      `${expires}~${userId}~${code}~${downloadSig}`,
      student.token,
      `${tokens[0]}~extra`,
      '~~~',
      'x'.repeat(2000),
    ];
    for (const token of bad) {
      const reply = await unfollow(token);
      expect([reply.status, reply.body.message]).toEqual([400, STUDY_MESSAGES.unfollowLink]);
    }
    expect((await t.post('/api/follows/unfollow', undefined)).status).toBe(400);
    // Bodies of any type are a 4xx at worst, never a 5xx, and change nothing with a bad token.
    for (const [type, raw] of [
      ['text/plain', 'List-Unsubscribe=One-Click'],
      ['application/json', '{"List-Unsubscribe":'],
      ['application/x-www-form-urlencoded', 'x'.repeat(5000)],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
      ],
    ]) {
      const reply = await request(t.app, 'POST', '/api/follows/unfollow?token=1~a~CS-501~b', undefined, {
        raw: raw!,
        headers: { 'content-type': type! },
      });
      expect([type, reply.status >= 400 && reply.status < 500]).toEqual([type, true]);
    }
    expect(await followed()).toEqual(['CS-603(B)', 'CS-604(B)']);
    // And an unfollow token is no session.
    expect((await t.get('/api/me', { token: tokens[0]! })).status).toBe(401);
  });

  it('the mail client one-click POST (RFC 8058) and the page both stop one subject, again and again', async () => {
    const oneClick = await unfollow(tokens[0]!, { form: true });
    expect(oneClick.status).toBe(200);
    expect(oneClick.body).toEqual({
      message: 'You will get no more mails about Compiler Design.'.replace(
        'Compiler Design',
        oneClick.body.subject,
      ),
      subjectCode: 'CS-603(B)',
      subject: oneClick.body.subject,
    });
    expect(await followed()).toEqual(['CS-604(B)']);
    expect((await unfollow(tokens[0]!)).status).toBe(200);
    expect((await unfollow(tokens[1]!)).body.subjectCode).toBe('CS-604(B)');
    expect(await followed()).toEqual([]);
  });

  it('the mail’s one-click unsubscribe stops every subject of the mail; its list cannot be changed', async () => {
    await follow('CS-603(B)', student.token);
    await follow('CS-604(B)', student.token);
    const [expires, userId, codes, signature] = wholeMail.split('~');
    expect(codes).toBe('CS-603(B),CS-604(B)');
    const names = ['CS-603(B)', 'CS-604(B)'].map((code) => findSubject(code)!.name);
    for (const changed of [
      'CS-603(B)',
      'CS-604(B),CS-603(B)',
      'CS-603(B),CS-604(B),CS-501',
      'CS-603(B),CS-603(B)',
      'CS-603(B),',
      Array.from({ length: 51 }, (_, index) => `CS-${index}`).join(','),
    ]) {
      const reply = await unfollow(`${expires}~${userId}~${changed}~${signature}`, { form: true });
      expect([changed, reply.status]).toEqual([changed, 400]);
    }
    expect(await followed()).toEqual(['CS-603(B)', 'CS-604(B)']);
    const reply = await unfollow(wholeMail, { form: true });
    expect([reply.status, reply.body.message]).toEqual([
      200,
      `You will get no more mails about ${names[0]} and ${names[1]}.`,
    ]);
    expect(await followed()).toEqual([]);
  });

  it('lives 90 days', async () => {
    await follow('CS-604(B)', student.token);
    t.clock.advance(89 * DAY_MS);
    expect((await unfollow(tokens[1]!)).status).toBe(200);
    t.clock.advance(2 * DAY_MS);
    expect((await unfollow(tokens[1]!)).status).toBe(400);
  });
});

describe('the job', () => {
  it('runs every DIGEST_INTERVAL_SECONDS after DIGEST_GATHER_SECONDS, and stops with the app', async () => {
    const quick = await buildTestApp({ env: { DIGEST_INTERVAL_SECONDS: '1', DIGEST_GATHER_SECONDS: '0' } });
    try {
      const quickAdmin = await createUserWithRole(quick, 'admin');
      const student = await createUserWithRole(quick, 'student');
      await request(quick.app, 'PUT', '/api/follows/CS-501', undefined, { token: student.token });
      await uploadUnitNotes(quick, quickAdmin.token, 'CS-501', 1);
      quick.app.context.digests.start();
      const until = Date.now() + 15_000;
      while (quick.mailsTo(student.user.email).every((mail) => mail.kind !== 'digest')) {
        if (Date.now() > until) throw new Error('No digest within 15 s');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await quick.close();
    }
  });
});
