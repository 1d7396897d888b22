/**
 * docs/security.md item 28 for the note routes: random query objects to the upload call (as admin, with a valid PDF)
 * and random path segments to the download path never give a 5xx, always `{ message }`, and a refused upload
 * stores nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { PDFDocument } from 'pdf-lib';
import { countRows, createUserWithRole } from './support/accounts';
import { buildTestApp, type TestApp } from './support/apps';
import { listFiles, uploadNote } from './support/note-files';

const RUNS = 40;
const SLOW = 30_000;

let t: TestApp;
let adminToken: string;
let studentToken: string;
let pdf: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  adminToken = (await createUserWithRole(t, 'admin')).token;
  studentToken = (await createUserWithRole(t, 'student')).token;
  const doc = await PDFDocument.create();
  doc.addPage([100, 100]);
  pdf = Buffer.from(await doc.save());
  // One real file, so some random paths can land near something that exists.
  const reply = await uploadNote(
    t,
    { branch: 'CSE', year: '3', semester: '6', subject: 'CS-601', unit: '3' },
    pdf,
    adminToken,
  );
  expect(reply.status).toBe(201);
});
afterAll(async () => {
  await t.close();
});

const hostile = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '__proto__',
    'constructor',
    '../../../etc/passwd',
    '..%2f..%2f',
    '%00',
    '%',
    '\\..\\..',
    'Third Year',
    'ThirdYear',
    'Semester_6',
    '6',
    '3',
    'Unit 3',
    'CSE',
    'CS-601',
    'CS-603(A)',
    'CE-301',
    'a'.repeat(5000),
    "' OR 1=1 --",
    '99999999999999999999',
    '-1',
    '1e3',
    '0x3',
  ),
);

const KEYS = ['branch', 'year', 'semester', 'subject', 'unit'];

/** Query values: one string, or repeated keys (an array after parsing). */
const queryValue = fc.oneof(
  { weight: 4, arbitrary: hostile.map((value) => [value]) },
  { weight: 1, arbitrary: fc.array(hostile, { minLength: 2, maxLength: 3 }) },
);

const queryObject = fc.dictionary(
  fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 10 })),
  queryValue,
  {
    maxKeys: 7,
  },
);

function toSearch(query: Record<string, string[]>): string {
  const params = new URLSearchParams();
  for (const [key, values] of Object.entries(query)) for (const value of values) params.append(key, value);
  return params.toString();
}

describe('fuzzing the note routes', () => {
  it(
    'upload: random queries → a 201 or a 4xx, always { message }; refusals store nothing',
    async () => {
      await fc.assert(
        fc.asyncProperty(queryObject, async (query) => {
          const rows = await countRows(t.db, 'note_files');
          const files = listFiles(t.app.context.config.filesDir);
          const reply = await uploadNote(t, toSearch(query), pdf, adminToken);
          expect(reply.status).toBeLessThan(500);
          expect(typeof reply.body?.message).toBe('string');
          if (reply.status === 201) {
            expect(reply.body.message).toBe('Upload successful');
          } else {
            expect(reply.status).toBeGreaterThanOrEqual(400);
            expect(await countRows(t.db, 'note_files')).toBe(rows);
            expect(listFiles(t.app.context.config.filesDir)).toEqual(files);
          }
        }),
        { numRuns: RUNS },
      );
    },
    SLOW,
  );

  const segment = fc.oneof(
    hostile.map((value) => encodeURIComponent(value)),
    // Raw text too, as a careless client would send it (inject refuses what cannot be a URL at all).
    fc.stringMatching(/^[\w.%\\~:@!$&'()*+,;=-]{0,20}$/),
  );

  it(
    'download: random path segments → never a 5xx, errors are { message }',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(segment, { minLength: 5, maxLength: 5 }),
          fc.constantFrom('none', 'bearer', 'signature'),
          async (segments, auth) => {
            const suffix = auth === 'signature' ? '?expires=99999999999&sig=AAAA' : '';
            const reply = await t.app.inject({
              method: 'GET',
              url: `/api/download/${segments.join('/')}${suffix}`,
              headers: auth === 'bearer' ? { authorization: `Bearer ${studentToken}` } : {},
            });
            expect(reply.statusCode).toBeLessThan(500);
            if (reply.statusCode >= 400) {
              expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
              expect(typeof JSON.parse(reply.body).message).toBe('string');
            } else {
              // Only the one uploaded file can ever be served, and only to the bearer.
              expect(auth).toBe('bearer');
              expect(reply.rawPayload.equals(pdf)).toBe(true);
            }
          },
        ),
        { numRuns: RUNS },
      );
    },
    SLOW,
  );
});
