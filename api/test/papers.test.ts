/**
 * Previous-year question papers (decision 034): who may call each paper route, what an upload's query and form
 * must hold (nothing stored otherwise), a paper's life in the review queue, a newer paper of a session replacing
 * the one before it (kept as history), newest session first, and the signed short-lived links to each PDF
 * (docs/security.md items 26, 42, 50). Runs on SQLite and PostgreSQL (STUDYHUB_TEST_DB).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { PAPER_MESSAGES, paperSchema, UPLOAD_MESSAGES } from '@studyhub/contract/schemas';
import { API_MESSAGES } from '../src/messages';
import { FILE_CONTENT_SECURITY_POLICY } from '../src/plugins/security-headers';
import { countRows, createUserWithRole } from './support/accounts';
import { buildTestApp, type TestApp } from './support/apps';
import { listFiles, type MultipartPart } from './support/note-files';
import { futureSession, SESSION, uploadPaper } from './support/papers';
import { request, type ApiReply } from './support/requests';

type User = Awaited<ReturnType<typeof createUserWithRole>>;

let t: TestApp;
let basePdf: Buffer;
let filesDir: string;
let admin: User;
let teacher: User;
let otherTeacher: User;
let student: User;

beforeAll(async () => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([200, 200]).drawText('StudyHub test paper', { x: 10, y: 100, size: 10, font });
  basePdf = Buffer.from(await doc.save());
  // 1 MB, so the size tests stay quick; room for every upload this file makes (the caps have their tests).
  t = await buildTestApp({
    env: { UPLOAD_MAX_MB: '1', TEACHER_PENDING_MAX: '500', TEACHER_UPLOADS_PER_DAY: '500' },
  });
  filesDir = t.app.context.config.filesDir;
  admin = await createUserWithRole(t, 'admin');
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
  return Buffer.concat([basePdf, Buffer.from(`\n% paper ${pdfCount}\n`)]);
}

const PAPER = { subject: 'CS-601', session: SESSION };

/** An upload through the API (no token: anonymous); answers the reply and the bytes sent. */
async function upload(
  token: string | undefined,
  query: Record<string, string> = PAPER,
): Promise<{ reply: ApiReply; bytes: Buffer }> {
  const bytes = pdf();
  t.clock.advance(1000);
  return { reply: await uploadPaper(t, query, bytes, token), bytes };
}

/** A paper sent by `token`'s user in the state their role gives it: its id and bytes. */
async function paperBy(
  token: string,
  state: 'approved' | 'pending',
  query: Record<string, string> = PAPER,
): Promise<{ id: string; bytes: Buffer }> {
  const { reply, bytes } = await upload(token, query);
  expect([reply.status, reply.body.state]).toEqual([201, state]);
  return { id: reply.body.paper._id as string, bytes };
}

const decide = (id: string, body: unknown) =>
  request(t.app, 'POST', `/api/admin/reviews/${id}`, body, { token: admin.token });
const papersOf = (subject: string, token = student.token) =>
  request(t.app, 'GET', `/api/papers?subject=${encodeURIComponent(subject)}`, undefined, { token });
const row = (id: string) =>
  t.db.selectFrom('question_papers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** GET of a file route, keeping the raw bytes (bearer `token`, or none). */
async function fetchFile(url: string, token?: string, headers: Record<string, string> = {}) {
  const reply = await t.app.inject({
    url,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return {
    status: reply.statusCode,
    headers: reply.headers,
    raw: reply.rawPayload,
    json: () => JSON.parse(reply.body) as unknown,
  };
}

/** Rows and files as they are now, to compare after a refused request. */
async function snapshot() {
  return {
    papers: await countRows(t.db, 'question_papers'),
    audit: await countRows(t.db, 'audit_log'),
    files: listFiles(filesDir),
  };
}

describe('who may call each paper route (anonymous, student, teacher, admin)', () => {
  it('POST /api/papers/upload: 401, 403, 201 pending, 201 approved', async () => {
    const anonymous = (await upload(undefined)).reply;
    expect([anonymous.status, anonymous.body]).toEqual([401, { message: 'Please log in to continue.' }]);
    const refused = (await upload(student.token)).reply;
    expect([refused.status, refused.body]).toEqual([403, { message: 'Teachers and admins only.' }]);
    const byTeacher = (await upload(teacher.token, { ...PAPER, scheme: '2019 scheme' })).reply;
    expect([byTeacher.status, byTeacher.body]).toEqual([
      201,
      {
        message: 'Upload received. An admin will review it before students can see it.',
        state: 'pending',
        paper: {
          _id: expect.any(String),
          subject: 'Machine Learning',
          subjectCode: 'CS-601',
          session: 'May 2024',
          scheme: '2019 scheme',
        },
      },
    ]);
    const byAdmin = (await upload(admin.token)).reply;
    expect([byAdmin.status, byAdmin.body.state, byAdmin.body.message]).toEqual([
      201,
      'approved',
      'Upload successful',
    ]);
  });

  it('GET /api/papers: 401 anonymous; every signed-in role reads the same approved papers', async () => {
    await paperBy(admin.token, 'approved', { subject: 'CS-602', session: 'Dec 2023' });
    await paperBy(teacher.token, 'pending', { subject: 'CS-602', session: 'May 2023' });
    const anonymous = await request(t.app, 'GET', '/api/papers?subject=CS-602');
    expect([anonymous.status, anonymous.body]).toEqual([401, { message: 'Please log in to continue.' }]);
    for (const token of [student.token, teacher.token, admin.token]) {
      const reply = await papersOf('CS-602', token);
      expect(reply.status).toBe(200);
      expect(reply.body.papers.map((paper: { session: string }) => paper.session)).toEqual(['Dec 2023']);
    }
  });

  it('GET /api/papers/{id}/file: anyone signed in reads an approved paper; a pending one is nobody’s there', async () => {
    const approved = await paperBy(admin.token, 'approved', { subject: 'CS-603(C)', session: SESSION });
    const anonymous = await fetchFile(`/api/papers/${approved.id}/file`);
    expect([anonymous.status, anonymous.json()]).toEqual([
      401,
      { message: 'Please log in to download notes.' },
    ]);
    for (const token of [student.token, teacher.token, admin.token]) {
      const read = await fetchFile(`/api/papers/${approved.id}/file`, token);
      expect(read.status).toBe(200);
      expect(sha256(read.raw)).toBe(sha256(approved.bytes));
    }
    const pending = await paperBy(teacher.token, 'pending', { subject: 'CS-603(C)', session: 'Dec 2023' });
    for (const token of [student.token, otherTeacher.token, teacher.token, admin.token]) {
      const hidden = await fetchFile(`/api/papers/${pending.id}/file`, token);
      expect([hidden.status, hidden.json()]).toEqual([404, { message: 'No question paper has that id.' }]);
    }
  });

  it('GET /api/uploads/{id}/file: a pending paper is read by its uploader and the admins only', async () => {
    const { id, bytes } = await paperBy(teacher.token, 'pending', { subject: 'CS-605', session: SESSION });
    const url = `/api/uploads/${id}/file`;
    expect((await fetchFile(url)).status).toBe(401);
    for (const token of [student.token, otherTeacher.token]) {
      const hidden = await fetchFile(url, token);
      expect([hidden.status, hidden.json()]).toEqual([404, { message: 'No upload has that id.' }]);
    }
    for (const token of [teacher.token, admin.token]) {
      const read = await fetchFile(`${url}?download=1`, token);
      expect(read.status).toBe(200);
      expect(read.headers['content-disposition']).toBe('attachment; filename="CS-605 May 2024 pending.pdf"');
      expect(sha256(read.raw)).toBe(sha256(bytes));
    }
  });
});

describe('a paper’s life: pending, approved, replaced, rejected', () => {
  it('a teacher’s paper is listed once approved, and a newer paper of its session replaces it', async () => {
    const subject = 'CS-604(A)';
    const pending = await paperBy(teacher.token, 'pending', { subject, session: SESSION, scheme: 'old' });
    expect((await papersOf(subject)).body).toEqual({ subject, papers: [] });
    const approved = await decide(pending.id, { decision: 'approve' });
    expect([approved.status, approved.body.message]).toEqual([
      200,
      'Approved. Students can now see this question paper.',
    ]);
    expect(approved.body.upload).toMatchObject({ kind: 'paper', state: 'approved', file: null });
    expect(await row(pending.id)).toMatchObject({ state: 'approved', current: 1, decided_by: admin.id });
    const listed = (await papersOf(subject)).body.papers;
    expect(listed).toEqual([
      {
        _id: pending.id,
        session: 'May 2024',
        scheme: 'old',
        uploadedAt: (await row(pending.id)).uploaded_at,
        size: pending.bytes.length,
        url: expect.stringMatching(new RegExp(`^/api/papers/${pending.id}/file\\?expires=\\d+&user=`)),
        downloadUrl: expect.stringMatching(/&download=1$/),
      },
    ]);
    expect(paperSchema.strict().safeParse(listed[0]).success).toBe(true);

    // Another paper of the same subject and session, however spelled: the newer one is current, the older history.
    const newer = await paperBy(admin.token, 'approved', { subject: 'cs-604(a)', session: ' MAY   2024 ' });
    expect((await papersOf(subject)).body.papers).toMatchObject([{ _id: newer.id, scheme: null }]);
    expect(await row(pending.id)).toMatchObject({ state: 'approved', current: 0 });
    expect(existsSync(path.join(filesDir, (await row(pending.id)).storage_name))).toBe(true);
    expect((await fetchFile(`/api/papers/${pending.id}/file`, student.token)).status).toBe(404);
    expect(sha256((await fetchFile(`/api/papers/${newer.id}/file`, student.token)).raw)).toBe(
      sha256(newer.bytes),
    );
  });

  it('papers are listed newest session first, one per session', async () => {
    const subject = 'CS-606';
    for (const session of ['Dec 2022', 'May 2024', 'Jan 2023', 'Nov 2023', 'Jun 2023', 'Nov 2023']) {
      await paperBy(admin.token, 'approved', { subject, session });
    }
    const sessions = (await papersOf(subject)).body.papers.map((paper: { session: string }) => paper.session);
    expect(sessions).toEqual(['May 2024', 'Nov 2023', 'Jun 2023', 'Jan 2023', 'Dec 2022']);
  });

  it('a rejected paper keeps its reason, loses its file and is listed nowhere; a decided one takes no decision', async () => {
    const subject = 'CS-604(B)';
    const { id } = await paperBy(teacher.token, 'pending', { subject, session: SESSION });
    const file = path.join(filesDir, (await row(id)).storage_name);
    expect(existsSync(file)).toBe(true);
    const rejected = await decide(id, { decision: 'reject', reason: 'This is the 2023 paper.' });
    expect([rejected.status, rejected.body.message]).toEqual([
      200,
      'Rejected. The teacher will see your reason.',
    ]);
    expect(rejected.body.upload).toMatchObject({
      kind: 'paper',
      state: 'rejected',
      reason: 'This is the 2023 paper.',
    });
    expect(existsSync(file)).toBe(false);
    expect((await papersOf(subject)).body.papers).toEqual([]);
    const again = await decide(id, { decision: 'approve' });
    expect([again.status, again.body]).toEqual([
      409,
      { message: 'Another admin has already rejected this upload.', state: 'rejected' },
    ]);
    expect(await row(id)).toMatchObject({ state: 'rejected', current: 0 });
  });
});

describe('the signed links of a paper list (docs/security.md items 26, 42, 50)', () => {
  let links: { url: string; downloadUrl: string; _id: string };
  let bytes: Buffer;
  beforeAll(async () => {
    const sent = await paperBy(admin.token, 'approved', { subject: 'CS-602', session: 'Nov 2024' });
    bytes = sent.bytes;
    const token = (await createUserWithRole(t, 'student')).token;
    links = (await papersOf('CS-602', token)).body.papers.find(
      (paper: { _id: string }) => paper._id === sent.id,
    );
  });

  it('open the PDF inline or as an attachment named after the subject and session, sandboxed, with Range', async () => {
    const inline = await fetchFile(links.url);
    expect(inline.status).toBe(200);
    expect(inline.headers['content-type']).toBe('application/pdf');
    expect(inline.headers['content-disposition']).toBe('inline; filename="CS-602 Nov 2024.pdf"');
    expect(inline.headers['content-security-policy']).toBe(FILE_CONTENT_SECURITY_POLICY);
    expect(inline.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(inline.headers['cache-control']).toBe('no-store');
    expect(sha256(inline.raw)).toBe(sha256(bytes));
    const attachment = await fetchFile(links.downloadUrl);
    expect(attachment.headers['content-disposition']).toBe('attachment; filename="CS-602 Nov 2024.pdf"');
    const range = await fetchFile(links.url, undefined, { range: 'bytes=0-4' });
    expect([range.status, range.raw.toString()]).toEqual([206, '%PDF-']);
    const beyond = await fetchFile(links.url, undefined, { range: `bytes=${bytes.length + 10}-` });
    expect(beyond.status).toBe(416);
  });

  it('a forged, borrowed or expired link, or one whose session ended, opens nothing (401)', async () => {
    const query = new URL(links.url, 'http://x').search;
    const other = await paperBy(admin.token, 'approved', { subject: 'CS-602', session: 'Dec 2021' });
    const cases: [string, string][] = [
      ['forged', `/api/papers/${links._id}/file?expires=9999999999&sig=${'A'.repeat(43)}`],
      ['borrowed from another paper', `/api/papers/${other.id}/file${query}`],
      ['re-cased', links.url.replace('sig=', 'SIG=')],
    ];
    for (const [label, url] of cases) expect([label, (await fetchFile(url)).status]).toEqual([label, 401]);

    const reader = await createUserWithRole(t, 'student');
    const own = (await papersOf('CS-602', reader.token)).body.papers[0].url as string;
    expect((await fetchFile(own)).status).toBe(200);
    expect(
      (await request(t.app, 'POST', '/api/auth/logout', undefined, { token: reader.token })).status,
    ).toBe(200);
    const ended = await fetchFile(own);
    expect([ended.status, ended.json()]).toEqual([401, { message: API_MESSAGES.downloadLinkEnded }]);

    const later = (await papersOf('CS-602')).body.papers[0].url as string;
    t.clock.advance(16 * 60_000);
    const expired = await fetchFile(later);
    expect([expired.status, expired.json()]).toEqual([401, { message: API_MESSAGES.downloadLinkExpired }]);
  });

  it.each([
    ['a word', 'abc'],
    ['a path', '..%2F..%2Fetc%2Fpasswd'],
    ['SQL', "1'%20or%20'1'='1"],
    ['an id that names no paper', '00000000-0000-4000-8000-000000000000'],
  ])('an id that is %s: 404 with the bearer header, 401 without', async (_label, id) => {
    const signedIn = await fetchFile(`/api/papers/${id}/file`, admin.token);
    expect([signedIn.status, signedIn.json()]).toEqual([404, { message: 'No question paper has that id.' }]);
    expect((await fetchFile(`/api/papers/${id}/file`)).status).toBe(401);
  });
});

describe('an upload’s query and form: refused with a 4xx, nothing stored', () => {
  const without = (field: 'subject' | 'session') => {
    const rest: Record<string, string> = { ...PAPER };
    delete rest[field];
    return rest;
  };

  it.each([
    ['no subject', without('subject'), PAPER_MESSAGES.subject],
    ['an unknown subject', { ...PAPER, subject: 'CS-999' }, PAPER_MESSAGES.subject],
    ['a subject of 41 characters', { ...PAPER, subject: 'C'.repeat(41) }, PAPER_MESSAGES.subject],
    ['two subjects', 'subject=CS-601&subject=CS-602&session=May%202024', PAPER_MESSAGES.subject],
    ['no session', without('session'), PAPER_MESSAGES.session],
    ['a month alone', { ...PAPER, session: 'May' }, PAPER_MESSAGES.session],
    ['year first', { ...PAPER, session: '2024 May' }, PAPER_MESSAGES.session],
    ['a month of another language', { ...PAPER, session: 'Mai 2024' }, PAPER_MESSAGES.session],
    ['a month as a number', { ...PAPER, session: '05 2024' }, PAPER_MESSAGES.session],
    ['a two-digit year', { ...PAPER, session: 'May 24' }, PAPER_MESSAGES.session],
    ['a year before 1990', { ...PAPER, session: 'Dec 1989' }, PAPER_MESSAGES.session],
    ['a session yet to come', { ...PAPER, session: futureSession() }, PAPER_MESSAGES.sessionFuture],
    ['a session of 400 characters', { ...PAPER, session: `May ${'2'.repeat(396)}` }, PAPER_MESSAGES.session],
    ['a scheme of 41 characters', { ...PAPER, scheme: 's'.repeat(41) }, PAPER_MESSAGES.scheme],
    ['a scheme with a line break', { ...PAPER, scheme: '2019\nscheme' }, PAPER_MESSAGES.scheme],
    ['a scheme with a bidi override', { ...PAPER, scheme: 'CBGS \u202Eevil' }, PAPER_MESSAGES.scheme],
  ] as const)('%s → 400', async (_label, query, message) => {
    const before = await snapshot();
    const { reply } = await upload(admin.token, query as Record<string, string>);
    expect([reply.status, reply.body]).toEqual([400, { message }]);
    expect(await snapshot()).toEqual(before);
  });

  const pdfPart = (content: Buffer | string, name = 'pdf'): MultipartPart => ({
    name,
    filename: 'paper.pdf',
    contentType: 'application/pdf',
    content,
  });

  it.each([
    ['no parts at all', 400, UPLOAD_MESSAGES.file, null],
    ['the file in another field', 400, UPLOAD_MESSAGES.file, [pdfPart('%PDF-1.4\n', 'file')]],
    ['a text field named pdf', 400, UPLOAD_MESSAGES.file, [{ name: 'pdf', content: '%PDF-1.4' }]],
    ['not a PDF', 415, UPLOAD_MESSAGES.notPdf, [pdfPart('<html><body>%PDF-1.4</body></html>')]],
    ['an empty file', 415, UPLOAD_MESSAGES.notPdf, [pdfPart(Buffer.alloc(0))]],
    ['two PDFs', 400, API_MESSAGES.oneFileOnly, [pdfPart('%PDF-1.4 a'), pdfPart('%PDF-1.4 b')]],
    [
      'a PDF, then a text field',
      400,
      API_MESSAGES.oneFileOnly,
      [pdfPart('%PDF-1.4 a'), { name: 'x', content: 'y' }],
    ],
    [
      'a file larger than the limit',
      413,
      'The file is larger than 1 MB.',
      [pdfPart(Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1024 * 1024, 0x20)]))],
    ],
  ] as const)('%s → %i, no file or temp file left', async (_label, status, message, parts) => {
    const before = await snapshot();
    const reply = await uploadPaper(t, PAPER, parts as MultipartPart[] | null, admin.token);
    expect([reply.status, reply.body]).toEqual([status, { message }]);
    expect(await snapshot()).toEqual(before);
    expect(listFiles(path.join(filesDir, '.incoming'))).toEqual([]);
  });

  it('a JSON body instead of a form → 400', async () => {
    const before = await snapshot();
    const reply = await request(
      t.app,
      'POST',
      `/api/papers/upload?${new URLSearchParams(PAPER)}`,
      { pdf: 'x' },
      {
        token: admin.token,
      },
    );
    expect([reply.status, reply.body]).toEqual([400, { message: UPLOAD_MESSAGES.file }]);
    expect(await snapshot()).toEqual(before);
  });

  it('a blank scheme is none; the uploader’s file name is kept sanitised, the stored name is ours', async () => {
    const parts: MultipartPart[] = [{ ...pdfPart(pdf()), filename: '../../evil name<script>.pdf' }];
    const reply = await uploadPaper(t, { ...PAPER, subject: 'CS-601', scheme: '   ' }, parts, admin.token);
    expect([reply.status, reply.body.paper.scheme]).toEqual([201, null]);
    const stored = await row(reply.body.paper._id);
    expect(stored.storage_name).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(stored.original_name).not.toMatch(/[\\/<>]/);
    expect(stored.original_name).toContain('evil');
  });
});

describe('what an upload and a decision leave: the activity trail and the uploader’s mail', () => {
  const auditOf = (id: string) =>
    t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('details', 'like', `%${id}%`)
      .orderBy('id')
      .execute()
      .then((rows) => rows.map((entry) => ({ ...entry, details: JSON.parse(entry.details ?? '{}') })));

  it('an admin’s paper is papers.upload; a teacher’s papers.submit, then papers.approve or papers.reject', async () => {
    const published = await paperBy(admin.token, 'approved', { subject: 'CS-601', session: 'Dec 2019' });
    expect(await auditOf(published.id)).toMatchObject([
      {
        action: 'papers.upload',
        actor_id: admin.id,
        target: 'CS-601 paper Dec 2019',
        details: { upload: published.id, size: published.bytes.length, sha256: sha256(published.bytes) },
      },
    ]);
    const approved = await paperBy(teacher.token, 'pending', { subject: 'CS-601', session: 'Jun 2019' });
    await decide(approved.id, { decision: 'approve' });
    const rejected = await paperBy(teacher.token, 'pending', { subject: 'CS-601', session: 'Jun 2019' });
    await decide(rejected.id, { decision: 'reject', reason: 'Blurred.' });
    expect((await auditOf(approved.id)).map((entry) => [entry.action, entry.actor_id])).toEqual([
      ['papers.submit', teacher.id],
      ['papers.approve', admin.id],
    ]);
    expect((await auditOf(rejected.id))[1]).toMatchObject({
      action: 'papers.reject',
      details: { reason: 'Blurred.', file: 'paper.pdf' },
    });
  });

  it('the uploader is mailed each decision, naming the subject, the session and the file', async () => {
    const uploader = await createUserWithRole(t, 'teacher');
    const email = uploader.user.email.toLowerCase();
    const approved = await paperBy(uploader.token, 'pending', { subject: 'CS-602', session: 'Dec 2020' });
    await decide(approved.id, { decision: 'approve' });
    await t.app.context.mail.drain();
    expect(t.lastMailTo(email)).toMatchObject({
      subject: 'Your question paper is live on StudyHub',
      text: expect.stringContaining('CS-602 Computer Networks, question paper Dec 2020 (paper.pdf)'),
    });
    const rejected = await paperBy(uploader.token, 'pending', { subject: 'CS-602', session: 'Dec 2020' });
    await decide(rejected.id, { decision: 'reject', reason: 'Wrong subject.\nFrom: the principal' });
    await t.app.context.mail.drain();
    const mail = t.lastMailTo(email)!;
    expect(mail.subject).toBe('Your StudyHub upload was not approved');
    expect(mail.text).toContain('> Wrong subject.\n> From: the principal\n');
  });
});

describe('a paper in the review queue and My uploads', () => {
  it('names its subject, session, scheme, file and uploader, with links to read it while pending', async () => {
    const { id } = await paperBy(teacher.token, 'pending', {
      subject: 'CS-601',
      session: 'Nov 2023',
      scheme: 'CBGS',
    });
    const queue = await request(t.app, 'GET', '/api/admin/reviews?pageSize=100', undefined, {
      token: admin.token,
    });
    const item = queue.body.items.find((candidate: { _id: string }) => candidate._id === id);
    expect(item).toEqual({
      kind: 'paper',
      _id: id,
      subject: 'Machine Learning',
      subjectCode: 'CS-601',
      branch: 'CSE',
      year: 'Third Year',
      semester: 'Semester 6',
      session: 'Nov 2023',
      scheme: 'CBGS',
      fileName: 'paper.pdf',
      size: expect.any(Number),
      uploadedAt: (await row(id)).uploaded_at,
      state: 'pending',
      decidedAt: null,
      reason: null,
      expiresAt: expect.any(String),
      file: {
        url: expect.stringMatching(new RegExp(`^/api/uploads/${id}/file\\?`)),
        downloadUrl: expect.stringMatching(/&download=1$/),
      },
      uploader: { id: teacher.id, name: teacher.user.name, email: teacher.user.email.toLowerCase() },
    });
    expect((await fetchFile(item.file.url)).status).toBe(200);
    const mine = await request(t.app, 'GET', '/api/uploads/mine?pageSize=100', undefined, {
      token: teacher.token,
    });
    // The same item, but the links speak for the teacher's session, and no uploader is named.
    const { uploader: _uploader, file: _links, ...asMine } = item;
    expect(mine.body.items.find((candidate: { _id: string }) => candidate._id === id)).toEqual({
      ...asMine,
      file: { url: expect.stringContaining(`&user=${teacher.id}&`), downloadUrl: expect.any(String) },
    });
  });
});
