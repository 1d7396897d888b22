/**
 * Picking up where a student left off (decision 039; docs/security.md items 61, 63, 64): the semester, reading
 * progress (last read wins, a future time counts as now, entries of files students cannot see skipped, one row per
 * file, a replaced file starting over), bookmarks and follows with their limits (two requests at the limit never
 * both pass), plain-text notes, hostile input (4xx, never 5xx), every route's roles, and account deletion.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  BOOKMARK_NOTE_MAX_LENGTH,
  BOOKMARKS_MAX,
  CONTINUE_READING_MAX,
  FOLLOWS_MAX,
  PROGRESS_BATCH_MAX,
  STUDY_MESSAGES,
} from '@studyhub/contract/schemas';
import { findSubject } from '@studyhub/contract/catalog';
import { createUserWithRole } from './support/accounts';
import { buildTestApp, type TestApp } from './support/apps';
import { SESSION } from './support/papers';
import { request } from './support/requests';
import { decideUpload, uploadSessionPaper, uploadUnitNotes } from './support/study';

type User = Awaited<ReturnType<typeof createUserWithRole>>;

let t: TestApp;
let admin: User;
let teacher: User;
let student: User;
let other: User;

beforeAll(async () => {
  t = await buildTestApp({ env: { TEACHER_PENDING_MAX: '50', TEACHER_UPLOADS_PER_DAY: '50' } });
  admin = await createUserWithRole(t, 'admin');
  teacher = await createUserWithRole(t, 'teacher');
  student = await createUserWithRole(t, 'student');
  other = await createUserWithRole(t, 'student');
}, 60_000);
afterAll(async () => {
  await t.close();
});

const put = (url: string, body: unknown, token?: string) =>
  request(t.app, 'PUT', url, body, token === undefined ? {} : { token });
const del = (url: string, token?: string) =>
  request(t.app, 'DELETE', url, undefined, token === undefined ? {} : { token });
const as = (token?: string) => (token === undefined ? {} : { token });

const iso = (offsetMs = 0) => new Date(t.clock.now() + offsetMs).toISOString();
const entry = (fileId: string, page: number, readAt = iso(), kind: 'note' | 'paper' = 'note') => ({
  kind,
  fileId,
  page,
  pages: 40,
  readAt,
});
const writeProgress = (entries: unknown[], token = student.token) => put('/api/progress', { entries }, token);
const progressOf = async (token = student.token, query = '') => {
  const reply = await t.get(`/api/progress${query}`, { token });
  expect(reply.status).toBe(200);
  return reply.body.items as { fileId: string; page: number; readAt: string }[];
};

describe('every route: anonymous 401, each user only their own rows, every role its own', () => {
  it('anonymous callers get 401 on every call but the unfollow link', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/me/semester'],
      ['PUT', '/api/me/semester', { semester: 3 }],
      ['GET', '/api/progress'],
      ['PUT', '/api/progress', { entries: [entry('x', 1)] }],
      ['GET', '/api/bookmarks'],
      ['POST', '/api/bookmarks', { subject: 'CS-502' }],
      ['DELETE', '/api/bookmarks/00000000-0000-4000-8000-000000000000'],
      ['GET', '/api/follows'],
      ['PUT', '/api/follows/CS-502'],
      ['DELETE', '/api/follows/CS-502'],
    ];
    for (const [method, url, body] of calls) {
      const reply = await request(t.app, method as 'GET', url, body);
      expect([method, url, reply.status]).toEqual([method, url, 401]);
    }
  });

  it.each(['student', 'teacher', 'admin'] as const)(
    'a %s keeps a semester, progress, bookmarks and follows of their own',
    async (role) => {
      const user = await createUserWithRole(t, role);
      const noteId = await uploadUnitNotes(t, admin.token, 'CS-502', 2);
      expect((await t.get('/api/me/semester', as(user.token))).body).toEqual({ semester: null });
      expect((await put('/api/me/semester', { semester: 5 }, user.token)).body).toEqual({ semester: 5 });
      expect((await t.get('/api/me/semester', as(user.token))).body).toEqual({ semester: 5 });
      expect((await writeProgress([entry(noteId, 3)], user.token)).body).toEqual({ saved: 1, skipped: 0 });
      expect((await t.post('/api/bookmarks', { subject: 'CS-502', unit: 2 }, as(user.token))).status).toBe(
        201,
      );
      expect((await put('/api/follows/CS-502', undefined, user.token)).status).toBe(200);

      // Another user sees none of it and changes none of it.
      expect((await t.get('/api/me/semester', as(other.token))).body).toEqual({ semester: null });
      expect(await progressOf(other.token)).toEqual([]);
      expect((await t.get('/api/bookmarks', as(other.token))).body).toEqual({ bookmarks: [] });
      expect((await t.get('/api/follows', as(other.token))).body).toEqual({ follows: [] });
      const [bookmark] = (await t.get('/api/bookmarks', as(user.token))).body.bookmarks;
      const stolen = await del(`/api/bookmarks/${bookmark._id}`, other.token);
      expect([stolen.status, stolen.body.message]).toEqual([404, 'No bookmark of yours has that id.']);
      // What another user writes is theirs: the owner's rows stay as they were.
      const intruder = await createUserWithRole(t, 'student');
      t.clock.advance(1000);
      expect((await writeProgress([entry(noteId, 30)], intruder.token)).body).toEqual({
        saved: 1,
        skipped: 0,
      });
      expect((await put('/api/me/semester', { semester: 1 }, intruder.token)).status).toBe(200);
      expect((await del('/api/follows/CS-502', intruder.token)).status).toBe(200);
      expect((await t.get('/api/bookmarks', as(user.token))).body.bookmarks).toHaveLength(1);
      expect(await progressOf(user.token)).toMatchObject([{ fileId: noteId, page: 3 }]);
      expect((await t.get('/api/me/semester', as(user.token))).body).toEqual({ semester: 5 });
      expect((await t.get('/api/follows', as(user.token))).body.follows).toHaveLength(1);
    },
  );
});

describe('semester', () => {
  it.each([0, 9, 2.5, '3', null, -1])('%p is a 400 with the message', async (semester) => {
    const reply = await put('/api/me/semester', { semester }, student.token);
    expect([reply.status, reply.body.message]).toEqual([400, STUDY_MESSAGES.semester]);
  });
});

describe('reading progress', () => {
  it('the latest read wins, whatever order writes arrive in; a time ahead of the clock counts as now', async () => {
    const id = await uploadUnitNotes(t, admin.token, 'CS-501', 1);
    expect((await writeProgress([entry(id, 10, iso(-1000))])).body).toEqual({ saved: 1, skipped: 0 });
    // An offline phone's older progress, sent late, does not overwrite it.
    expect((await writeProgress([entry(id, 4, iso(-60_000))])).body).toEqual({ saved: 0, skipped: 1 });
    expect((await progressOf()).find((item) => item.fileId === id)).toMatchObject({ page: 10 });
    // A clock a day ahead is now: a later honest write still wins.
    expect((await writeProgress([entry(id, 12, iso(86_400_000))])).body).toEqual({ saved: 1, skipped: 0 });
    expect((await progressOf()).find((item) => item.fileId === id)).toMatchObject({
      page: 12,
      readAt: iso(),
    });
    t.clock.advance(1000);
    expect((await writeProgress([entry(id, 13)])).body).toEqual({ saved: 1, skipped: 0 });
    expect((await progressOf()).find((item) => item.fileId === id)).toMatchObject({ page: 13 });
  });

  it('a batch keeps one row per file, its latest read; offsets are read as UTC', async () => {
    const id = await uploadUnitNotes(t, admin.token, 'CS-501', 2);
    t.clock.advance(60_000);
    const batch = [entry(id, 5, iso(-30_000)), entry(id, 7, iso(-10_000)), entry(id, 6, iso(-20_000))];
    expect((await writeProgress(batch)).body).toEqual({ saved: 1, skipped: 2 });
    expect((await progressOf()).find((item) => item.fileId === id)).toMatchObject({ page: 7 });
    const at = new Date(t.clock.now());
    const offset = new Date(at.getTime() + 5.5 * 3600_000).toISOString().replace('Z', '+05:30');
    expect((await writeProgress([entry(id, 8, offset)])).body).toEqual({ saved: 1, skipped: 0 });
    expect((await progressOf()).find((item) => item.fileId === id)).toMatchObject({
      page: 8,
      readAt: at.toISOString(),
    });
  });

  it('entries of files students cannot see are skipped, not refused; a replaced file starts over', async () => {
    const pending = await uploadUnitNotes(t, teacher.token, 'CS-503(A)', 1);
    const rejected = await uploadUnitNotes(t, teacher.token, 'CS-503(A)', 2);
    await decideUpload(t, admin.token, rejected, false);
    const paper = await uploadSessionPaper(t, admin.token, 'CS-503(A)', SESSION);
    const replaced = await uploadUnitNotes(t, admin.token, 'CS-503(A)', 3);
    expect((await writeProgress([entry(replaced, 9)])).body).toEqual({ saved: 1, skipped: 0 });
    const successor = await uploadUnitNotes(t, admin.token, 'CS-503(A)', 3);
    const reply = await writeProgress([
      entry(pending, 1),
      entry(rejected, 1),
      entry(replaced, 10),
      entry('00000000-0000-4000-8000-000000000000', 1),
      // A paper's id named as notes, and a note's as a paper.
      entry(paper, 1),
      entry(successor, 2, iso(), 'paper'),
      entry(paper, 2, iso(), 'paper'),
    ]);
    expect(reply.body).toEqual({ saved: 1, skipped: 6 });
    const items = await progressOf(student.token, '?subject=cs-503(a)');
    expect(items).toEqual([
      {
        kind: 'paper',
        fileId: paper,
        subjectCode: 'CS-503(A)',
        subject: findSubject('CS-503(A)')!.name,
        unit: null,
        session: SESSION,
        page: 2,
        pages: 40,
        readAt: iso(),
      },
    ]);
    // The successor starts over: the replaced file's progress is never shown for it.
    expect(items.some((item) => item.fileId === replaced || item.fileId === successor)).toBe(false);
  });

  it(`Continue reading lists at most ${CONTINUE_READING_MAX}, most recently read first`, async () => {
    const reader = await createUserWithRole(t, 'student');
    const ids: string[] = [];
    const units = ['CS-505', 'CS-506', 'CS-601'].flatMap((code) =>
      findSubject(code)!.units.map((_topic, index) => [code, index + 1] as const),
    );
    for (const [code, unit] of units.slice(0, 12))
      ids.push(await uploadUnitNotes(t, admin.token, code, unit));
    const entries = ids.map((id, index) => entry(id, 1, iso(-100_000 + index * 1000)));
    expect((await writeProgress(entries, reader.token)).body).toEqual({ saved: 12, skipped: 0 });
    const items = await progressOf(reader.token);
    expect(items.map((item) => item.fileId)).toEqual(ids.slice().reverse().slice(0, CONTINUE_READING_MAX));
    expect(await progressOf(reader.token, '?subject=CS-505')).toHaveLength(
      findSubject('CS-505')!.units.length,
    );
  });

  it('bad batches, pages and times are 400s with the message; an unknown subject too', async () => {
    const cases: [unknown, string][] = [
      [{ entries: [] }, STUDY_MESSAGES.batch],
      [
        { entries: Array.from({ length: PROGRESS_BATCH_MAX + 1 }, () => entry('a', 1)) },
        STUDY_MESSAGES.batch,
      ],
      [{ entries: 'x' }, STUDY_MESSAGES.batch],
      [{}, STUDY_MESSAGES.batch],
      [{ entries: [{ ...entry('a', 41) }] }, STUDY_MESSAGES.pageBeyond],
      [{ entries: [{ ...entry('a', 0) }] }, STUDY_MESSAGES.page],
      [{ entries: [{ ...entry('a', 1), pages: 10_001 }] }, STUDY_MESSAGES.page],
      [{ entries: [{ ...entry('a', 1), readAt: 'yesterday' }] }, STUDY_MESSAGES.readAt],
      [{ entries: [{ ...entry('a', 1), kind: 'syllabus' }] }, STUDY_MESSAGES.file],
      [{ entries: [{ ...entry('a', 1), fileId: '' }] }, STUDY_MESSAGES.file],
      [{ entries: [{ ...entry('a', 1), fileId: 'x'.repeat(65) }] }, STUDY_MESSAGES.file],
    ];
    for (const [body, message] of cases) {
      const reply = await put('/api/progress', body, student.token);
      expect([reply.status, reply.body.message]).toEqual([400, message]);
    }
    const unknown = await t.get('/api/progress?subject=XX-999', { token: student.token });
    expect(unknown.status).toBe(400);
  });
});

describe('bookmarks', () => {
  it('201 new, 200 when the same target is starred again (its note replaced), newest first, removed', async () => {
    const user = await createUserWithRole(t, 'student');
    const first = await t.post(
      '/api/bookmarks',
      { subject: 'cs-502', unit: 3, page: 12, note: ' LR(1) ' },
      as(user.token),
    );
    expect(first.status).toBe(201);
    expect(first.body.bookmark).toMatchObject({
      subjectCode: 'CS-502',
      subject: findSubject('CS-502')!.name,
      unit: 3,
      unitTitle: findSubject('CS-502')!.units[2],
      page: 12,
      note: 'LR(1)',
    });
    t.clock.advance(1000);
    const again = await t.post(
      '/api/bookmarks',
      { subject: 'CS-502', unit: 3, page: 12, note: 'LALR' },
      as(user.token),
    );
    expect([again.status, again.body.bookmark._id, again.body.bookmark.note]).toEqual([
      200,
      first.body.bookmark._id,
      'LALR',
    ]);
    t.clock.advance(1000);
    const subject = await t.post('/api/bookmarks', { subject: 'CS-502' }, as(user.token));
    expect(subject.body.bookmark).toMatchObject({ unit: null, unitTitle: null, page: null, note: null });
    const listed = (await t.get('/api/bookmarks', as(user.token))).body.bookmarks;
    expect(listed.map((bookmark: { _id: string }) => bookmark._id)).toEqual([
      subject.body.bookmark._id,
      first.body.bookmark._id,
    ]);
    const removed = await del(`/api/bookmarks/${first.body.bookmark._id}`, user.token);
    expect([removed.status, removed.body.message]).toEqual([200, 'Bookmark removed.']);
    expect((await del(`/api/bookmarks/${first.body.bookmark._id}`, user.token)).status).toBe(404);
  });

  it('notes are plain text on one line; units, pages and subjects are checked', async () => {
    const cases: [unknown, string][] = [
      [{ subject: 'CS-502', note: 'x'.repeat(BOOKMARK_NOTE_MAX_LENGTH + 1) }, STUDY_MESSAGES.note],
      [{ subject: 'CS-502', note: 'two\nlines' }, STUDY_MESSAGES.note],
      [{ subject: 'CS-502', note: 'bidi \u202e override' }, STUDY_MESSAGES.note],
      [{ subject: 'CS-502', note: 5 }, STUDY_MESSAGES.note],
      [{ subject: 'CS-502', unit: 99 }, STUDY_MESSAGES.unit],
      [{ subject: 'CS-502', unit: 0 }, STUDY_MESSAGES.unit],
      [{ subject: 'CS-502', page: 3 }, STUDY_MESSAGES.pageWithoutUnit],
      [{ subject: 'CS-502', unit: 1, page: 10_001 }, STUDY_MESSAGES.page],
    ];
    for (const [body, message] of cases) {
      const reply = await t.post('/api/bookmarks', body, as(student.token));
      expect([reply.status, reply.body.message]).toEqual([400, message]);
    }
    expect((await t.post('/api/bookmarks', { subject: 'NOPE-1' }, as(student.token))).status).toBe(400);
    expect((await del('/api/bookmarks/not-a-uuid', student.token)).status).toBe(404);
  });

  it(`at ${BOOKMARKS_MAX} a new one is a 409 (re-starring still works); two at the limit at once: one passes`, async () => {
    const user = await createUserWithRole(t, 'student');
    const subject = findSubject('CS-601')!;
    const targets = subject.units.flatMap((_topic, index) =>
      Array.from({ length: 100 }, (_unused, page) => ({
        subject: subject.code,
        unit: index + 1,
        page: page + 1,
      })),
    );
    for (const target of targets.slice(0, BOOKMARKS_MAX - 1)) {
      expect((await t.post('/api/bookmarks', target, as(user.token))).status).toBe(201);
    }
    const racing = await Promise.all(
      targets
        .slice(BOOKMARKS_MAX - 1, BOOKMARKS_MAX + 3)
        .map((target) => t.post('/api/bookmarks', target, as(user.token))),
    );
    expect(racing.map((reply) => reply.status).sort()).toEqual([201, 409, 409, 409]);
    expect(racing.find((reply) => reply.status === 409)!.body.message).toBe(STUDY_MESSAGES.bookmarksFull);
    expect((await t.get('/api/bookmarks', as(user.token))).body.bookmarks).toHaveLength(BOOKMARKS_MAX);
    expect(
      (await t.post('/api/bookmarks', { ...targets[0], note: 'still mine' }, as(user.token))).status,
    ).toBe(200);
  });
});

describe('follows', () => {
  it('PUT is idempotent, DELETE too, oldest first; an unknown subject is a 400', async () => {
    const user = await createUserWithRole(t, 'student');
    const first = await put('/api/follows/cs-601', undefined, user.token);
    expect(first.status).toBe(200);
    expect(first.body.follow).toMatchObject({ subjectCode: 'CS-601', subject: findSubject('CS-601')!.name });
    t.clock.advance(1000);
    expect((await put('/api/follows/CS-601', undefined, user.token)).body.follow).toEqual(first.body.follow);
    await put('/api/follows/CS-602', undefined, user.token);
    const listed = (await t.get('/api/follows', as(user.token))).body.follows;
    expect(listed.map((follow: { subjectCode: string }) => follow.subjectCode)).toEqual(['CS-601', 'CS-602']);
    expect((await del('/api/follows/CS-601', user.token)).status).toBe(200);
    expect((await del('/api/follows/CS-601', user.token)).status).toBe(200);
    expect((await t.get('/api/follows', as(user.token))).body.follows).toHaveLength(1);
    for (const code of ['XX-1', '..%2F..', 'a'.repeat(41), '%00']) {
      const reply = await put(`/api/follows/${code}`, undefined, user.token);
      expect([code, reply.status]).toEqual([code, 400]);
    }
  });

  it(`at ${FOLLOWS_MAX} a new follow is a 409; two at the limit at once: one passes`, async () => {
    const user = await createUserWithRole(t, 'student');
    const codes = (await import('@studyhub/contract/catalog')).SUBJECTS.map((subject) => subject.code);
    for (const code of codes.slice(0, FOLLOWS_MAX - 1)) {
      expect((await put(`/api/follows/${encodeURIComponent(code)}`, undefined, user.token)).status).toBe(200);
    }
    const racing = await Promise.all(
      codes
        .slice(FOLLOWS_MAX - 1, FOLLOWS_MAX + 2)
        .map((code) => put(`/api/follows/${encodeURIComponent(code)}`, undefined, user.token)),
    );
    expect(racing.map((reply) => reply.status).sort()).toEqual([200, 409, 409]);
    expect(racing.find((reply) => reply.status === 409)!.body.message).toBe(STUDY_MESSAGES.followsFull);
    // Following one already followed is no new follow.
    expect((await put(`/api/follows/${encodeURIComponent(codes[0]!)}`, undefined, user.token)).status).toBe(
      200,
    );
  });
});

describe('hostile input is a 4xx, never a 5xx', () => {
  it('wrong types, huge bodies, prototype keys, SQL and NULs', async () => {
    const bodies: [string, string, unknown][] = [
      ['PUT', '/api/progress', { entries: [{ __proto__: { page: 1 }, kind: 'note' }] }],
      ['PUT', '/api/progress', { entries: [{ ...entry('a', 1), fileId: 'a\u0000b' }] }],
      ['PUT', '/api/progress', { entries: Array.from({ length: 2000 }, () => entry('a', 1)) }],
      ['PUT', '/api/progress', [1, 2, 3]],
      ['POST', '/api/bookmarks', { subject: { code: 'CS-502' } }],
      ['POST', '/api/bookmarks', { subject: 'CS-502', unit: '1' }],
      ['POST', '/api/bookmarks', { subject: 'CS-502', unit: 1e308 }],
      ['PUT', '/api/me/semester', { semester: 1e308 }],
    ];
    for (const [method, url, body] of bodies) {
      const reply = await request(t.app, method as 'PUT', url, body, { token: student.token });
      expect([url, reply.status >= 400 && reply.status < 500, typeof reply.body.message]).toEqual([
        url,
        true,
        'string',
      ]);
    }
    // Text that would be SQL is an id like any other: of no file, so skipped.
    const injected = await put('/api/progress', { entries: [entry("' or 1=1 --", 1)] }, student.token);
    expect(injected.body).toEqual({ saved: 0, skipped: 1 });
  });
});

describe('account deletion', () => {
  it("removes the user's semester, progress, bookmarks, follows and digest state", async () => {
    const user = await createUserWithRole(t, 'student');
    const noteId = await uploadUnitNotes(t, admin.token, 'CS-602', 1);
    await put('/api/me/semester', { semester: 6 }, user.token);
    await writeProgress([entry(noteId, 2)], user.token);
    await t.post('/api/bookmarks', { subject: 'CS-602' }, as(user.token));
    await put('/api/follows/CS-602', undefined, user.token);
    // An update waiting for their digest, and their digest's state.
    await uploadUnitNotes(t, admin.token, 'CS-602', 2);
    await t.db
      .insertInto('digests')
      .values({ user_id: user.id, last_sent_at: iso(), lease_until: null })
      .execute();
    const tables = [
      'study_profiles',
      'reading_progress',
      'bookmarks',
      'follows',
      'digest_items',
      'digests',
    ] as const;
    const rowsOf = async () =>
      Promise.all(
        tables.map(async (table) =>
          Number(
            (
              await t.db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll().as('count'))
                .where('user_id', '=', user.id)
                .executeTakeFirstOrThrow()
            ).count,
          ),
        ),
      );
    expect(await rowsOf()).toEqual([1, 1, 1, 1, 1, 1]);
    expect((await del(`/api/admin/users/${user.id}`, admin.token)).status).toBe(200);
    expect(await rowsOf()).toEqual([0, 0, 0, 0, 0, 0]);
  });
});
