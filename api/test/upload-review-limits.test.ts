/**
 * The upload review queue's limits (issue 16, decision 026): a teacher's caps (uploads waiting at once, uploads
 * in 24 hours), race-safe; expiry of what waits too long (files removed, the teacher told once), from any of
 * several server processes at once and at start-up; a cap on decision mails per teacher; and that students never
 * see a pending, rejected or expired upload of any kind (decision 034) anywhere. Runs on SQLite and PostgreSQL
 * (STUDYHUB_TEST_DB).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PDFDocument } from 'pdf-lib';
import { roleMayCall } from '../src/services/access';
import { createUserWithRole, loginUser } from './support/accounts';
import { buildTestApp, type TestApp } from './support/apps';
import { TEST_DB } from './support/database';
import { listFiles, uploadNote } from './support/note-files';
import { addQuestion, SESSION, uploadPaper } from './support/papers';
import { request, type ApiReply } from './support/requests';
import { concretePath, ROUTE_QUERIES } from './support/routes';

const DAY_MS = 86_400_000;
const EXPIRY_DAYS = 3;
const LIMITS = {
  TEACHER_PENDING_MAX: '2',
  TEACHER_UPLOADS_PER_DAY: '4',
  PENDING_EXPIRY_DAYS: String(EXPIRY_DAYS),
};

let t: TestApp;
let basePdf: Buffer;
let admin: { id: string; token: string };
let student: { id: string; token: string };

beforeAll(async () => {
  basePdf = Buffer.from(await (await PDFDocument.create()).save());
  t = await buildTestApp({ env: LIMITS });
  admin = await createUserWithRole(t, 'admin');
  student = await createUserWithRole(t, 'student');
}, 60_000);
afterAll(async () => {
  await t.close();
});

let pdfCount = 0;
function pdf(): Buffer {
  pdfCount += 1;
  return Buffer.concat([basePdf, Buffer.from(`\n% limits ${pdfCount}\n`)]);
}
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const UNIT = { branch: 'CSE', year: 'Third Year', semester: '5', subject: 'CS-501', unit: '1' };

async function upload(app: TestApp, token: string, unit = UNIT): Promise<ApiReply> {
  app.clock.advance(1000);
  return uploadNote(app, unit, pdf(), token);
}
const decide = (app: TestApp, id: string, body: unknown, token = admin.token) =>
  request(app.app, 'POST', `/api/admin/reviews/${id}`, body, { token });

/**
 * A test that moves the clock by days gets an app of its own: sessions last 12 hours, and the other tests keep
 * theirs. `shareWith` puts it on another app's database, files and clock (another server process).
 */
async function withOwnApp(
  run: (app: TestApp) => Promise<void>,
  { env = {}, shareWith }: { env?: Record<string, string>; shareWith?: TestApp } = {},
): Promise<void> {
  const shared = shareWith
    ? {
        DATABASE_URL: shareWith.app.context.config.databaseUrl,
        FILES_DIR: shareWith.app.context.config.filesDir,
      }
    : {};
  const app = await buildTestApp({ env: { ...LIMITS, ...shared, ...env }, clock: shareWith?.clock });
  try {
    await run(app);
  } finally {
    // Another process only borrows the database; the app that made it drops it.
    await app.close();
  }
}
/** The mails about uploads one teacher got (sign-up sent them a code first). */
const reviewMailsTo = (app: TestApp, email: string) =>
  app.mailsTo(email.toLowerCase()).filter((mail) => /upload|notes/i.test(mail.subject));
const stateOf = async (app: TestApp, id: string) =>
  (await app.db.selectFrom('note_files').select('state').where('id', '=', id).executeTakeFirstOrThrow())
    .state;

describe('a teacher’s caps', () => {
  it('uploads waiting at once: the next one is refused with a message until an admin decides', async () => {
    const teacher = await createUserWithRole(t, 'teacher');
    const first = await upload(t, teacher.token);
    await upload(t, teacher.token);
    const files = listFiles(t.app.context.config.filesDir);
    const refused = await upload(t, teacher.token);
    expect([refused.status, refused.body]).toEqual([
      409,
      {
        message:
          'You have 2 uploads waiting for review, the most at once. Upload more once an admin has decided on them.',
      },
    ]);
    // Nothing of the refused file is kept.
    expect(listFiles(t.app.context.config.filesDir)).toEqual(files);
    expect((await decide(t, first.body.note._id, { decision: 'approve' })).status).toBe(200);
    expect((await upload(t, teacher.token)).status).toBe(201);
  });

  it('uploads in 24 hours, whatever became of them: refused with a message, allowed again a day later', () =>
    withOwnApp(async (app) => {
      const anAdmin = await createUserWithRole(app, 'admin');
      const teacher = await createUserWithRole(app, 'teacher');
      for (let count = 0; count < 4; count += 1) {
        const sent = await upload(app, teacher.token);
        expect(sent.status).toBe(201);
        // Decided at once, so the cap on waiting uploads is not what stops the fifth.
        const rejected = await decide(
          app,
          sent.body.note._id,
          { decision: 'reject', reason: 'No.' },
          anAdmin.token,
        );
        expect(rejected.status).toBe(200);
      }
      const refused = await upload(app, teacher.token);
      expect([refused.status, refused.body]).toEqual([
        429,
        {
          message: 'You can upload at most 4 notes, papers or questions in 24 hours. Please try again later.',
        },
      ]);
      // The first of the four was made 5 s ago (each upload here moves the clock 1 s).
      app.clock.advance(DAY_MS - 10_000);
      // Signed in again (a session lasts 12 hours), as the same teacher.
      const again = await loginUser(app, teacher.user);
      expect((await upload(app, again)).status).toBe(429);
      app.clock.advance(10_000);
      expect((await upload(app, again)).status).toBe(201);
    }));

  it('two uploads at once cannot both take the last place', async () => {
    const teacher = await createUserWithRole(t, 'teacher');
    await upload(t, teacher.token);
    const replies = await Promise.all([1, 2, 3, 4].map(() => upload(t, teacher.token)));
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409, 409, 409]);
    const pending = await t.db
      .selectFrom('note_files')
      .select('id')
      .where('uploaded_by', '=', teacher.id)
      .where('state', '=', 'pending')
      .execute();
    expect(pending).toHaveLength(2);
  });

  it('admins have no caps: their uploads are published at once, as before', async () => {
    for (let count = 0; count < 6; count += 1) {
      const sent = await upload(t, admin.token);
      expect([sent.status, sent.body.state]).toEqual([201, 'approved']);
    }
  });
});

describe(`expiry (${TEST_DB})`, () => {
  it('a pending upload older than the configured age expires: file removed, teacher told, no decision', () =>
    withOwnApp(async (app) => {
      const teacher = await createUserWithRole(app, 'teacher');
      const id = (await upload(app, teacher.token)).body.note._id as string;
      const row = await app.db
        .selectFrom('note_files')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const file = path.join(app.app.context.config.filesDir, row.storage_name);
      const mine = await app.get('/api/uploads/mine', { token: teacher.token });
      expect(mine.body.items[0]).toMatchObject({
        state: 'pending',
        expiresAt: new Date(Date.parse(row.uploaded_at) + EXPIRY_DAYS * DAY_MS).toISOString(),
      });

      app.clock.advance(EXPIRY_DAYS * DAY_MS - 2000);
      const anAdmin = await createUserWithRole(app, 'admin');
      expect((await app.get('/api/admin/reviews', { token: anAdmin.token })).body.total).toBe(1);
      expect(await stateOf(app, id)).toBe('pending');
      app.clock.advance(2000);
      // The next read that looks at pending uploads sweeps first (and every process sweeps hourly).
      const queue = await app.get('/api/admin/reviews', { token: anAdmin.token });
      expect(queue.body.total).toBe(0);
      expect(await stateOf(app, id)).toBe('expired');
      expect(existsSync(file)).toBe(false);
      await app.app.context.mail.drain();
      const mail = app.lastMailTo(teacher.user.email.toLowerCase())!;
      expect(mail.subject).toBe('Your StudyHub uploads expired before review');
      expect(mail.text).toContain(`within ${EXPIRY_DAYS} days`);
      expect(mail.text).toContain('- CS-501 Theory of Computation, Unit 1 (notes.pdf)');

      const late = await decide(app, id, { decision: 'approve' }, anAdmin.token);
      expect([late.status, late.body]).toEqual([
        409,
        { message: 'This upload expired before anyone reviewed it.', state: 'expired' },
      ]);
      const audit = await app.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'notes.expire')
        .execute();
      expect(audit.map((entry) => JSON.parse(entry.details ?? '{}').upload)).toEqual([id]);
    }));

  it('several server processes sweeping at once expire each upload once and mail each teacher once', () =>
    withOwnApp(async (a) => {
      const teachers = [await createUserWithRole(a, 'teacher'), await createUserWithRole(a, 'teacher')];
      for (const teacher of teachers) {
        for (const subject of ['CS-501', 'CS-502']) {
          expect((await upload(a, teacher.token, { ...UNIT, subject })).status).toBe(201);
        }
      }
      // Two more apps on the same database, files and clock stand for two more processes. The uploads expire
      // only once all three run (each sweeps at start-up too).
      await withOwnApp(
        (b) =>
          withOwnApp(
            async (c) => {
              const apps = [a, b, c];
              // PostgreSQL: all at once. SQLite waits for a busy database synchronously, which three "processes"
              // in this one thread cannot do for each other: they sweep one after the other.
              const sweepAll = async () => {
                const sweep = (app: TestApp) => app.app.context.uploadReviews.expireOverdue();
                if (TEST_DB === 'postgres') return Promise.all(apps.map(sweep));
                const counts: number[] = [];
                for (const app of apps) counts.push(await sweep(app));
                return counts;
              };
              // Their start-up sweeps are over (nothing was due yet): each sweep below is a new one.
              expect(await sweepAll()).toEqual([0, 0, 0]);
              a.clock.advance(EXPIRY_DAYS * DAY_MS);
              const swept = await sweepAll();
              expect(swept.reduce((sum, count) => sum + count, 0)).toBe(4);
              for (const app of apps) await app.app.context.mail.drain();
              for (const teacher of teachers) {
                const mails = apps.flatMap((app) => reviewMailsTo(app, teacher.user.email));
                expect(mails).toHaveLength(1);
                expect(mails[0]!.text.match(/^- CS-50\d/gm)).toHaveLength(2);
              }
            },
            { shareWith: a },
          ),
        { shareWith: a },
      );
      const expired = await a.db
        .selectFrom('note_files')
        .select('storage_name')
        .where('state', '=', 'expired')
        .execute();
      expect(expired).toHaveLength(4);
      for (const { storage_name } of expired) {
        expect(existsSync(path.join(a.app.context.config.filesDir, storage_name))).toBe(false);
      }
      const audit = await a.db
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'notes.expire')
        .execute();
      expect(audit).toHaveLength(4);
    }));

  it('a server that starts after the age has passed expires them at start-up', () =>
    withOwnApp(async (a) => {
      const teacher = await createUserWithRole(a, 'teacher');
      const id = (await upload(a, teacher.token)).body.note._id as string;
      a.clock.advance(EXPIRY_DAYS * DAY_MS + 1000);
      // No request at all: closing waits for the start-up sweep.
      await withOwnApp(async () => {}, { shareWith: a });
      expect(await stateOf(a, id)).toBe('expired');
      await a.app.context.mail.drain();
    }));
});

describe('decision mails are capped per teacher', () => {
  it('at most 10 an hour; My uploads still says what became of each', () =>
    withOwnApp(
      async (app) => {
        const anAdmin = await createUserWithRole(app, 'admin');
        const teacher = await createUserWithRole(app, 'teacher');
        const ids: string[] = [];
        for (let count = 0; count < 12; count += 1)
          ids.push((await upload(app, teacher.token)).body.note._id);
        for (const id of ids)
          expect((await decide(app, id, { decision: 'approve' }, anAdmin.token)).status).toBe(200);
        await app.app.context.mail.drain();
        expect(reviewMailsTo(app, teacher.user.email)).toHaveLength(10);
        const mine = await app.get('/api/uploads/mine?pageSize=20', { token: teacher.token });
        expect(mine.body.items.map((item: { state: string }) => item.state)).toEqual(
          Array(12).fill('approved'),
        );
      },
      { env: { TEACHER_PENDING_MAX: '20', TEACHER_UPLOADS_PER_DAY: '20' } },
    ));
});

describe('students never see a pending, rejected or expired upload', () => {
  /**
   * What every route a student may call with GET answers a student, and nobody, at the clock's time `at` (signed
   * links carry their expiry).
   */
  async function everythingAStudentSees(app: TestApp, token: string, at: number): Promise<string[]> {
    app.clock.set(at);
    const seen: string[] = [];
    for (const route of app.app.routeTable) {
      if (route.method !== 'GET' || !roleMayCall(route.access, 'student')) continue;
      const url = `${concretePath(route.url)}${ROUTE_QUERIES[route.url] ?? ''}`;
      for (const headers of [{ authorization: `Bearer ${token}` }, {}]) {
        const reply = await app.app.inject({ url, headers });
        seen.push(`${route.url} ${reply.statusCode} ${sha256(reply.rawPayload)}`);
      }
    }
    return seen;
  }

  it('every route a student may call answers the same before an upload of any kind, while pending, rejected or expired', () =>
    withOwnApp(
      async (app) => {
        const anAdmin = await createUserWithRole(app, 'admin');
        // The subject the route walk names (CS-501) has an admin's notes of unit 1, paper and question; the
        // teacher's uploads go beside them.
        expect((await upload(app, anAdmin.token)).status).toBe(201);
        expect(
          (await uploadPaper(app, { subject: 'CS-501', session: SESSION }, pdf(), anAdmin.token)).status,
        ).toBe(201);
        const question = { subject: 'CS-501', unit: 1, text: 'Define a DFA.' };
        expect((await addQuestion(app, question, anAdmin.token)).status).toBe(201);
        let reader = await createUserWithRole(app, 'student');
        let at = app.clock.now();
        const before = await everythingAStudentSees(app, reader.token, at);
        expect(before.length).toBeGreaterThan(10);

        const teacher = await createUserWithRole(app, 'teacher');
        /** One upload of each kind: the note of `unit`, the paper of `session`, a question of `unit`. */
        const uploadEach = async (unit: string, session: string) => {
          const note = await upload(app, teacher.token, { ...UNIT, unit });
          const paper = await uploadPaper(app, { subject: 'CS-501', session }, pdf(), teacher.token);
          const asked = await addQuestion(app, { ...question, unit: Number(unit) }, teacher.token);
          return [note.body.note._id, paper.body.paper._id, asked.body.question._id] as string[];
        };
        const rejected = await uploadEach('1', SESSION);
        const expiring = await uploadEach('4', 'Dec 2023');
        expect(await everythingAStudentSees(app, reader.token, at)).toEqual(before);
        for (const id of rejected) {
          const decided = await decide(app, id, { decision: 'reject', reason: 'No.' }, anAdmin.token);
          expect(decided.status).toBe(200);
        }
        expect(await everythingAStudentSees(app, reader.token, at)).toEqual(before);

        // Days later (signed links and sessions carry times, so the answers are compared across the sweep).
        app.clock.advance(EXPIRY_DAYS * DAY_MS + 60_000);
        reader = await createUserWithRole(app, 'student');
        at = app.clock.now();
        // The walk reaches the pending file route, which sweeps first: the routes before it answer while the
        // uploads are overdue but pending, the ones after it once they have expired; the next walk answers after
        // the sweep only.
        expect(await stateOf(app, expiring[0]!)).toBe('pending');
        const overdue = await everythingAStudentSees(app, reader.token, at);
        expect(await stateOf(app, expiring[0]!)).toBe('expired');
        expect(await everythingAStudentSees(app, reader.token, at)).toEqual(overdue);
      },
      { env: { TEACHER_PENDING_MAX: '10', TEACHER_UPLOADS_PER_DAY: '10' } },
    ));

  it('by name: recent uploads, the subject’s units, the download path, and a guessed id', async () => {
    const teacher = await createUserWithRole(t, 'teacher');
    const unit = { ...UNIT, subject: 'CS-505', unit: '2' };
    const id = (await upload(t, teacher.token, unit)).body.note._id as string;
    const as = { token: student.token };
    const recent = await t.get('/api/notes/recent');
    expect(recent.body.map((note: { _id: string }) => note._id)).not.toContain(id);
    expect((await t.get('/api/notes/units?subject=CS-505', as)).body.units).toEqual([]);
    const download = await t.app.inject({
      url: '/api/download/CSE/Third_Year/Semester_5/CS-505/2',
      headers: { authorization: `Bearer ${student.token}` },
    });
    expect(download.statusCode).toBe(404);
    const guessed = await t.app.inject({
      url: `/api/uploads/${id}/file`,
      headers: { authorization: `Bearer ${student.token}` },
    });
    expect(guessed.statusCode).toBe(404);
    // Search (decision 017) reads the catalog in the browser: there is no search route to leak through.

    // Approved: it is everywhere a student looks.
    expect((await decide(t, id, { decision: 'approve' })).status).toBe(200);
    expect((await t.get('/api/notes/recent')).body[0]._id).toBe(id);
    expect((await t.get('/api/notes/units?subject=CS-505', as)).body.units).toMatchObject([{ unit: 2 }]);
  });
});
