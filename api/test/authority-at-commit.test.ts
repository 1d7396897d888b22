/**
 * docs/security.md item 48: what a request does is decided by who its sender is when it takes effect, not when it
 * started. A request may stream for up to 830 s; each test holds one after its first bytes (the access check
 * passed: an upload's file is being written, a JSON body is being read), changes its sender through the admin
 * routes, the logout route or the database, then lets the rest of the body through: what the sender is at that
 * moment decides approved, pending or refused.
 */
import { readdirSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PDFDocument } from 'pdf-lib';
import { API_MESSAGES } from '../src/messages';
import { countRows, createUserWithRole } from './support/accounts';
import { buildTestApp, type TestApp } from './support/apps';
import { TEST_DB } from './support/database';
import { listFiles, pdfForm } from './support/note-files';
import { expectApiHeaders, request } from './support/requests';

type Role = 'student' | 'teacher' | 'admin';

let t: TestApp;
let actingAdmin: { id: string; token: string };
let pdf: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  actingAdmin = await createUserWithRole(t, 'admin');
  const doc = await PDFDocument.create();
  doc.addPage([100, 100]);
  pdf = Buffer.from(await doc.save());
}, 60_000);
afterAll(async () => {
  await t.close();
});

const QUERY = new URLSearchParams({
  branch: 'CSE',
  year: 'Third Year',
  semester: 'Semester_6',
  subject: 'CS-601',
  unit: '2',
});

/** Resolves once `condition` holds, looking again after each turn of the event loop (never a fixed sleep). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

const writingUpload = () =>
  readdirSync(t.app.context.noteStore.incomingDir).some((name) => name.endsWith('.part'));

/**
 * An upload whose body stops short of its end until `finish` is called. It returns once the server writes the
 * file: the request passed its access check as the role it started with.
 */
async function heldUpload(token: string) {
  const { payload, contentType } = pdfForm(pdf);
  const body = new PassThrough();
  const answered = t.app.inject({
    method: 'POST',
    url: `/api/upload/upload?${QUERY}`,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': contentType,
      'content-length': String(payload.length),
    },
    payload: body,
  });
  // The closing boundary stays behind: the parser waits for it with the file half written.
  const held = payload.length - 64;
  body.write(payload.subarray(0, held));
  await until(writingUpload);
  return {
    async finish() {
      body.end(payload.subarray(held));
      const reply = await answered;
      expectApiHeaders(reply);
      return { status: reply.statusCode, body: JSON.parse(reply.body) };
    },
  };
}

/** Everything an upload could leave: rows, stored and temp files, audit rows. */
async function traces() {
  return {
    rows: await countRows(t.db, 'note_files'),
    audit: await countRows(t.db, 'audit_log'),
    files: listFiles(t.app.context.config.filesDir),
  };
}

const asAdmin = (method: 'PUT' | 'DELETE' | 'POST', url: string, body?: unknown) =>
  request(t.app, method, url, body, { token: actingAdmin.token });

/** What happens to the sender while their file streams. */
type Change = (sender: { id: string; token: string }) => Promise<unknown>;

const roleByAdmin =
  (role: Role): Change =>
  (sender) =>
    asAdmin('PUT', `/api/admin/users/${sender.id}/role`, { role });
const deletedByAdmin: Change = (sender) => asAdmin('DELETE', `/api/admin/users/${sender.id}`);
const loggedOut: Change = (sender) =>
  request(t.app, 'POST', '/api/auth/logout', undefined, { token: sender.token });

/** A role written straight into the database, sessions left alone (as no route does, since item 17). */
const roleInDatabase =
  (role: Role): Change =>
  (sender) =>
    t.db.updateTable('users').set({ role }).where('id', '=', sender.id).execute();

interface Refusal {
  status: number;
  body: { message: string };
}
const SESSION_ENDED: Refusal = { status: 401, body: { message: API_MESSAGES.sessionExpired } };
const NOT_A_TEACHER: Refusal = { status: 403, body: { message: API_MESSAGES.teachersOnly } };

describe(`the sender changes while the file streams: nothing is stored for someone who may no longer upload (${TEST_DB})`, () => {
  // A role change through the admin routes ends the sender's sessions (item 17): the upload's session with them.
  const CASES: [Role, string, Change, Refusal][] = [
    ['admin', 'demoted to student by an admin', roleByAdmin('student'), SESSION_ENDED],
    ['admin', 'demoted to teacher by an admin', roleByAdmin('teacher'), SESSION_ENDED],
    ['teacher', 'demoted to student by an admin', roleByAdmin('student'), SESSION_ENDED],
    ['admin', 'deleted by an admin', deletedByAdmin, SESSION_ENDED],
    ['teacher', 'deleted by an admin', deletedByAdmin, SESSION_ENDED],
    ['admin', 'who logged out', loggedOut, SESSION_ENDED],
    ['teacher', 'who logged out', loggedOut, SESSION_ENDED],
    ['admin', 'made a student in the database', roleInDatabase('student'), NOT_A_TEACHER],
    ['teacher', 'made a student in the database', roleInDatabase('student'), NOT_A_TEACHER],
  ];

  it.each(CASES)(
    '%s %s: refused, no row, no file, no audit row',
    async (role, _label, change, refusal) => {
      const sender = await createUserWithRole(t, role);
      const upload = await heldUpload(sender.token);
      await change(sender);
      const before = await traces();
      const reply = await upload.finish();
      expect({ status: reply.status, body: reply.body }).toEqual(refusal);
      // The file written so far is removed with the temp file: the folders are as they were before the upload.
      const after = await traces();
      expect(after).toEqual({ ...before, files: before.files.filter((name) => !name.endsWith('.part')) });
      expect(after.files.some((name) => name.endsWith('.part'))).toBe(false);
    },
    30_000,
  );
});

/**
 * A JSON request whose body stops short of its end until `finish` is called. It returns once the server reads
 * the body, which it does only after the request passed its access check.
 */
async function heldJson(method: 'POST' | 'PUT', url: string, token: string, json: unknown) {
  const payload = Buffer.from(JSON.stringify(json));
  const body = new PassThrough();
  const answered = t.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'content-length': String(payload.length),
    },
    payload: body,
  });
  body.write(payload.subarray(0, 10));
  // The request reads its body only once its access check is done: the first bytes are taken then.
  await until(() => body.readableLength === 0);
  return {
    async finish() {
      body.end(payload.subarray(10));
      const reply = await answered;
      expectApiHeaders(reply);
      return { status: reply.statusCode, body: JSON.parse(reply.body) };
    },
  };
}

describe(`a JSON body that arrives after its sender changed changes nothing (${TEST_DB})`, () => {
  const entry = (code: string) => ({
    name: 'Held Department',
    code,
    program: 'B.Tech',
    system: 'Semester',
    grading: 'Grading',
    pdfs: { '1': 'https://example.edu/held/sem1.pdf' },
  });
  const CASES: [string, Change, Refusal][] = [
    ['demoted to teacher by an admin', roleByAdmin('teacher'), SESSION_ENDED],
    ['deleted by an admin', deletedByAdmin, SESSION_ENDED],
    ['who logged out', loggedOut, SESSION_ENDED],
    [
      'made a teacher in the database',
      roleInDatabase('teacher'),
      { status: 403, body: { message: API_MESSAGES.adminsOnly } },
    ],
  ];

  it.each(CASES)(
    'an admin %s while adding a syllabus entry: refused, nothing added',
    async (label, change, refusal) => {
      const sender = await createUserWithRole(t, 'admin');
      const code = `HELD${CASES.findIndex(([name]) => name === label)}`;
      const added = await heldJson('POST', '/api/syllabus', sender.token, entry(code));
      await change(sender);
      expect(await added.finish()).toEqual(refusal);
      const rows = await t.db.selectFrom('syllabus_entries').select('id').where('code', '=', code).execute();
      expect(rows).toEqual([]);
    },
    30_000,
  );

  it('an admin nothing happened to adds the entry', async () => {
    const sender = await createUserWithRole(t, 'admin');
    const added = await heldJson('POST', '/api/syllabus', sender.token, entry('HELDOK'));
    expect((await added.finish()).status).toBe(201);
  }, 30_000);
});

describe(`what the sender is when the upload is recorded decides its state (${TEST_DB})`, () => {
  it('an admin made a teacher in the database: the upload waits for review, unpublished', async () => {
    const sender = await createUserWithRole(t, 'admin');
    const upload = await heldUpload(sender.token);
    await roleInDatabase('teacher')(sender);
    const reply = await upload.finish();
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ state: 'pending', message: API_MESSAGES.submitted });
    const row = await t.db
      .selectFrom('note_files')
      .select(['state', 'current', 'published_at'])
      .where('id', '=', reply.body.note._id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'pending', current: 0, published_at: null });
    const recent = await t.get('/api/notes/recent');
    expect(recent.body.map((note: { _id: string }) => note._id)).not.toContain(reply.body.note._id);
  }, 30_000);

  it('a teacher made an admin in the database: the upload is published at once', async () => {
    const sender = await createUserWithRole(t, 'teacher');
    const upload = await heldUpload(sender.token);
    await roleInDatabase('admin')(sender);
    const reply = await upload.finish();
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ state: 'approved', message: API_MESSAGES.uploaded });
  }, 30_000);

  it('a sender nothing happened to: their upload is recorded as their role says', async () => {
    for (const [role, state] of [
      ['teacher', 'pending'],
      ['admin', 'approved'],
    ] as const) {
      const sender = await createUserWithRole(t, role);
      const upload = await heldUpload(sender.token);
      const reply = await upload.finish();
      expect([reply.status, reply.body.state]).toEqual([201, state]);
    }
  }, 30_000);
});
