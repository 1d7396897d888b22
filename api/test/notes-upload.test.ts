/**
 * product §7 upload and recent calls; docs/security.md items 22, 24, 25, 30: who may upload, what the query must name,
 * size and signature checks while streaming, server-chosen names, nothing left behind on rejection, history on
 * re-upload, concurrent uploads and the audit row.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { recentNote, UPLOAD_MESSAGES } from '@studyhub/contract/schemas';
import { API_MESSAGES } from '../src/messages';
import { countRows, createUserWithRole } from './support/accounts';
import { buildTestApp, type TestApp } from './support/apps';
import { listFiles, uploadNote } from './support/note-files';
import { request, type ApiReply } from './support/requests';

const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let basePdf: Buffer;

/** A real PDF (pdf-lib), made unique by a trailing comment so every upload has its own hash. */
function pdf(label: string): Buffer {
  return Buffer.concat([basePdf, Buffer.from(`\n% ${label}\n`)]);
}

/** The start of a PDF, for tables built before basePdf exists: the store reads no further than the signature. */
function pdfHead(label: string): Buffer {
  return Buffer.from(`%PDF-1.7\n% ${label}\n`);
}

let t: TestApp;
let admin: { id: string; token: string };
let filesDir: string;

beforeAll(async () => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([200, 200]).drawText('StudyHub test notes', { x: 10, y: 100, size: 10, font });
  basePdf = Buffer.from(await doc.save());
  // 1 MB, so the size tests stay quick.
  t = await buildTestApp({ env: { UPLOAD_MAX_MB: '1' } });
  admin = await createUserWithRole(t, 'admin');
  filesDir = t.app.context.config.filesDir;
});
afterAll(async () => {
  await t.close();
});

const VALID = {
  branch: 'CSE',
  year: 'Third Year',
  semester: 'Semester_6',
  subject: 'CS-601',
  unit: 'Unit 3',
};

/** Rows and files as they are now, to compare after a rejected request. */
async function snapshot() {
  return { rows: await countRows(t.db, 'note_files'), files: listFiles(filesDir) };
}

async function currentRows(subjectCode: string, unit: number, branch = 'CSE') {
  return t.db
    .selectFrom('note_files')
    .selectAll()
    .where('branch', '=', branch)
    .where('subject_code', '=', subjectCode)
    .where('unit', '=', unit)
    .where('current', '=', 1)
    .execute();
}

describe('upload: success', () => {
  const SPELLINGS: [string, Record<string, string>, { year: string; semester: string; unit: string }][] = [
    [
      'form labels',
      { branch: 'CSE', year: 'Third Year', semester: '6', subject: 'CS-601', unit: 'Unit 3' },
      { year: 'Third Year', semester: 'Semester 6', unit: 'Unit 3' },
    ],
    [
      'path keys',
      { branch: 'CSE', year: 'ThirdYear', semester: 'Semester_6', subject: 'CS-602', unit: '3' },
      { year: 'Third Year', semester: 'Semester 6', unit: 'Unit 3' },
    ],
    [
      'bare numbers, lower-case branch and code',
      { branch: 'cse', year: '3', semester: '5', subject: 'cs-501', unit: '5' },
      { year: 'Third Year', semester: 'Semester 5', unit: 'Unit 5' },
    ],
    [
      'first year, another branch',
      { branch: 'CE', year: 'First_Year', semester: 'Semester 1', subject: 'BT-101', unit: 'unit 6' },
      { year: 'First Year', semester: 'Semester 1', unit: 'Unit 6' },
    ],
    [
      'a code with a letter in brackets',
      { branch: 'CSE', year: 'Fourth Year', semester: 'Semester_8', subject: 'CS-803(B)', unit: '1' },
      { year: 'Fourth Year', semester: 'Semester 8', unit: 'Unit 1' },
    ],
  ];

  it.each(SPELLINGS)(
    '%s → 201, a row with the hash and a server-chosen file',
    async (_label, query, labels) => {
      const bytes = pdf(`success ${JSON.stringify(query)}`);
      const before = await countRows(t.db, 'note_files');
      const reply = await uploadNote(
        t,
        query,
        [
          {
            name: 'pdf',
            filename: '../../evil name<script>.pdf',
            contentType: 'application/pdf',
            content: bytes,
          },
        ],
        admin.token,
      );
      expect(reply.status).toBe(201);
      const code = query.subject!.toUpperCase();
      const branch = query.branch!.toUpperCase();
      expect(reply.body).toEqual({
        message: 'Upload successful',
        state: 'approved',
        note: {
          _id: expect.any(String),
          subject: expect.any(String),
          subjectCode: code,
          unit: labels.unit,
          branch,
          year: labels.year,
          semester: labels.semester,
          createdAt: t.clock().toISOString(),
        },
      });
      expect(recentNote.strict().safeParse(reply.body.note).success).toBe(true);
      expect(reply.body.note.subject).not.toBe('');

      expect(await countRows(t.db, 'note_files')).toBe(before + 1);
      const row = await t.db
        .selectFrom('note_files')
        .selectAll()
        .where('id', '=', reply.body.note._id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        branch,
        subject_code: code,
        unit: Number(labels.unit.replace('Unit ', '')),
        size: bytes.length,
        sha256: sha256(bytes),
        uploaded_by: admin.id,
        current: 1,
      });
      // docs/security.md item 25: a server-chosen name; the client's name only in the database, and sanitised.
      expect(row.storage_name).toMatch(/^[0-9a-f-]{36}\.pdf$/);
      expect(row.storage_name).not.toContain('evil');
      expect(row.original_name).not.toMatch(/[\\/<>]/);
      expect(row.original_name).toContain('evil');
      const stored = path.join(filesDir, row.storage_name);
      expect(existsSync(stored)).toBe(true);
      expect(sha256(readFileSync(stored))).toBe(sha256(bytes));
      expect(listFiles(path.join(filesDir, '.incoming'))).toEqual([]);
    },
  );

  it.each(['CS-406(A)', 'CS-406(D)'])(
    'accepts %s, an elective of the group code CS-406 that the year page and search show',
    async (subject) => {
      const query = { branch: 'CSE', year: 'Second Year', semester: 'Semester 4', subject, unit: '2' };
      const reply = await uploadNote(t, query, pdf(subject), admin.token);
      expect(reply.status).toBe(201);
      expect(await currentRows(subject, 2)).toHaveLength(1);
    },
  );

  it('accepts a file of exactly the limit', async () => {
    const head = pdf('exact');
    const bytes = Buffer.concat([head, Buffer.alloc(1024 * 1024 - head.length, 0x20)]);
    const reply = await uploadNote(t, { ...VALID, subject: 'CS-606', unit: '1' }, bytes, admin.token);
    expect(reply.status).toBe(201);
    const [row] = await currentRows('CS-606', 1);
    expect(row?.size).toBe(1024 * 1024);
  });
});

describe('upload: rejections leave the database and folders unchanged', () => {
  const withoutField = (field: keyof typeof VALID) => {
    const rest: Record<string, string> = { ...VALID };
    delete rest[field];
    return rest;
  };

  /** [label, status, message, query]: the valid PDF is attached as admin. */
  const QUERIES: [string, number, string, Record<string, string>][] = [
    ['no branch', 400, UPLOAD_MESSAGES.branch, withoutField('branch')],
    ['no year', 400, UPLOAD_MESSAGES.year, withoutField('year')],
    ['no semester', 400, UPLOAD_MESSAGES.semester, withoutField('semester')],
    ['no subject', 400, UPLOAD_MESSAGES.subject, withoutField('subject')],
    ['no unit', 400, UPLOAD_MESSAGES.unit, withoutField('unit')],
    ['unknown branch', 400, UPLOAD_MESSAGES.branch, { ...VALID, branch: 'XYZ' }],
    ['empty branch', 400, UPLOAD_MESSAGES.branch, { ...VALID, branch: '' }],
    ['unknown year', 400, UPLOAD_MESSAGES.year, { ...VALID, year: 'Fifth Year' }],
    ['year 0', 400, UPLOAD_MESSAGES.year, { ...VALID, year: '0' }],
    ['semester not of that year', 400, UPLOAD_MESSAGES.semester, { ...VALID, semester: 'Semester_4' }],
    ['semester 9', 400, UPLOAD_MESSAGES.semester, { ...VALID, semester: '9' }],
    ['unknown subject', 400, UPLOAD_MESSAGES.subject, { ...VALID, subject: 'CS-999' }],
    ['subject of another semester', 400, UPLOAD_MESSAGES.subject, { ...VALID, subject: 'CS-501' }],
    ['subject of another branch', 400, UPLOAD_MESSAGES.subject, { ...VALID, branch: 'CE' }],
    [
      'a code without a name (CE-301)',
      400,
      UPLOAD_MESSAGES.subject,
      { branch: 'CE', year: 'Second Year', semester: '3', subject: 'CE-301', unit: '1' },
    ],
    [
      'a subject with no units (BT-108)',
      400,
      UPLOAD_MESSAGES.unit,
      { branch: 'CSE', year: '1', semester: '1', subject: 'BT-108', unit: '1' },
    ],
    ['unit 0', 400, UPLOAD_MESSAGES.unit, { ...VALID, unit: '0' }],
    ['unit 6 of a 5-unit subject', 400, UPLOAD_MESSAGES.unit, { ...VALID, unit: 'Unit 6' }],
    [
      'unit 4 of CS-604(B), which has 3',
      400,
      UPLOAD_MESSAGES.unit,
      { ...VALID, subject: 'CS-604(B)', unit: '4' },
    ],
    ['negative unit', 400, UPLOAD_MESSAGES.unit, { ...VALID, unit: '-1' }],
    ['unit not a number', 400, UPLOAD_MESSAGES.unit, { ...VALID, unit: 'three' }],
  ];

  it.each(QUERIES)('%s → %i', async (_label, status, message, query) => {
    const before = await snapshot();
    const reply = await uploadNote(t, query, pdf('rejected'), admin.token);
    expect(reply.status).toBe(status);
    expect(reply.body).toEqual({ message });
    expect(await snapshot()).toEqual(before);
  });

  it('anonymous → 401, student → 403 (teachers upload for review: upload-reviews.test.ts)', async () => {
    const student = await createUserWithRole(t, 'student');
    const before = await snapshot();
    const cases: [string | undefined, number, string][] = [
      [undefined, 401, 'Please log in to continue.'],
      ['not-a-token', 401, expect.any(String) as unknown as string],
      [student.token, 403, 'Teachers and admins only.'],
    ];
    for (const [token, status, message] of cases) {
      const reply = await uploadNote(t, VALID, pdf('role'), token);
      expect(reply.status).toBe(status);
      expect(reply.body).toEqual({ message });
    }
    expect(await snapshot()).toEqual(before);
  });

  const pdfPart = (content: Buffer | string, filename = 'notes.pdf') => ({
    name: 'pdf',
    filename,
    contentType: 'application/pdf',
    content,
  });

  /** [label, status, message, parts]: the query is valid. */
  const FILES: [string, number, string, Parameters<typeof uploadNote>[2]][] = [
    ['no parts at all', 400, UPLOAD_MESSAGES.file, null],
    ['the file in another field', 400, UPLOAD_MESSAGES.file, [{ ...pdfPart('%PDF-1.4\n'), name: 'file' }]],
    [
      'a text field named pdf (no file)',
      400,
      UPLOAD_MESSAGES.file,
      [{ name: 'pdf', content: '%PDF-1.4 text' }],
    ],
    [
      'a PNG named .pdf with a PDF content type',
      415,
      UPLOAD_MESSAGES.notPdf,
      [
        pdfPart(
          Buffer.concat([
            Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
            Buffer.alloc(3000, 7),
          ]),
          'picture.pdf',
        ),
      ],
    ],
    // docs/security.md item 42: the signature is at byte 0 or the file is no PDF.
    [
      "the review's HTML polyglot: a page with %PDF- in its first kilobyte",
      415,
      UPLOAD_MESSAGES.notPdf,
      [pdfPart(Buffer.concat([Buffer.from('<html><script>alert(1)</script>'), pdfHead('polyglot')]))],
    ],
    [
      'a signature at byte 1 (one leading space)',
      415,
      UPLOAD_MESSAGES.notPdf,
      [pdfPart(Buffer.concat([Buffer.from(' '), pdfHead('byte 1')]))],
    ],
    [
      'a signature at byte 1019',
      415,
      UPLOAD_MESSAGES.notPdf,
      [pdfPart(Buffer.concat([Buffer.alloc(1019, 0x20), pdfHead('byte 1019')]))],
    ],
    [
      'a byte-order mark before the signature',
      415,
      UPLOAD_MESSAGES.notPdf,
      [pdfPart(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), pdfHead('bom')]))],
    ],
    ['only part of the signature (%PDF)', 415, UPLOAD_MESSAGES.notPdf, [pdfPart('%PDF')]],
    [
      'an HTML polyglot with %PDF- after the first 1024 bytes',
      415,
      UPLOAD_MESSAGES.notPdf,
      [
        pdfPart(
          Buffer.concat([
            Buffer.from('<html><body><script>alert(document.cookie)</script>'),
            Buffer.alloc(1100, 0x20),
            Buffer.from('</body></html>\n%PDF-1.7\n'),
          ]),
        ),
      ],
    ],
    ['an empty file', 415, UPLOAD_MESSAGES.notPdf, [pdfPart(Buffer.alloc(0))]],
  ];

  it.each(FILES)('%s → %i', async (_label, status, message, parts) => {
    const before = await snapshot();
    const reply = await uploadNote(t, { ...VALID, subject: 'CS-602', unit: '5' }, parts, admin.token);
    expect(reply.status).toBe(status);
    expect(reply.body).toEqual({ message });
    expect(await snapshot()).toEqual(before);
  });

  const uploadUrl = `/api/upload/upload?${new URLSearchParams({ ...VALID, unit: '4' })}`;
  const PART_HEAD = 'Content-Disposition: form-data; name="pdf"; filename="a.pdf"\r\n\r\n';

  /** Broken multipart bodies: the parser's refusals are the client's fault, never a 500 (docs/security.md 28, 31). */
  const MALFORMED: [string, string, string][] = [
    ['no boundary', 'multipart/form-data', `--abc\r\n${PART_HEAD}%PDF-1.4\r\n--abc--\r\n`],
    ['garbage body', 'multipart/form-data; boundary=abc', 'garbage'],
    [
      'a body that ends inside the file',
      'multipart/form-data; boundary=abc',
      `--abc\r\n${PART_HEAD}%PDF-1.4 trunc`,
    ],
    ['a part without headers', 'multipart/form-data; boundary=abc', '--abc\r\n\r\n%PDF-1.4\r\n--abc--\r\n'],
    [
      'a field named __proto__',
      'multipart/form-data; boundary=abc',
      `--abc\r\nContent-Disposition: form-data; name="__proto__"; filename="a.pdf"\r\n\r\n%PDF-1.4\r\n--abc--\r\n`,
    ],
    ['only the closing boundary', 'multipart/form-data; boundary=abc', '--abc--\r\n'],
    ['plain text', 'text/plain', '%PDF-1.4'],
  ];

  it.each(MALFORMED)('%s → 4xx with { message }, nothing stored', async (_label, contentType, payload) => {
    const before = await snapshot();
    const reply = await request(t.app, 'POST', uploadUrl, undefined, {
      token: admin.token,
      raw: payload,
      headers: { 'content-type': contentType },
    });
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    expect(reply.body).toEqual({ message: expect.any(String) });
    expect(await snapshot()).toEqual(before);
  });

  /** docs/security.md item 42: one file, and no second part of any kind. [label, parts] */
  const SECOND_PARTS: [string, Parameters<typeof uploadNote>[2]][] = [
    ['two PDFs in the field "pdf"', [pdfPart(pdfHead('two: first')), pdfPart(pdfHead('two: second'))]],
    [
      'a PDF, then another in a second field',
      [pdfPart(pdfHead('two fields')), { ...pdfPart(pdfHead('other')), name: 'x' }],
    ],
    ['a PDF, then a text field', [pdfPart(pdfHead('then text')), { name: 'note', content: 'hello' }]],
    [
      'a PDF, then an empty part',
      [pdfPart(pdfHead('then empty')), { name: 'pdf', filename: '', content: '' }],
    ],
    [
      'three PDFs',
      [pdfPart(pdfHead('three: 1')), pdfPart(pdfHead('three: 2')), pdfPart(pdfHead('three: 3'))],
    ],
    [
      'a PDF, then a second file larger than the limit',
      [pdfPart(pdfHead('then large')), pdfPart(Buffer.alloc(2 * 1024 * 1024, 0x20))],
    ],
  ];

  it.each(SECOND_PARTS)('%s → 400, nothing stored, no temp file left', async (_label, parts) => {
    const before = await snapshot();
    const reply = await uploadNote(t, { ...VALID, unit: '5' }, parts, admin.token);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: API_MESSAGES.oneFileOnly });
    expect(await snapshot()).toEqual(before);
    expect(listFiles(path.join(filesDir, '.incoming'))).toEqual([]);
  });

  it('a text field before the file → 400, nothing stored', async () => {
    const before = await snapshot();
    const reply = await uploadNote(
      t,
      { ...VALID, unit: '5' },
      [{ name: 'note', content: 'hello' }, pdfPart(pdf('after a field'))],
      admin.token,
    );
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: UPLOAD_MESSAGES.file });
    expect(await snapshot()).toEqual(before);
  });

  it('a JSON body instead of multipart → 400', async () => {
    const before = await snapshot();
    const reply = await t.post(
      `/api/upload/upload?${new URLSearchParams(VALID)}`,
      { pdf: 'x' },
      { token: admin.token },
    );
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: UPLOAD_MESSAGES.file });
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['limit + 1 byte', 1024 * 1024 + 1],
    ['several times the limit', 3 * 1024 * 1024],
  ])('%s → 413, no file and no temp file left', async (_label, size) => {
    const before = await snapshot();
    const head = pdf('large');
    const bytes = Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]);
    const reply = await uploadNote(t, VALID, bytes, admin.token);
    expect(reply.status).toBe(413);
    expect(reply.body).toEqual({ message: 'The file is larger than 1 MB.' });
    expect(await snapshot()).toEqual(before);
    expect(listFiles(path.join(filesDir, '.incoming'))).toEqual([]);
  });
});

describe('upload: re-upload, recent and audit', () => {
  it('a second upload of a unit becomes current; the old row stays as history', async () => {
    const query = { ...VALID, subject: 'CS-603(A)', unit: '2' };
    const first = pdf('first version');
    const second = pdf('second version');
    const one = await uploadNote(t, query, first, admin.token);
    t.clock.advance(1000);
    const two = await uploadNote(
      t,
      { ...query, year: '3', semester: '6', unit: 'Unit 2' },
      second,
      admin.token,
    );
    expect([one.status, two.status]).toEqual([201, 201]);
    const rows = await t.db
      .selectFrom('note_files')
      .selectAll()
      .where('subject_code', '=', 'CS-603(A)')
      .where('unit', '=', 2)
      .orderBy('uploaded_at')
      .execute();
    expect(rows.map((row) => [row.id, row.sha256, row.current])).toEqual([
      [one.body.note._id, sha256(first), 0],
      [two.body.note._id, sha256(second), 1],
    ]);
    // Both files are kept; only the current one is served (notes-download.test.ts reads it back).
    for (const row of rows) expect(existsSync(path.join(filesDir, row.storage_name))).toBe(true);
  });

  it('writes a notes.upload audit row with the admin and no file content', async () => {
    const bytes = pdf('audited upload');
    const reply = await uploadNote(t, { ...VALID, subject: 'CS-604(A)', unit: '4' }, bytes, admin.token);
    expect(reply.status).toBe(201);
    const rows = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'notes.upload')
      .where('target', 'like', '%CS-604(A)%')
      .execute();
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({ actor_id: admin.id, action: 'notes.upload', target: 'CSE CS-604(A) unit 4' });
    expect(new Date(row!.at).toISOString()).toBe(t.clock().toISOString());
    const details = String(row!.details);
    expect(details).toContain(sha256(bytes));
    expect(details).not.toContain('%PDF');
    expect(details).not.toContain('audited upload');
    expect(details).not.toContain(admin.token);
    expect(details.length).toBeLessThan(500);
  });
});

describe('recent', () => {
  let r: TestApp;
  let token: string;
  beforeAll(async () => {
    r = await buildTestApp();
    ({ token } = await createUserWithRole(r, 'admin'));
  });
  afterAll(async () => {
    await r.close();
  });

  it('is public, empty at first', async () => {
    const reply = await r.get('/api/notes/recent');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual([]);
  });

  it('lists at most 8 current uploads, newest first, with the SPEC fields', async () => {
    const SUBJECTS = [
      'CS-501',
      'CS-502',
      'CS-505',
      'CS-506',
      'CS-601',
      'CS-602',
      'CS-605',
      'CS-606',
      'CS-701',
    ];
    const uploaded: ApiReply[] = [];
    for (const [index, code] of SUBJECTS.entries()) {
      const semester = code === 'CS-701' ? '7' : code.startsWith('CS-5') ? '5' : '6';
      const year = code === 'CS-701' ? 'Fourth Year' : 'Third Year';
      const reply = await uploadNote(
        r,
        { branch: 'CSE', year, semester, subject: code, unit: '1' },
        pdf(`recent ${index}`),
        token,
      );
      expect(reply.status).toBe(201);
      uploaded.push(reply);
      r.clock.advance(60_000);
    }
    // The newest upload replaces CS-501's file: the old row must not be listed.
    const replacement = await uploadNote(
      r,
      { branch: 'CSE', year: '3', semester: '5', subject: 'CS-501', unit: '1' },
      pdf('recent replacement'),
      token,
    );
    expect(replacement.status).toBe(201);

    const reply = await r.get('/api/notes/recent');
    expect(reply.status).toBe(200);
    expect(reply.body).toHaveLength(8);
    for (const note of reply.body) expect(recentNote.strict().safeParse(note).success).toBe(true);
    const expected = [replacement, ...uploaded.slice(1).reverse()].slice(0, 8).map((one) => one.body.note);
    expect(reply.body).toEqual(expected);
    expect(reply.body.map((note: { _id: string }) => note._id)).not.toContain(uploaded[0]!.body.note._id);
    expect(reply.body[0]).toEqual({
      _id: replacement.body.note._id,
      subject: expect.any(String),
      subjectCode: 'CS-501',
      unit: 'Unit 1',
      branch: 'CSE',
      year: 'Third Year',
      semester: 'Semester 5',
      createdAt: r.clock().toISOString(),
    });
    const times = reply.body.map((note: { createdAt: string }) => note.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

describe(`concurrent uploads`, () => {
  it('20 uploads at once to 20 different units each store their own file', async () => {
    const targets: Record<string, string>[] = [];
    for (const code of ['CS-701', 'CS-702(A)', 'CS-702(B)', 'CS-702(C)']) {
      for (const unit of ['1', '2', '3', '4', '5']) {
        targets.push({ branch: 'CSE', year: '4', semester: '7', subject: code, unit });
      }
    }
    const bodies = targets.map((target) => pdf(`concurrent ${JSON.stringify(target)}`));
    const replies = await Promise.all(
      targets.map((target, i) => uploadNote(t, target, bodies[i]!, admin.token)),
    );
    expect(replies.map((reply) => reply.status)).toEqual(targets.map(() => 201));
    for (const [i, target] of targets.entries()) {
      const rows = await currentRows(target.subject!, Number(target.unit));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.sha256).toBe(sha256(bodies[i]!));
      expect(sha256(readFileSync(path.join(filesDir, rows[0]!.storage_name)))).toBe(sha256(bodies[i]!));
    }
    const downloads = await Promise.all(
      targets.map((target) =>
        t.app.inject({
          method: 'GET',
          url: `/api/download/CSE/Fourth_Year/Semester_7/${encodeURIComponent(target.subject!)}/${target.unit}`,
          headers: { authorization: `Bearer ${admin.token}` },
        }),
      ),
    );
    expect(downloads.map((reply) => reply.statusCode)).toEqual(targets.map(() => 200));
    expect(downloads.map((reply) => sha256(reply.rawPayload))).toEqual(bodies.map(sha256));
  });

  it('5 uploads at once to the same unit all succeed and leave exactly one current row', async () => {
    const query = { branch: 'CSE', year: '4', semester: '8', subject: 'CS-801', unit: '2' };
    const bodies = [1, 2, 3, 4, 5].map((n) => pdf(`same unit ${n}`));
    const replies = await Promise.all(bodies.map((body) => uploadNote(t, query, body, admin.token)));
    expect(replies.map((reply) => [reply.status, reply.body.message])).toEqual(
      bodies.map(() => [201, 'Upload successful']),
    );
    const all = await t.db
      .selectFrom('note_files')
      .selectAll()
      .where('subject_code', '=', 'CS-801')
      .where('unit', '=', 2)
      .execute();
    expect(all).toHaveLength(5);
    const current = all.filter((row) => row.current === 1);
    expect(current).toHaveLength(1);
    expect(bodies.map(sha256)).toContain(current[0]!.sha256);
    expect(listFiles(path.join(filesDir, '.incoming'))).toEqual([]);
  });
});
