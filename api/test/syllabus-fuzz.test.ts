/**
 * docs/security.md item 28 for the syllabus routes: random and hostile bodies, queries and ids (as an admin, so they
 * get past the role check) never give a 5xx, always `{ message }` on refusal, and a refusal changes no entry.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { createUserWithRole } from './support/accounts';
import { buildTestApp, type TestApp } from './support/apps';
import { request } from './support/requests';

const RUNS = 50;
const SLOW = 30_000;

let t: TestApp;
let admin: string;
let existingId: string;

const VALID = {
  name: 'Computer Science',
  code: 'CSE',
  program: 'B.Tech',
  system: 'Semester',
  grading: 'Grading',
  uploadType: 'Syllabus',
  pdfs: { '1': 'https://example.edu/1.pdf' },
};

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await createUserWithRole(t, 'admin')).token;
  const added = await request(t.app, 'POST', '/api/syllabus', VALID, { token: admin });
  existingId = added.body.entry._id;
});
afterAll(async () => {
  await t.close();
});

const hostileText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ minLength: 100, maxLength: 3000, size: 'max' }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '__proto__',
    'constructor',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'https://example.edu/ok.pdf',
    'http://[::1]/x.pdf',
    'https://',
    'All',
    'Scheme',
    "' OR 1=1 --",
    `https://example.edu/${'a'.repeat(3000)}.pdf`,
  ),
);

const hostileValue = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
);

const pdfs = fc.oneof(
  fc.dictionary(
    fc.oneof(fc.constantFrom('0', '1', '8', '9', '01', '1.0', '__proto__'), fc.string()),
    hostileValue,
    {
      maxKeys: 4,
    },
  ),
  hostileValue,
);

const FIELDS = ['name', 'code', 'program', 'system', 'grading', 'uploadType'];

/** Anything at all, or an entry-shaped body with hostile values (which reaches the database). */
const entryBody = fc.oneof(
  fc.anything({ maxDepth: 3 }),
  fc.record(
    { ...Object.fromEntries(FIELDS.map((field) => [field, hostileValue])), pdfs },
    { requiredKeys: [] },
  ),
  fc.record({ ...Object.fromEntries(FIELDS.map((field) => [field, hostileText])), pdfs }),
  fc
    .tuple(fc.stringMatching(/^F[a-z0-9]{6}$/), pdfs)
    .map(([code, links]) => ({ ...VALID, code, pdfs: links })),
);

/** Every stored entry, so a refusal can be shown to have changed nothing. */
const snapshot = () => t.db.selectFrom('syllabus_entries').selectAll().orderBy('id').execute();

function send(method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  const text = body === undefined ? undefined : JSON.stringify(body);
  return request(t.app, method, url, undefined, {
    token: admin,
    ...(text === undefined ? {} : { raw: text, headers: { 'content-type': 'application/json' } }),
  });
}

/** A stored link is always http(s) (docs/security.md item 27), whatever was sent. */
async function expectOnlyHttpLinks(): Promise<void> {
  for (const row of await snapshot()) {
    for (const link of Object.values(JSON.parse(row.pdfs) as Record<string, string>)) {
      expect(new URL(link).protocol).toMatch(/^https?:$/);
    }
  }
}

describe('fuzzing the syllabus routes (docs/security.md item 28)', () => {
  it(
    'add: random bodies → 201 or a 4xx with { message }; refusals store nothing',
    async () => {
      await fc.assert(
        fc.asyncProperty(entryBody, async (body) => {
          const before = await snapshot();
          const reply = await send('POST', '/api/syllabus', body);
          expect(reply.status).toBeLessThan(500);
          if (reply.status !== 201) {
            expect(reply.status).toBeGreaterThanOrEqual(400);
            expect(typeof reply.body.message).toBe('string');
            expect(await snapshot()).toEqual(before);
          }
        }),
        { numRuns: RUNS },
      );
      await expectOnlyHttpLinks();
    },
    SLOW,
  );

  it(
    'update: random bodies → 200 or a 4xx with { message }; refusals change nothing',
    async () => {
      await fc.assert(
        fc.asyncProperty(entryBody, async (body) => {
          const before = await snapshot();
          const reply = await send('PUT', `/api/syllabus/${existingId}`, body);
          expect(reply.status).toBeLessThan(500);
          if (reply.status !== 200) {
            expect(typeof reply.body.message).toBe('string');
            expect(await snapshot()).toEqual(before);
          }
        }),
        { numRuns: RUNS },
      );
      await expectOnlyHttpLinks();
    },
    SLOW,
  );

  it(
    'list: random queries → 200 with a list, or a 4xx with { message }',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 })), hostileText, {
            maxKeys: 5,
          }),
          async (query) => {
            const search = new URLSearchParams(query).toString();
            const reply = await request(t.app, 'GET', `/api/syllabus?${search}`, undefined, { token: admin });
            expect(reply.status).toBeLessThan(500);
            if (reply.status === 200) expect(Array.isArray(reply.body)).toBe(true);
            else expect(typeof reply.body.message).toBe('string');
          },
        ),
        { numRuns: RUNS },
      );
    },
    SLOW,
  );

  it(
    'update and delete: random ids → never a 5xx, and nothing changes for an unknown id',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          hostileText.map((id) => encodeURIComponent(id)),
          fc.constantFrom('PUT' as const, 'DELETE' as const),
          async (id, method) => {
            fc.pre(id !== '' && decodeURIComponent(id) !== existingId);
            const before = await snapshot();
            const reply = await send(method, `/api/syllabus/${id}`, method === 'PUT' ? VALID : undefined);
            expect(reply.status).toBeGreaterThanOrEqual(400);
            expect(reply.status).toBeLessThan(500);
            expect(typeof reply.body.message).toBe('string');
            expect(await snapshot()).toEqual(before);
          },
        ),
        { numRuns: RUNS },
      );
    },
    SLOW,
  );
});
