/**
 * Important questions (decision 034): who may add and read them, what a question must be (free text of
 * docs/security.md item 43, a unit the subject has, marks, the sessions it was asked in), a question's life in the
 * review queue, the order students read them in (most-asked, then most recently asked, then newest), and the demo
 * data a first start shows. Runs on SQLite and PostgreSQL (STUDYHUB_TEST_DB).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ASKED_IN_MAX,
  PAPER_MESSAGES,
  QUESTION_MAX_LENGTH,
  questionBody,
  questionsReply,
  UPLOAD_MESSAGES,
} from '@studyhub/contract/schemas';
import { API_MESSAGES } from '../src/messages';
import { countRows, createUserWithRole } from './support/accounts';
import { buildTestApp, type TestApp } from './support/apps';
import { addQuestion, futureSession } from './support/papers';
import { request, type ApiReply } from './support/requests';

type User = Awaited<ReturnType<typeof createUserWithRole>>;

let t: TestApp;
let admin: User;
let teacher: User;
let student: User;

beforeAll(async () => {
  // Room for every question this file adds; the caps have their own tests (upload-kinds.test.ts).
  t = await buildTestApp({ env: { TEACHER_PENDING_MAX: '500', TEACHER_UPLOADS_PER_DAY: '500' } });
  admin = await createUserWithRole(t, 'admin');
  teacher = await createUserWithRole(t, 'teacher');
  student = await createUserWithRole(t, 'student');
}, 60_000);
afterAll(async () => {
  await t.close();
});

const QUESTION = {
  subject: 'CS-501',
  unit: 2,
  text: 'Explain the difference between Moore and Mealy machines.',
  marks: 7,
  askedIn: ['May 2024'],
};

/** A question sent by `token`'s user, a second after the last one, in the state their role gives it. */
async function questionBy(
  token: string,
  state: 'approved' | 'pending',
  body: Record<string, unknown> = QUESTION,
): Promise<string> {
  t.clock.advance(1000);
  const reply = await addQuestion(t, body, token);
  expect([reply.status, reply.body.state]).toEqual([201, state]);
  return reply.body.question._id as string;
}

const decide = (id: string, body: unknown) =>
  request(t.app, 'POST', `/api/admin/reviews/${id}`, body, { token: admin.token });
const questionsOf = (subject: string, token = student.token) =>
  request(t.app, 'GET', `/api/questions?subject=${encodeURIComponent(subject)}`, undefined, { token });
/** The ids of a unit's questions as students read them. */
const unitIds = async (subject: string, unit: number): Promise<string[]> =>
  (await questionsOf(subject)).body.units[unit - 1].questions.map(
    (question: { _id: string }) => question._id,
  );
const row = (id: string) =>
  t.db.selectFrom('important_questions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('who may add and read questions (anonymous, student, teacher, admin)', () => {
  it('POST /api/questions: 401, 403, 201 pending, 201 approved', async () => {
    const anonymous = await addQuestion(t, QUESTION);
    expect([anonymous.status, anonymous.body]).toEqual([401, { message: 'Please log in to continue.' }]);
    const refused = await addQuestion(t, QUESTION, student.token);
    expect([refused.status, refused.body]).toEqual([403, { message: 'Teachers and admins only.' }]);
    const byTeacher = await addQuestion(t, QUESTION, teacher.token);
    expect([byTeacher.status, byTeacher.body]).toEqual([
      201,
      {
        message: 'Upload received. An admin will review it before students can see it.',
        state: 'pending',
        question: {
          _id: expect.any(String),
          subjectCode: 'CS-501',
          unit: 2,
          text: QUESTION.text,
          marks: 7,
          askedIn: ['May 2024'],
        },
      },
    ]);
    const byAdmin = await addQuestion(t, QUESTION, admin.token);
    expect([byAdmin.status, byAdmin.body.state, byAdmin.body.message]).toEqual([
      201,
      'approved',
      'Question added. Students can now see it.',
    ]);
  });

  it('GET /api/questions: 401 anonymous; every signed-in role reads every unit, approved questions only', async () => {
    const approved = await questionBy(admin.token, 'approved', { ...QUESTION, subject: 'CS-502', unit: 3 });
    await questionBy(teacher.token, 'pending', { ...QUESTION, subject: 'CS-502', unit: 3 });
    const anonymous = await request(t.app, 'GET', '/api/questions?subject=CS-502');
    expect([anonymous.status, anonymous.body]).toEqual([401, { message: 'Please log in to continue.' }]);
    for (const token of [student.token, teacher.token, admin.token]) {
      const reply = await questionsOf('CS-502', token);
      expect(reply.status).toBe(200);
      expect(questionsReply.strict().safeParse(reply.body).success).toBe(true);
      expect(
        reply.body.units.map((unit: { unit: number; title: string }) => [unit.unit, unit.title]),
      ).toEqual([
        [1, 'DBMS concepts'],
        [2, 'Relational data model'],
        [3, 'Database design'],
        [4, 'Transaction processing'],
        [5, 'RDBMS implementation'],
      ]);
      expect(reply.body.units[2].questions).toEqual([
        { _id: approved, text: QUESTION.text, marks: 7, askedIn: ['May 2024'] },
      ]);
    }
  });

  it('a subject without a unit list has no units; an unknown subject is a 400', async () => {
    expect((await questionsOf('BT-108')).body).toEqual({ subject: 'BT-108', units: [] });
    expect((await questionsOf('cs-501')).body.subject).toBe('CS-501');
    const unknown = await questionsOf('CS-999');
    expect([unknown.status, unknown.body]).toEqual([400, { message: PAPER_MESSAGES.subject }]);
    const none = await request(t.app, 'GET', '/api/questions', undefined, { token: student.token });
    expect([none.status, none.body]).toEqual([400, { message: PAPER_MESSAGES.subject }]);
  });
});

describe('the order students read a unit’s questions in', () => {
  it('most-asked first, then the most recently asked, then the newest', async () => {
    const subject = 'CS-601';
    const at = (askedIn: string[]) => ({ ...QUESTION, subject, unit: 4, askedIn });
    const onceMay = await questionBy(admin.token, 'approved', at(['May 2024']));
    const thriceOlder = await questionBy(admin.token, 'approved', at(['Dec 2023', 'Jun 2023', 'Dec 2022']));
    const never = await questionBy(admin.token, 'approved', at([]));
    const thriceNewer = await questionBy(admin.token, 'approved', at(['May 2024', 'Jun 2023', 'Dec 2022']));
    const onceDec = await questionBy(admin.token, 'approved', at(['Dec 2023']));
    const onceMayLater = await questionBy(admin.token, 'approved', at(['May 2024']));
    // A teacher's, approved last: published after every other.
    const approvedLast = await questionBy(teacher.token, 'pending', at(['May 2024']));
    const neverLater = await questionBy(admin.token, 'approved', { ...at([]), askedIn: undefined });
    expect((await decide(approvedLast, { decision: 'approve' })).status).toBe(200);
    expect(await unitIds(subject, 4)).toEqual([
      thriceNewer,
      thriceOlder,
      approvedLast,
      onceMayLater,
      onceMay,
      onceDec,
      neverLater,
      never,
    ]);
  });

  it('"asked in" is kept distinct, newest first, spelled as pages show it', async () => {
    const id = await questionBy(admin.token, 'approved', {
      ...QUESTION,
      subject: 'CS-603(C)',
      unit: 1,
      askedIn: ['dec 2022', 'MAY  2024', 'Dec 2022', 'Nov 2023'],
    });
    const [question] = (await questionsOf('CS-603(C)')).body.units[0].questions;
    expect(question).toMatchObject({ _id: id, askedIn: ['May 2024', 'Nov 2023', 'Dec 2022'] });
    expect(await row(id)).toMatchObject({ asked_count: 3, last_asked: '2024-05' });
  });

  it('a question keeps its lines, trimmed, with line breaks as \\n; marks may be left out', async () => {
    const id = await questionBy(admin.token, 'approved', {
      subject: 'CS-603(C)',
      unit: 2,
      text: '  Construct the LR(0) items for:\r\nS → AA\r\nA → aA | b  ',
    });
    const [question] = (await questionsOf('CS-603(C)')).body.units[1].questions;
    expect(question).toEqual({
      _id: id,
      text: 'Construct the LR(0) items for:\nS → AA\nA → aA | b',
      marks: null,
      askedIn: [],
    });
  });
});

describe('what a question must be: refused with a 400, nothing stored', () => {
  const cases: [string, unknown, string][] = [
    ['no body', undefined, PAPER_MESSAGES.subject],
    ['no subject', { ...QUESTION, subject: undefined }, PAPER_MESSAGES.subject],
    ['an unknown subject', { ...QUESTION, subject: 'CS-999' }, PAPER_MESSAGES.subject],
    ['a subject that is a number', { ...QUESTION, subject: 501 }, PAPER_MESSAGES.subject],
    ['a subject named __proto__', { ...QUESTION, subject: '__proto__' }, PAPER_MESSAGES.subject],
    ['no unit', { ...QUESTION, unit: undefined }, UPLOAD_MESSAGES.unit],
    ['unit 0', { ...QUESTION, unit: 0 }, UPLOAD_MESSAGES.unit],
    ['unit 6 of a 5-unit subject', { ...QUESTION, unit: 6 }, UPLOAD_MESSAGES.unit],
    ['a unit of a subject with no units', { ...QUESTION, subject: 'BT-108', unit: 1 }, UPLOAD_MESSAGES.unit],
    ['unit 1.5', { ...QUESTION, unit: 1.5 }, UPLOAD_MESSAGES.unit],
    ['a unit as text', { ...QUESTION, unit: '2' }, UPLOAD_MESSAGES.unit],
    ['no text', { ...QUESTION, text: undefined }, PAPER_MESSAGES.question],
    ['a blank text', { ...QUESTION, text: ' \n\t ' }, PAPER_MESSAGES.question],
    [
      'a text too long',
      { ...QUESTION, text: 'x'.repeat(QUESTION_MAX_LENGTH + 1) },
      PAPER_MESSAGES.questionTooLong,
    ],
    ['a bidi override', { ...QUESTION, text: 'Explain \u202Eesrever' }, PAPER_MESSAGES.questionCharacters],
    ['a lone surrogate', { ...QUESTION, text: 'Explain \uD800 this' }, PAPER_MESSAGES.questionCharacters],
    ['an escape character', { ...QUESTION, text: 'Explain \u001b[31m' }, PAPER_MESSAGES.questionCharacters],
    ['a line separator', { ...QUESTION, text: 'Explain\u2028this' }, PAPER_MESSAGES.questionCharacters],
    ['a NUL', { ...QUESTION, text: 'Explain\u0000' }, API_MESSAGES.invalidCharacters],
    ['marks 0', { ...QUESTION, marks: 0 }, PAPER_MESSAGES.marks],
    ['marks 101', { ...QUESTION, marks: 101 }, PAPER_MESSAGES.marks],
    ['marks 2.5', { ...QUESTION, marks: 2.5 }, PAPER_MESSAGES.marks],
    ['marks as text', { ...QUESTION, marks: '7' }, PAPER_MESSAGES.marks],
    ['"asked in" as text', { ...QUESTION, askedIn: 'May 2024' }, PAPER_MESSAGES.askedIn],
    [
      `${ASKED_IN_MAX + 1} sessions`,
      { ...QUESTION, askedIn: Array.from({ length: ASKED_IN_MAX + 1 }, (_, i) => `May ${2000 + i}`) },
      PAPER_MESSAGES.askedIn,
    ],
    ['a session that is no session', { ...QUESTION, askedIn: ['May 2024', 'soon'] }, PAPER_MESSAGES.session],
    ['a session yet to come', { ...QUESTION, askedIn: [futureSession()] }, PAPER_MESSAGES.sessionFuture],
    ['a session that is a number', { ...QUESTION, askedIn: [2024] }, PAPER_MESSAGES.session],
  ];

  it.each(cases)('%s', async (_label, body, message) => {
    const rows = async () => [
      await countRows(t.db, 'important_questions'),
      await countRows(t.db, 'audit_log'),
    ];
    const before = await rows();
    const reply = await addQuestion(t, body, admin.token);
    expect([reply.status, reply.body]).toEqual([400, { message }]);
    expect(await rows()).toEqual(before);
  });

  it('a body larger than a question can be → 413; a body that is not JSON → 4xx', async () => {
    const huge = await addQuestion(t, { ...QUESTION, text: 'x'.repeat(20_000) }, admin.token);
    expect([huge.status, huge.body]).toEqual([413, { message: 'The request is too large.' }]);
    const text: ApiReply = await request(t.app, 'POST', '/api/questions', undefined, {
      token: admin.token,
      raw: 'subject=CS-501',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBeGreaterThanOrEqual(400);
    expect(text.status).toBeLessThan(500);
    expect(text.body).toEqual({ message: expect.any(String) });
  });

  it('fields beyond the question are ignored: no state, uploader or count can be set', async () => {
    const id = await questionBy(teacher.token, 'pending', {
      ...QUESTION,
      state: 'approved',
      uploaded_by: admin.id,
      asked_count: 99,
    });
    expect(await row(id)).toMatchObject({ state: 'pending', uploaded_by: teacher.id, asked_count: 1 });
  });
});

describe('a question’s life in the review queue', () => {
  const long = `Explain with a neat diagram how a ${'very '.repeat(12)}long question is named in mails.`;

  it('waits with its text, marks and sessions; has no file; is listed once approved; its teacher is mailed', async () => {
    const uploader = await createUserWithRole(t, 'teacher');
    const id = await questionBy(uploader.token, 'pending', {
      ...QUESTION,
      subject: 'CS-605',
      unit: 3,
      text: long,
    });
    const queue = await request(t.app, 'GET', '/api/admin/reviews?pageSize=100', undefined, {
      token: admin.token,
    });
    const item = queue.body.items.find((candidate: { _id: string }) => candidate._id === id);
    expect(item).toEqual({
      kind: 'question',
      _id: id,
      subject: 'Data Analytics Lab',
      subjectCode: 'CS-605',
      branch: 'CSE',
      year: 'Third Year',
      semester: 'Semester 6',
      unit: 'Unit 3',
      text: long,
      marks: 7,
      askedIn: ['May 2024'],
      uploadedAt: (await row(id)).uploaded_at,
      state: 'pending',
      decidedAt: null,
      reason: null,
      expiresAt: expect.any(String),
      uploader: { id: uploader.id, name: uploader.user.name, email: uploader.user.email.toLowerCase() },
    });
    // A question has no PDF: there is nothing to read at the pending file route, whoever asks.
    const file = await t.app.inject({
      url: `/api/uploads/${id}/file`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect([file.statusCode, file.json()]).toEqual([404, { message: 'No upload has that id.' }]);
    expect(await unitIds('CS-605', 3)).toEqual([]);

    const approved = await decide(id, { decision: 'approve' });
    expect([approved.status, approved.body.message]).toEqual([
      200,
      'Approved. Students can now see this question.',
    ]);
    expect(approved.body.upload).toMatchObject({ kind: 'question', state: 'approved' });
    expect(await unitIds('CS-605', 3)).toEqual([id]);
    await t.app.context.mail.drain();
    const mail = t.lastMailTo(uploader.user.email.toLowerCase())!;
    expect(mail.subject).toBe('Your question is live on StudyHub');
    expect(mail.text).toContain(
      'CS-605 Data Analytics Lab, Unit 3 question “Explain with a neat diagram how a very very very very very…”',
    );
  });

  it('a rejected question is listed nowhere, keeps its reason, and takes no second decision', async () => {
    const id = await questionBy(teacher.token, 'pending', { ...QUESTION, subject: 'CS-605', unit: 4 });
    const rejected = await decide(id, { decision: 'reject', reason: 'Already listed.' });
    expect(rejected.body.upload).toMatchObject({
      kind: 'question',
      state: 'rejected',
      reason: 'Already listed.',
    });
    expect(await unitIds('CS-605', 4)).toEqual([]);
    const again = await decide(id, { decision: 'reject', reason: 'Again.' });
    expect([again.status, again.body]).toEqual([
      409,
      { message: 'Another admin has already rejected this upload.', state: 'rejected' },
    ]);
  });

  it('the activity trail: questions.add (an admin’s), questions.submit, .approve and .reject', async () => {
    const added = await questionBy(admin.token, 'approved', { ...QUESTION, subject: 'CS-606', unit: 1 });
    const approved = await questionBy(teacher.token, 'pending', { ...QUESTION, subject: 'CS-606', unit: 1 });
    const rejected = await questionBy(teacher.token, 'pending', { ...QUESTION, subject: 'CS-606', unit: 1 });
    await decide(approved, { decision: 'approve' });
    await decide(rejected, { decision: 'reject', reason: 'Duplicate.' });
    const audit = await request(t.app, 'GET', '/api/admin/audit?pageSize=100', undefined, {
      token: admin.token,
    });
    const about = (id: string) =>
      audit.body.items
        .filter((entry: { details: { upload?: string } | null }) => entry.details?.upload === id)
        .map((entry: { action: string; target: string }) => [entry.action, entry.target]);
    expect(about(added)).toEqual([['questions.add', 'CS-606 unit 1 question']]);
    expect(about(approved)).toEqual([
      ['questions.approve', 'CS-606 unit 1 question'],
      ['questions.submit', 'CS-606 unit 1 question'],
    ]);
    expect(about(rejected)[0]).toEqual(['questions.reject', 'CS-606 unit 1 question']);
  });
});

describe('the demo data of a first start', () => {
  it('fills a few Third Year subjects with papers and questions the API itself would accept', async () => {
    const demo = await buildTestApp({ env: { SEED_DEMO: '1' } });
    try {
      const token = (await createUserWithRole(demo, 'student')).token;
      const papers = await request(demo.app, 'GET', '/api/papers?subject=CS-501', undefined, { token });
      expect(papers.body.papers.map((paper: { session: string }) => paper.session)).toEqual([
        'May 2024',
        'Dec 2023',
        'Jun 2023',
      ]);
      const opened = await demo.app.inject(papers.body.papers[0].url as string);
      expect([opened.statusCode, opened.rawPayload.subarray(0, 5).toString()]).toEqual([200, '%PDF-']);
      for (const subject of ['CS-501', 'CS-502', 'CS-601']) {
        const { units } = (
          await request(demo.app, 'GET', `/api/questions?subject=${subject}`, undefined, { token })
        ).body as {
          units: { unit: number; questions: { text: string; marks: number | null; askedIn: string[] }[] }[];
        };
        const questions = units.flatMap((unit) =>
          unit.questions.map((question) => ({ ...question, unit: unit.unit })),
        );
        expect(questions.length).toBeGreaterThan(1);
        for (const { text, marks, askedIn, unit } of questions) {
          expect(questionBody.safeParse({ subject, unit, text, marks, askedIn }).success).toBe(true);
        }
      }
      const availability = await request(demo.app, 'GET', '/api/notes/availability');
      expect(availability.body.subjects['CS-501']).toEqual({ units: [1, 2], papers: 3, questions: 7 });
    } finally {
      await demo.close();
    }
  });
});
