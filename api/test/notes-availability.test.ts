/**
 * GET /api/notes/availability: which units of each subject of the notes branch have a file — current, approved
 * files only — kept per `notes` version like the recent list (services/read-cache.ts), with its ETag.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createUserWithRole } from './support/accounts';
import { buildTestApp, type TestApp } from './support/apps';
import { uploadNote } from './support/note-files';

let t: TestApp;
let adminToken: string;
let teacherToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  adminToken = (await createUserWithRole(t, 'admin')).token;
  teacherToken = (await createUserWithRole(t, 'teacher')).token;
});
afterAll(() => t.close());
afterEach(() => {
  jest.restoreAllMocks();
});

async function availability(url = '/api/notes/availability', headers: Record<string, string> = {}) {
  const reply = await t.app.inject({ method: 'GET', url, headers });
  return { status: reply.statusCode, headers: reply.headers, body: reply.body };
}
type Counts = { units: number[]; papers: number; questions: number };
const subjects = async () =>
  (JSON.parse((await availability()).body) as { subjects: Record<string, Counts> }).subjects;
/** A subject with notes in these units and no papers or questions. */
const notes = (...units: number[]): Counts => ({ units, papers: 0, questions: 0 });

let uploads = 0;
/** A unit of a fifth-semester subject, sent by an admin (current at once) or a teacher (pending). */
async function upload(subject: string, unit: number, token = adminToken) {
  uploads += 1;
  t.clock.advance(1000);
  const reply = await uploadNote(
    t,
    { branch: 'CSE', year: 'Third Year', semester: '5', subject, unit: String(unit) },
    Buffer.from(`%PDF-1.7\n% upload ${uploads}\n`),
    token,
  );
  expect(reply.status).toBe(201);
  return reply.body.note as { _id: string };
}

const review = (id: string, body: Record<string, string>) =>
  t.post(`/api/admin/reviews/${id}`, body, { token: adminToken });

describe('GET /api/notes/availability', () => {
  it('answers anyone, with no subject before any upload', async () => {
    const reply = await availability();
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(reply.body)).toEqual({ branch: 'CSE', subjects: {} });
  });

  it('lists each subject’s units with a file once, in order, a replaced file counting once', async () => {
    await upload('CS-501', 3);
    await upload('CS-501', 1);
    await upload('CS-502', 2);
    await upload('CS-501', 1);
    expect(await subjects()).toEqual({ 'CS-501': notes(1, 3), 'CS-502': notes(2) });
  });

  it('is loaded once while nothing changes', async () => {
    const spy = jest.spyOn(t.db, 'selectFrom');
    const first = await availability();
    const second = await availability();
    expect(second.body).toBe(first.body);
    expect(spy.mock.calls.filter(([table]) => table === 'note_files')).toHaveLength(0);
  });

  it('never counts a pending or rejected upload; an approved one counts at once', async () => {
    const before = await subjects();
    const pending = await upload('CS-505', 1, teacherToken);
    const rejected = await upload('CS-505', 2, teacherToken);
    expect(await subjects()).toEqual(before);

    expect((await review(rejected._id, { decision: 'reject', reason: 'Unreadable scan.' })).status).toBe(200);
    expect(await subjects()).toEqual(before);

    expect((await review(pending._id, { decision: 'approve' })).status).toBe(200);
    expect(await subjects()).toEqual({ ...before, 'CS-505': notes(1) });
  });

  it('drops a file deleted or moved to another branch by any path (SQL stands for one)', async () => {
    const [row] = await t.db
      .selectFrom('note_files')
      .select('id')
      .where('subject_code', '=', 'CS-502')
      .where('current', '=', 1)
      .execute();
    await t.db.deleteFrom('note_files').where('id', '=', row!.id).execute();
    expect((await subjects())['CS-502']).toBeUndefined();

    await t.db
      .updateTable('note_files')
      .set({ branch: 'ECE' })
      .where('subject_code', '=', 'CS-505')
      .execute();
    expect((await subjects())['CS-505']).toBeUndefined();
    expect((await subjects())['CS-501']).toEqual(notes(1, 3));
  });

  it('answers 304 to its ETag while nothing changed, and the new counts after an upload', async () => {
    const first = await availability();
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await availability(undefined, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');

    await upload('CS-502', 4);
    const changed = await availability(undefined, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(JSON.parse(changed.body).subjects['CS-502']).toEqual(notes(4));
  });

  it.each([
    '?branch=ECE',
    '?subjects[CS-501]=9',
    '?__proto__[polluted]=1&constructor[prototype][x]=1',
    `?branch=${'A'.repeat(4000)}`,
    '?branch=%00%ff%fe',
    '?branch=CSE&branch=ECE',
  ])('ignores the query string %s: the same reply as without one', async (query) => {
    const plain = await availability();
    const reply = await availability(`/api/notes/availability${query}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toBe(plain.body);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
