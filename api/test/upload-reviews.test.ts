/**
 * The upload review queue (issue 16, decision 026): who may call each new route, the state machine (pending →
 * approved | rejected | expired, nothing else, held by the database itself), two admins deciding at once, hostile
 * input, and what a decision leaves behind: the unit's current file, history, removed files, the audit trail and
 * the uploader's mail. Runs on SQLite and PostgreSQL (STUDYHUB_TEST_DB).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { REVIEW_REASON_MAX_LENGTH } from '@studyhub/contract/schemas';
import { createUserWithRole } from './support/accounts';
import { buildTestApp, type TestApp } from './support/apps';
import { TEST_DB } from './support/database';
import { uploadNote } from './support/note-files';
import { request, type ApiReply } from './support/requests';

let t: TestApp;
let basePdf: Buffer;
let admin: { id: string; token: string };
let secondAdmin: { id: string; token: string };
let teacher: { id: string; token: string; user: { email: string; name: string } };
let otherTeacher: { id: string; token: string };
let student: { id: string; token: string };

beforeAll(async () => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([200, 200]).drawText('StudyHub review notes', { x: 10, y: 100, size: 10, font });
  basePdf = Buffer.from(await doc.save());
  // Room for every upload this file makes; the caps have their own tests (upload-review-limits.test.ts).
  t = await buildTestApp({ env: { TEACHER_PENDING_MAX: '500', TEACHER_UPLOADS_PER_DAY: '500' } });
  admin = await createUserWithRole(t, 'admin');
  secondAdmin = await createUserWithRole(t, 'admin');
  teacher = await createUserWithRole(t, 'teacher');
  otherTeacher = await createUserWithRole(t, 'teacher');
  student = await createUserWithRole(t, 'student');
}, 60_000);
afterAll(async () => {
  await t.close();
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
let pdfCount = 0;
/** A real PDF, unique per call. */
function pdf(): Buffer {
  pdfCount += 1;
  return Buffer.concat([basePdf, Buffer.from(`\n% review ${pdfCount}\n`)]);
}

const UNIT = { branch: 'CSE', year: 'Third Year', semester: '6', subject: 'CS-601', unit: '3' };
type Unit = typeof UNIT;

/** An upload through the API (no token: anonymous); answers the reply and the bytes sent. */
async function upload(
  token: string | undefined,
  unit: Unit = UNIT,
): Promise<{ reply: ApiReply; bytes: Buffer }> {
  const bytes = pdf();
  t.clock.advance(1000);
  const reply = await uploadNote(t, unit, bytes, token);
  return { reply, bytes };
}

/** A teacher's pending upload: its id and bytes. */
async function pendingUpload(
  unit: Unit = UNIT,
  token = teacher.token,
): Promise<{ id: string; bytes: Buffer }> {
  const { reply, bytes } = await upload(token, unit);
  expect([reply.status, reply.body.state]).toEqual([201, 'pending']);
  return { id: reply.body.note._id as string, bytes };
}

/** A decision as the first admin, or as `token`'s user (null: anonymous). */
const decide = (id: string, body: unknown, token: string | null = admin.token) =>
  request(t.app, 'POST', `/api/admin/reviews/${id}`, body, token === null ? {} : { token });
const approve = (id: string, token?: string | null) => decide(id, { decision: 'approve' }, token);
const reject = (id: string, reason = 'Unit 3 is missing its second half.') =>
  decide(id, { decision: 'reject', reason });

const row = (id: string) =>
  t.db.selectFrom('note_files').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const fileOf = async (id: string) => path.join(t.app.context.config.filesDir, (await row(id)).storage_name);
const unitPath = (unit: Unit = UNIT) =>
  `/api/download/${unit.branch}/${unit.year.replace(' ', '_')}/Semester_${unit.semester}/${unit.subject}/${unit.unit}`;

describe('who may call each new route (anonymous, student, teacher, admin)', () => {
  it('POST /api/upload/upload: 401, 403, 201 pending, 201 approved', async () => {
    expect((await upload(undefined)).reply.status).toBe(401);
    const refused = (await upload(student.token)).reply;
    expect([refused.status, refused.body]).toEqual([403, { message: 'Teachers and admins only.' }]);
    const byTeacher = (await upload(teacher.token)).reply;
    expect(byTeacher.status).toBe(201);
    expect(byTeacher.body).toMatchObject({
      state: 'pending',
      message: 'Upload received. An admin will review it before students can see it.',
    });
    const byAdmin = (await upload(admin.token)).reply;
    expect([byAdmin.status, byAdmin.body.state, byAdmin.body.message]).toEqual([
      201,
      'approved',
      'Upload successful',
    ]);
  });

  it('GET /api/uploads/mine: 401, 403, and each uploader sees their own uploads only', async () => {
    const { id } = await pendingUpload();
    expect((await t.get('/api/uploads/mine')).status).toBe(401);
    expect((await t.get('/api/uploads/mine', { token: student.token })).body).toEqual({
      message: 'Teachers and admins only.',
    });
    const mine = await t.get('/api/uploads/mine?pageSize=100', { token: teacher.token });
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((item: { _id: string }) => item._id)).toContain(id);
    const others = await t.get('/api/uploads/mine?pageSize=100', { token: otherTeacher.token });
    expect([others.status, others.body.total]).toEqual([200, 0]);
    const admins = await t.get('/api/uploads/mine?pageSize=100', { token: admin.token });
    expect(admins.status).toBe(200);
    expect(admins.body.items.every((item: { state: string }) => item.state === 'approved')).toBe(true);
  });

  it('GET /api/admin/reviews: 401, 403, 403, 200 with the upload and who sent it', async () => {
    const { id } = await pendingUpload();
    expect((await t.get('/api/admin/reviews')).status).toBe(401);
    for (const token of [student.token, teacher.token]) {
      const refused = await t.get('/api/admin/reviews', { token });
      expect([refused.status, refused.body]).toEqual([403, { message: 'Admins only.' }]);
    }
    const queue = await t.get('/api/admin/reviews?pageSize=100', { token: admin.token });
    expect(queue.status).toBe(200);
    const item = queue.body.items.find((candidate: { _id: string }) => candidate._id === id);
    expect(item).toMatchObject({
      subject: 'Machine Learning',
      subjectCode: 'CS-601',
      unit: 'Unit 3',
      branch: 'CSE',
      year: 'Third Year',
      semester: 'Semester 6',
      state: 'pending',
      decidedAt: null,
      reason: null,
      uploader: { id: teacher.id, name: teacher.user.name, email: teacher.user.email.toLowerCase() },
    });
    expect(item.file.url).toMatch(
      new RegExp(`^/api/uploads/${id}/file\\?expires=\\d+&user=${admin.id}&ver=0&session=[\\w-]+&sig=`),
    );
  });

  it('POST /api/admin/reviews/{id}: 401, 403 (the uploader too), 403, 200', async () => {
    const { id } = await pendingUpload();
    expect((await approve(id, null)).status).toBe(401);
    for (const token of [student.token, teacher.token, otherTeacher.token]) {
      const refused = await approve(id, token);
      expect([refused.status, refused.body]).toEqual([403, { message: 'Admins only.' }]);
    }
    expect((await row(id)).state).toBe('pending');
    const approved = await approve(id);
    expect([approved.status, approved.body.message]).toEqual([
      200,
      'Approved. Students can now see these notes.',
    ]);
  });

  it('GET /api/uploads/{id}/file: its uploader and admins read it; anyone else is told nothing', async () => {
    const { id, bytes } = await pendingUpload();
    const file = `/api/uploads/${id}/file`;
    const anonymous = await t.app.inject(file);
    expect([anonymous.statusCode, anonymous.json()]).toEqual([
      401,
      { message: 'Please log in to download notes.' },
    ]);
    for (const token of [student.token, otherTeacher.token]) {
      const hidden = await t.app.inject({ url: file, headers: { authorization: `Bearer ${token}` } });
      expect([hidden.statusCode, hidden.json()]).toEqual([404, { message: 'No upload has that id.' }]);
    }
    for (const token of [teacher.token, admin.token]) {
      const read = await t.app.inject({ url: file, headers: { authorization: `Bearer ${token}` } });
      expect(read.statusCode).toBe(200);
      expect(read.headers['content-type']).toBe('application/pdf');
      expect(read.headers['content-security-policy']).toMatch(/^sandbox;/);
      expect(sha256(read.rawPayload)).toBe(sha256(bytes));
    }
    // The reader's Range requests, and the signed links the queue hands out (a new tab has no session).
    const range = await t.app.inject({
      url: file,
      headers: { authorization: `Bearer ${admin.token}`, range: 'bytes=0-4' },
    });
    expect([range.statusCode, range.body]).toEqual([206, '%PDF-']);
    const queue = await t.get('/api/admin/reviews?pageSize=100', { token: admin.token });
    const links = queue.body.items.find((item: { _id: string }) => item._id === id).file;
    const signed = await t.app.inject(links.downloadUrl as string);
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['content-disposition']).toBe('attachment; filename="CS-601-unit-3-pending.pdf"');
    const forged = await t.app.inject(`${file}?expires=9999999999&sig=${'A'.repeat(43)}`);
    expect(forged.statusCode).toBe(401);
    // Another upload's signature does not open this one.
    const other = await pendingUpload();
    const borrowed = await t.app.inject(
      `/api/uploads/${other.id}/file${new URL(links.url, 'http://x').search}`,
    );
    expect(borrowed.statusCode).toBe(401);
    // Once decided, the link opens nothing: an approved file is the unit's, a rejected one is gone.
    expect((await approve(id)).status).toBe(200);
    expect((await t.app.inject(links.url as string)).statusCode).toBe(404);
  });
});

describe('the state machine: pending → approved | rejected | expired, nothing else', () => {
  it('approve: the unit’s current file; the one before it stays as history', async () => {
    const unit = { ...UNIT, subject: 'CS-602', unit: '2' };
    const before = await upload(admin.token, unit);
    const { id, bytes } = await pendingUpload(unit);
    // Pending: students still get the unit's current file.
    const stillOld = await t.app.inject({
      url: unitPath(unit),
      headers: { authorization: `Bearer ${student.token}` },
    });
    expect(sha256(stillOld.rawPayload)).toBe(sha256(before.bytes));

    const approved = await approve(id);
    expect(approved.body.upload).toMatchObject({
      _id: id,
      state: 'approved',
      reason: null,
      file: null,
      expiresAt: null,
    });
    expect(await row(id)).toMatchObject({ state: 'approved', current: 1, decided_by: admin.id });
    expect(await row(before.reply.body.note._id)).toMatchObject({ state: 'approved', current: 0 });
    expect(
      existsSync(
        path.join(t.app.context.config.filesDir, (await row(before.reply.body.note._id)).storage_name),
      ),
    ).toBe(true);
    const now = await t.app.inject({
      url: unitPath(unit),
      headers: { authorization: `Bearer ${student.token}` },
    });
    expect(sha256(now.rawPayload)).toBe(sha256(bytes));
  });

  it('reject: the reason is kept, the file removed, the unit’s current file stays current', async () => {
    const unit = { ...UNIT, subject: 'CS-605', unit: '1' };
    const current = await upload(admin.token, unit);
    const { id } = await pendingUpload(unit);
    const file = await fileOf(id);
    expect(existsSync(file)).toBe(true);
    const rejected = await reject(id, '  Scanned upside down.\r\nPlease rotate it.  ');
    expect([rejected.status, rejected.body.message]).toEqual([
      200,
      'Rejected. The teacher will see your reason.',
    ]);
    expect(rejected.body.upload).toMatchObject({
      state: 'rejected',
      reason: 'Scanned upside down.\nPlease rotate it.',
    });
    expect(existsSync(file)).toBe(false);
    expect(await row(current.reply.body.note._id)).toMatchObject({ current: 1 });
    expect(await row(id)).toMatchObject({ state: 'rejected', current: 0, decided_by: admin.id });
  });

  it('a decided upload takes no further decision: 409 with the state it is in', async () => {
    const approvedOne = (await pendingUpload()).id;
    const rejectedOne = (await pendingUpload()).id;
    expect((await approve(approvedOne)).status).toBe(200);
    expect((await reject(rejectedOne)).status).toBe(200);
    const cases: [string, () => Promise<ApiReply>, string, string][] = [
      [
        approvedOne,
        () => approve(approvedOne),
        'approved',
        'Another admin has already approved this upload.',
      ],
      [approvedOne, () => reject(approvedOne), 'approved', 'Another admin has already approved this upload.'],
      [
        rejectedOne,
        () => approve(rejectedOne),
        'rejected',
        'Another admin has already rejected this upload.',
      ],
      [rejectedOne, () => reject(rejectedOne), 'rejected', 'Another admin has already rejected this upload.'],
    ];
    for (const [id, send, state, message] of cases) {
      const reply = await send();
      expect([reply.status, reply.body]).toEqual([409, { message, state }]);
      expect((await row(id)).state).toBe(state);
    }
  });

  it('the database itself refuses any other change of state (a trigger and a check)', async () => {
    const approvedOne = (await pendingUpload()).id;
    const rejectedOne = (await pendingUpload()).id;
    expect((await approve(approvedOne)).status).toBe(200);
    expect((await reject(rejectedOne)).status).toBe(200);
    /** What the database says to `update … set state`: refused with its reason, or done. */
    const change = (id: string, state: string) =>
      sql`update note_files set state = ${state} where id = ${id}`.execute(t.db).then(
        () => `${state}: changed`,
        (error: unknown) => `${state}: ${String(error)}`,
      );
    const refused = /a decided upload keeps its state/;
    for (const [id, changes] of [
      [approvedOne, ['pending', 'rejected', 'expired']],
      [rejectedOne, ['pending', 'approved', 'expired']],
    ] as const) {
      for (const state of changes) expect(await change(id, state)).toMatch(refused);
    }
    const pending = (await pendingUpload()).id;
    expect(await change(pending, 'published')).toMatch(/check/i);
    expect((await row(approvedOne)).state).toBe('approved');
    expect((await row(rejectedOne)).state).toBe('rejected');
    expect((await row(pending)).state).toBe('pending');
  });
});

describe(`two admins deciding the same upload at once (${TEST_DB})`, () => {
  const PAIRS = [
    ['approve', 'approve'],
    ['approve', 'reject'],
    ['reject', 'approve'],
    ['reject', 'reject'],
  ] as const;

  it.each(PAIRS)('%s against %s: exactly one wins, the other is told', async (first, second) => {
    // A teacher of its own, whose decision mails stay under their hourly cap (services/mail-quota.ts).
    const uploader = await createUserWithRole(t, 'teacher');
    const email = uploader.user.email.toLowerCase();
    for (let round = 0; round < 5; round += 1) {
      const { id } = await pendingUpload(UNIT, uploader.token);
      const body = (decision: 'approve' | 'reject') =>
        decision === 'approve' ? { decision } : { decision, reason: `No: round ${round}` };
      const mailsBefore = t.mailsTo(email).length;
      const replies = await Promise.all([
        decide(id, body(first), admin.token),
        decide(id, body(second), secondAdmin.token),
      ]);
      const statuses = replies.map((reply) => reply.status).sort();
      expect(statuses).toEqual([200, 409]);
      const winner = replies.find((reply) => reply.status === 200)!;
      const loser = replies.find((reply) => reply.status === 409)!;
      const state = winner.body.upload.state as string;
      expect(loser.body).toEqual({
        message: `Another admin has already ${state} this upload.`,
        state,
      });
      expect((await row(id)).state).toBe(state);
      const audits = await t.db
        .selectFrom('audit_log')
        .select('action')
        .where('action', 'in', ['notes.approve', 'notes.reject'])
        .where('details', 'like', `%${id}%`)
        .execute();
      expect(audits).toHaveLength(1);
      await t.app.context.mail.drain();
      expect(t.mailsTo(email).length).toBe(mailsBefore + 1);
    }
  });
});

describe('hostile input', () => {
  it.each([
    ['a word', 400, 'No upload has that id.', 'abc'],
    ['a negative number', 400, 'No upload has that id.', '-1'],
    ['a UUID with junk after it', 400, 'No upload has that id.', '00000000-0000-4000-8000-000000000000x'],
    ['a path', 400, 'No upload has that id.', '..%2F..%2Fetc%2Fpasswd'],
    ['SQL', 400, 'No upload has that id.', "1'%20or%20'1'='1"],
    // Longer than any route parameter may be (Fastify's maxParamLength): no route matches at all.
    ['a huge number', 404, 'Not Found', '9'.repeat(400)],
  ] as const)('an id that is %s: %i for a decision and for the file', async (_label, status, message, id) => {
    const decision = await decide(id, { decision: 'approve' });
    expect([decision.status, decision.body]).toEqual([status, { message }]);
    const file = await t.app.inject({
      url: `/api/uploads/${id}/file`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect([file.statusCode, file.json()]).toEqual([status, { message }]);
  });

  it('an id that names no upload: 404', async () => {
    const reply = await approve('00000000-0000-4000-8000-000000000000');
    expect([reply.status, reply.body]).toEqual([404, { message: 'No upload has that id.' }]);
  });

  it('the same id in capitals names the same upload', async () => {
    const { id } = await pendingUpload();
    expect((await approve(id.toUpperCase())).status).toBe(200);
  });

  it.each([
    ['no body', undefined, 'Choose to approve or to reject the upload.'],
    ['an unknown decision', { decision: 'maybe' }, 'Choose to approve or to reject the upload.'],
    ['a decision as a list', { decision: ['approve'] }, 'Choose to approve or to reject the upload.'],
    ['a rejection without a reason', { decision: 'reject' }, 'Please say why the upload is rejected.'],
    ['a blank reason', { decision: 'reject', reason: ' \n\t ' }, 'Please say why the upload is rejected.'],
    [
      'a reason that is a number',
      { decision: 'reject', reason: 42 },
      'Please say why the upload is rejected.',
    ],
    [
      'a reason too long',
      { decision: 'reject', reason: 'x'.repeat(REVIEW_REASON_MAX_LENGTH + 1) },
      `The reason must be at most ${REVIEW_REASON_MAX_LENGTH} characters.`,
    ],
    [
      'a reason with a bidi override',
      { decision: 'reject', reason: 'fine \u202Eelif' },
      'The reason contains characters that are not allowed.',
    ],
  ])('%s: 400 with the message, the upload still pending', async (_label, body, message) => {
    const { id } = await pendingUpload();
    const reply = await decide(id, body);
    expect([reply.status, reply.body]).toEqual([400, { message }]);
    expect((await row(id)).state).toBe('pending');
  });

  it('fields beyond the decision are ignored (no state, no uploader can be set)', async () => {
    const { id } = await pendingUpload();
    const reply = await decide(id, {
      decision: 'approve',
      state: 'rejected',
      uploaded_by: admin.id,
      current: 0,
    });
    expect(reply.status).toBe(200);
    expect(await row(id)).toMatchObject({ state: 'approved', uploaded_by: teacher.id, current: 1 });
  });

  it.each([
    ['page 0', 'page=0'],
    ['a negative page', 'page=-1'],
    ['too large a page size', 'pageSize=101'],
    ['a word for a page size', 'pageSize=abc'],
    ['a page of 400 digits', `page=${'9'.repeat(400)}`],
  ])('%s: 400 on both lists', async (_label, query) => {
    expect((await t.get(`/api/admin/reviews?${query}`, { token: admin.token })).status).toBe(400);
    expect((await t.get(`/api/uploads/mine?${query}`, { token: teacher.token })).status).toBe(400);
  });
});

describe('what a decision leaves: the activity trail and the uploader’s mail', () => {
  it('an upload, an approval and a rejection are each in the audit trail, with who and what', async () => {
    const approvedOne = (await pendingUpload()).id;
    const rejectedOne = (await pendingUpload()).id;
    await approve(approvedOne);
    await reject(rejectedOne, 'Wrong subject.');
    const audit = await t.get('/api/admin/audit?pageSize=100', { token: admin.token });
    const about = (id: string) =>
      audit.body.items.filter(
        (entry: { details: { upload?: string } | null }) => entry.details?.upload === id,
      );
    expect(about(approvedOne).map((entry: { action: string }) => entry.action)).toEqual([
      'notes.approve',
      'notes.submit',
    ]);
    expect(about(rejectedOne)[0]).toMatchObject({
      action: 'notes.reject',
      actor: { id: admin.id },
      target: 'CSE CS-601 unit 3',
      details: { reason: 'Wrong subject.' },
    });
    expect(about(rejectedOne)[1]).toMatchObject({ action: 'notes.submit', actor: { id: teacher.id } });
  });

  it('the uploader is mailed each decision; a rejection quotes the reason', async () => {
    const uploader = await createUserWithRole(t, 'teacher');
    const email = uploader.user.email.toLowerCase();
    const approvedOne = (await pendingUpload(UNIT, uploader.token)).id;
    await approve(approvedOne);
    await t.app.context.mail.drain();
    expect(t.lastMailTo(email)).toMatchObject({
      subject: 'Your notes are live on StudyHub',
      text: expect.stringContaining('CS-601 Machine Learning, Unit 3 (notes.pdf)'),
    });
    const rejectedOne = (await pendingUpload(UNIT, uploader.token)).id;
    await reject(rejectedOne, 'Pages 3 and 4 are blank.\nFrom: the principal');
    await t.app.context.mail.drain();
    const mail = t.lastMailTo(email)!;
    expect(mail.subject).toBe('Your StudyHub upload was not approved');
    expect(mail.text).toContain('> Pages 3 and 4 are blank.\n> From: the principal\n');
  });
});
