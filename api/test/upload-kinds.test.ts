/**
 * One review queue, three kinds of upload (decision 034): notes, question papers and important questions share
 * the queue and My uploads (one list each, in upload order), the caps per teacher, the race rule of two admins
 * deciding at once, the expiry sweep, the state machine the database keeps, and what an account's deletion
 * leaves; students see nothing of a pending paper or question anywhere. Runs on SQLite and PostgreSQL
 * (STUDYHUB_TEST_DB).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import { createUserWithRole } from './support/accounts';
import { buildTestApp, type TestApp } from './support/apps';
import { TEST_DB } from './support/database';
import { listFiles, uploadNote } from './support/note-files';
import { addQuestion, SESSION, uploadPaper } from './support/papers';
import { request, type ApiReply } from './support/requests';

const DAY_MS = 86_400_000;
const EXPIRY_DAYS = 3;
const LIMITS = {
  TEACHER_PENDING_MAX: '2',
  TEACHER_UPLOADS_PER_DAY: '4',
  PENDING_EXPIRY_DAYS: String(EXPIRY_DAYS),
};

type User = Awaited<ReturnType<typeof createUserWithRole>>;
type Kind = 'note' | 'paper' | 'question';

let t: TestApp;
let basePdf: Buffer;
let admin: User;
let secondAdmin: User;

beforeAll(async () => {
  basePdf = Buffer.from(await (await PDFDocument.create()).save());
  t = await buildTestApp({ env: LIMITS });
  admin = await createUserWithRole(t, 'admin');
  secondAdmin = await createUserWithRole(t, 'admin');
}, 60_000);
afterAll(async () => {
  await t.close();
});

let pdfCount = 0;
function pdf(): Buffer {
  pdfCount += 1;
  return Buffer.concat([basePdf, Buffer.from(`\n% kinds ${pdfCount}\n`)]);
}

/** An upload of `kind` by `token`'s user, a second after the last one; `subject` and `unit` name where. */
async function send(
  app: TestApp,
  kind: Kind,
  token: string,
  where: { subject?: string; unit?: number; session?: string } = {},
): Promise<ApiReply> {
  const { subject = 'CS-501', unit = 1, session = SESSION } = where;
  app.clock.advance(1000);
  if (kind === 'note') {
    const query = { branch: 'CSE', year: 'Third Year', semester: '5', subject, unit: String(unit) };
    return uploadNote(app, query, pdf(), token);
  }
  if (kind === 'paper') return uploadPaper(app, { subject, session }, pdf(), token);
  return addQuestion(app, { subject, unit, text: `Question ${(pdfCount += 1)}`, askedIn: [session] }, token);
}

/** The id of an upload's reply, whatever its kind. */
const idOf = (reply: ApiReply): string => (reply.body.note ?? reply.body.paper ?? reply.body.question)._id;

/** A pending upload of `kind` by `token`'s teacher: its id. */
async function pending(app: TestApp, kind: Kind, token: string, where = {}): Promise<string> {
  const reply = await send(app, kind, token, where);
  expect([kind, reply.status, reply.body.state]).toEqual([kind, 201, 'pending']);
  return idOf(reply);
}

const decide = (app: TestApp, id: string, body: unknown, token = admin.token) =>
  request(app.app, 'POST', `/api/admin/reviews/${id}`, body, { token });

const TABLES = { note: 'note_files', paper: 'question_papers', question: 'important_questions' } as const;
const stateOf = async (app: TestApp, kind: Kind, id: string) =>
  (await app.db.selectFrom(TABLES[kind]).select('state').where('id', '=', id).executeTakeFirstOrThrow())
    .state;

/**
 * A test that moves the clock by days gets an app of its own (sessions last 12 hours, and the others keep theirs),
 * with room for three uploads waiting.
 */
async function withOwnApp(run: (app: TestApp) => Promise<void>): Promise<void> {
  const app = await buildTestApp({ env: { ...LIMITS, TEACHER_PENDING_MAX: '3' } });
  try {
    await run(app);
  } finally {
    await app.close();
  }
}

describe('the caps are shared by every kind', () => {
  it.each([
    ['paper', 'question'],
    ['question', 'note'],
  ] as const)(
    'a teacher with 2 notes waiting can add no %s and no %s (409), until an admin decides',
    async (first, second) => {
      const teacher = await createUserWithRole(t, 'teacher');
      const notes = [await pending(t, 'note', teacher.token), await pending(t, 'note', teacher.token)];
      const files = listFiles(t.app.context.config.filesDir);
      for (const kind of [first, second, 'note'] as const) {
        const refused = await send(t, kind, teacher.token, { subject: 'CS-502' });
        expect([kind, refused.status, refused.body]).toEqual([
          kind,
          409,
          {
            message:
              'You have 2 uploads waiting for review, the most at once. Upload more once an admin has decided on them.',
          },
        ]);
      }
      expect(listFiles(t.app.context.config.filesDir)).toEqual(files);
      expect((await decide(t, notes[0]!, { decision: 'approve' })).status).toBe(200);
      expect((await send(t, first, teacher.token, { subject: 'CS-502' })).status).toBe(201);
    },
  );

  it('uploads of any kind in 24 hours count together: the fifth, whatever its kind, is refused (429)', async () => {
    const teacher = await createUserWithRole(t, 'teacher');
    for (const kind of ['note', 'paper', 'question', 'paper'] as const) {
      const id = await pending(t, kind, teacher.token, { subject: 'CS-503(A)' });
      expect((await decide(t, id, { decision: 'reject', reason: 'No.' })).status).toBe(200);
    }
    for (const kind of ['note', 'paper', 'question'] as const) {
      const refused = await send(t, kind, teacher.token, { subject: 'CS-503(A)' });
      expect([kind, refused.status, refused.body]).toEqual([
        kind,
        429,
        {
          message: 'You can upload at most 4 notes, papers or questions in 24 hours. Please try again later.',
        },
      ]);
    }
  });

  it('a note, a paper and a question at once cannot all take the last place', async () => {
    const teacher = await createUserWithRole(t, 'teacher');
    await pending(t, 'question', teacher.token);
    const replies = await Promise.all(
      (['note', 'paper', 'question'] as const).map((kind) =>
        send(t, kind, teacher.token, { subject: 'CS-503(B)' }),
      ),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409, 409]);
  });
});

describe('one queue and one My uploads for the three kinds', () => {
  it('the queue is oldest first, My uploads newest first, both with one total across kinds, a page at a time', async () => {
    const teacher = await createUserWithRole(t, 'teacher');
    const waiting = await createUserWithRole(t, 'teacher');
    // The queue holds other tests' uploads too: it is read after deciding all of them.
    const before = await request(t.app, 'GET', '/api/admin/reviews?pageSize=100', undefined, {
      token: admin.token,
    });
    for (const item of before.body.items as { _id: string }[]) {
      await decide(t, item._id, { decision: 'reject', reason: 'Clearing the queue.' });
    }
    const ids = [
      await pending(t, 'paper', teacher.token, { subject: 'CS-504(A)' }),
      await pending(t, 'question', waiting.token, { subject: 'CS-504(A)' }),
      await pending(t, 'note', teacher.token, { subject: 'CS-504(A)' }),
      await pending(t, 'question', waiting.token, { subject: 'CS-504(A)' }),
    ];
    const queue = (page: number) =>
      request(t.app, 'GET', `/api/admin/reviews?pageSize=3&page=${page}`, undefined, { token: admin.token });
    const [first, second] = [await queue(1), await queue(2)];
    expect([first.body.total, second.body.total]).toEqual([4, 4]);
    expect(
      [...first.body.items, ...second.body.items].map((item: { _id: string; kind: string }) => item._id),
    ).toEqual(ids);
    expect(first.body.items.map((item: { kind: string }) => item.kind)).toEqual([
      'paper',
      'question',
      'note',
    ]);

    const mine = await request(t.app, 'GET', '/api/uploads/mine?pageSize=100', undefined, {
      token: teacher.token,
    });
    expect([mine.body.total, mine.body.items.map((item: { _id: string }) => item._id)]).toEqual([
      2,
      [ids[2], ids[0]],
    ]);
    const firstOfTwo = await request(t.app, 'GET', '/api/uploads/mine?pageSize=1&page=2', undefined, {
      token: waiting.token,
    });
    expect([firstOfTwo.body.total, firstOfTwo.body.items.map((item: { _id: string }) => item._id)]).toEqual([
      2,
      [ids[1]],
    ]);
  });
});

describe(`two admins deciding the same paper or question at once (${TEST_DB})`, () => {
  const PAIRS = [
    ['paper', 'approve', 'approve'],
    ['paper', 'approve', 'reject'],
    ['paper', 'reject', 'approve'],
    ['question', 'approve', 'approve'],
    ['question', 'reject', 'approve'],
    ['question', 'reject', 'reject'],
  ] as const;

  it.each(PAIRS)('a %s, %s against %s: exactly one wins, the other is told', async (kind, first, second) => {
    const uploader = await createUserWithRole(t, 'teacher');
    const email = uploader.user.email.toLowerCase();
    for (let round = 0; round < 2; round += 1) {
      const id = await pending(t, kind, uploader.token, {
        subject: 'CS-504(B)',
        session: `May ${2010 + round}`,
      });
      const body = (decision: 'approve' | 'reject') =>
        decision === 'approve' ? { decision } : { decision, reason: `No: round ${round}` };
      const mailsBefore = t.mailsTo(email).length;
      const replies = await Promise.all([
        decide(t, id, body(first), admin.token),
        decide(t, id, body(second), secondAdmin.token),
      ]);
      expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409]);
      const state = replies.find((reply) => reply.status === 200)!.body.upload.state as string;
      expect(replies.find((reply) => reply.status === 409)!.body).toEqual({
        message: `Another admin has already ${state} this upload.`,
        state,
      });
      expect(await stateOf(t, kind, id)).toBe(state);
      const audits = await t.db
        .selectFrom('audit_log')
        .select('action')
        .where('action', 'in', [`${kind}s.approve`, `${kind}s.reject`])
        .where('details', 'like', `%${id}%`)
        .execute();
      expect(audits).toHaveLength(1);
      await t.app.context.mail.drain();
      expect(t.mailsTo(email).length).toBe(mailsBefore + 1);
    }
  });

  it('two papers of one session approved at once: one is current, the other history', async () => {
    const teachers = [await createUserWithRole(t, 'teacher'), await createUserWithRole(t, 'teacher')];
    const where = { subject: 'CS-504(C)', session: 'Dec 2015' };
    const ids = [
      await pending(t, 'paper', teachers[0]!.token, where),
      await pending(t, 'paper', teachers[1]!.token, where),
    ];
    const replies = await Promise.all([
      decide(t, ids[0]!, { decision: 'approve' }, admin.token),
      decide(t, ids[1]!, { decision: 'approve' }, secondAdmin.token),
    ]);
    expect(replies.map((reply) => reply.status)).toEqual([200, 200]);
    const rows = await t.db
      .selectFrom('question_papers')
      .select(['id', 'current', 'state'])
      .where('id', 'in', ids)
      .execute();
    expect(rows.map((row) => row.state)).toEqual(['approved', 'approved']);
    expect(rows.map((row) => row.current).sort()).toEqual([0, 1]);
    const student = await createUserWithRole(t, 'student');
    const listed = await request(t.app, 'GET', '/api/papers?subject=CS-504(C)', undefined, {
      token: student.token,
    });
    expect(listed.body.papers).toHaveLength(1);
  });
});

describe('the database keeps the state machine of both new tables (a trigger and a check)', () => {
  it.each(['paper', 'question'] as const)('a decided %s keeps its state', async (kind) => {
    const teacher = await createUserWithRole(t, 'teacher');
    const approved = await pending(t, kind, teacher.token, { subject: 'CS-505' });
    const rejected = await pending(t, kind, teacher.token, { subject: 'CS-505' });
    expect((await decide(t, approved, { decision: 'approve' })).status).toBe(200);
    expect((await decide(t, rejected, { decision: 'reject', reason: 'No.' })).status).toBe(200);
    const change = (id: string, state: string) =>
      sql`update ${sql.table(TABLES[kind])} set state = ${state} where id = ${id}`.execute(t.db).then(
        () => `${state}: changed`,
        (error: unknown) => `${state}: ${String(error)}`,
      );
    for (const [id, states] of [
      [approved, ['pending', 'rejected', 'expired']],
      [rejected, ['pending', 'approved', 'expired']],
    ] as const) {
      for (const state of states) expect(await change(id, state)).toMatch(/a decided upload keeps its state/);
    }
    const waiting = await pending(t, kind, teacher.token, { subject: 'CS-505' });
    expect(await change(waiting, 'published')).toMatch(/check/i);
    expect([await stateOf(t, kind, approved), await stateOf(t, kind, rejected)]).toEqual([
      'approved',
      'rejected',
    ]);
  });
});

describe(`expiry of every kind (${TEST_DB})`, () => {
  it('a note, a paper and a question past their age expire: files removed, each audited, the teacher mailed once', () =>
    withOwnApp(async (app) => {
      const teacher = await createUserWithRole(app, 'teacher');
      const ids = {
        note: await pending(app, 'note', teacher.token, { subject: 'CS-502', unit: 2 }),
        paper: await pending(app, 'paper', teacher.token, { subject: 'CS-502', session: 'Nov 2023' }),
      };
      app.clock.advance(1000);
      const questionText = 'Explain two-phase locking.';
      const question = await addQuestion(
        app,
        { subject: 'CS-502', unit: 4, text: questionText },
        teacher.token,
      );
      const all = { ...ids, question: idOf(question) };
      const files = await Promise.all(
        (['note', 'paper'] as const).map(async (kind) => {
          const row = await app.db
            .selectFrom(TABLES[kind])
            .select('storage_name')
            .where('id', '=', ids[kind])
            .executeTakeFirstOrThrow();
          return path.join(app.app.context.config.filesDir, row.storage_name);
        }),
      );
      expect(files.every((file) => existsSync(file))).toBe(true);

      app.clock.advance(EXPIRY_DAYS * DAY_MS);
      const anAdmin = await createUserWithRole(app, 'admin');
      const queue = await request(app.app, 'GET', '/api/admin/reviews', undefined, { token: anAdmin.token });
      expect(queue.body.total).toBe(0);
      for (const kind of ['note', 'paper', 'question'] as const)
        expect(await stateOf(app, kind, all[kind])).toBe('expired');
      expect(files.some((file) => existsSync(file))).toBe(false);
      const audit = await app.db
        .selectFrom('audit_log')
        .select(['action', 'details'])
        .where('action', 'like', '%.expire')
        .execute();
      expect(audit.map((entry) => [entry.action, JSON.parse(entry.details ?? '{}').upload]).sort()).toEqual(
        [
          ['notes.expire', all.note],
          ['papers.expire', all.paper],
          ['questions.expire', all.question],
        ].sort(),
      );
      await app.app.context.mail.drain();
      const mails = app
        .mailsTo(teacher.user.email.toLowerCase())
        .filter((mail) => /expired/.test(mail.subject));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('- CS-502 Database Management Systems, Unit 2 (notes.pdf)');
      expect(mails[0]!.text).toContain(
        '- CS-502 Database Management Systems, question paper Nov 2023 (paper.pdf)',
      );
      expect(mails[0]!.text).toContain(
        `- CS-502 Database Management Systems, Unit 4 question “${questionText}”`,
      );
      for (const kind of ['paper', 'question'] as const) {
        const late = await decide(app, all[kind], { decision: 'approve' }, anAdmin.token);
        expect([late.status, late.body]).toEqual([
          409,
          { message: 'This upload expired before anyone reviewed it.', state: 'expired' },
        ]);
      }
    }));
});

describe('students never see a pending paper or question, and what is approved counts at once', () => {
  it('not in the lists, the availability counts, or at a file URL, until approved', async () => {
    const teacher = await createUserWithRole(t, 'teacher');
    const student = await createUserWithRole(t, 'student');
    const as = { token: student.token };
    const subject = 'CS-506';
    const counts = async () =>
      (await request(t.app, 'GET', '/api/notes/availability')).body.subjects[subject] as unknown;
    const paper = await pending(t, 'paper', teacher.token, { subject });
    const question = await pending(t, 'question', teacher.token, { subject });
    expect(await counts()).toBeUndefined();
    expect(
      (await request(t.app, 'GET', `/api/papers?subject=${subject}`, undefined, as)).body.papers,
    ).toEqual([]);
    const units = (await request(t.app, 'GET', `/api/questions?subject=${subject}`, undefined, as)).body
      .units;
    expect(units).toEqual([{ unit: 1, title: 'Python lab experiments', questions: [] }]);
    for (const url of [
      `/api/papers/${paper}/file`,
      `/api/uploads/${paper}/file`,
      `/api/uploads/${question}/file`,
    ]) {
      const hidden = await t.app.inject({ url, headers: { authorization: `Bearer ${student.token}` } });
      expect([url, hidden.statusCode]).toEqual([url, 404]);
    }

    expect((await decide(t, paper, { decision: 'approve' })).status).toBe(200);
    expect(await counts()).toEqual({ units: [], papers: 1, questions: 0 });
    expect((await decide(t, question, { decision: 'approve' })).status).toBe(200);
    expect(await counts()).toEqual({ units: [], papers: 1, questions: 1 });
    expect(
      (await request(t.app, 'GET', `/api/papers?subject=${subject}`, undefined, as)).body.papers,
    ).toHaveLength(1);
    // A second paper of the same session replaces the first: still one paper per session.
    await send(t, 'paper', admin.token, { subject });
    expect(await counts()).toEqual({ units: [], papers: 1, questions: 1 });
  });
});

describe('deleting an account', () => {
  it('keeps its approved papers and questions; its pending ones wait with nobody named, and can still be decided', async () => {
    const teacher = await createUserWithRole(t, 'teacher');
    const student = await createUserWithRole(t, 'student');
    const subject = 'CS-602';
    const paper = await pending(t, 'paper', teacher.token, { subject, session: 'Dec 2016' });
    const question = await pending(t, 'question', teacher.token, { subject, unit: 5 });
    for (const id of [paper, question])
      expect((await decide(t, id, { decision: 'approve' })).status).toBe(200);
    const waiting = await pending(t, 'question', teacher.token, { subject, unit: 5 });

    expect(
      (await request(t.app, 'DELETE', `/api/admin/users/${teacher.id}`, undefined, { token: admin.token }))
        .status,
    ).toBe(200);

    const as = { token: student.token };
    const papers = await request(t.app, 'GET', `/api/papers?subject=${subject}`, undefined, as);
    expect(papers.body.papers.map((item: { _id: string }) => item._id)).toContain(paper);
    const questions = await request(t.app, 'GET', `/api/questions?subject=${subject}`, undefined, as);
    expect(questions.body.units[4].questions.map((item: { _id: string }) => item._id)).toContain(question);
    const row = await t.db
      .selectFrom('question_papers')
      .select('uploaded_by')
      .where('id', '=', paper)
      .executeTakeFirstOrThrow();
    expect(row.uploaded_by).toBe(teacher.id);

    const queue = await request(t.app, 'GET', '/api/admin/reviews?pageSize=100', undefined, {
      token: admin.token,
    });
    expect(queue.body.items.find((item: { _id: string }) => item._id === waiting).uploader).toEqual({
      id: teacher.id,
      name: null,
      email: null,
    });
    expect((await decide(t, waiting, { decision: 'approve' })).status).toBe(200);
  });
});
