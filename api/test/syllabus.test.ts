import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { syllabusEntryBody } from '@studyhub/contract/schemas';
import { countRows, createUserWithRole } from './support/accounts';
import { buildTestApp, type TestApp } from './support/apps';
import { request } from './support/requests';

let t: TestApp;
let admin: string;
let student: string;
let teacher: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await createUserWithRole(t, 'admin')).token;
  student = (await createUserWithRole(t, 'student')).token;
  teacher = (await createUserWithRole(t, 'teacher')).token;
});
afterAll(async () => {
  await t.close();
});

let codeCounter = 0;
function entry(overrides: Record<string, unknown> = {}) {
  codeCounter += 1;
  return {
    name: 'Computer Science',
    code: `CSE${codeCounter}`,
    program: 'B.Tech',
    system: 'Semester',
    grading: 'Grading',
    pdfs: { '1': 'https://example.edu/cse/sem1.pdf', '2': '' },
    ...overrides,
  };
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, body?: unknown) =>
  request(t.app, method, url, body, token === undefined ? {} : { token });

describe('syllabus entries', () => {
  it('an admin adds an entry; empty links are not stored; the list shows it to signed-in users', async () => {
    const body = entry();
    const added = await call('POST', '/api/syllabus', admin, body);
    expect(added.status).toBe(201);
    expect(added.body.message).toBe('Syllabus added successfully');
    expect(added.body.entry).toMatchObject({
      code: body.code,
      uploadType: 'Syllabus',
      pdfs: { '1': body.pdfs['1'] },
    });
    expect(added.body.entry.pdfs).not.toHaveProperty('2');
    const listed = await call('GET', `/api/syllabus?code=${body.code}`, student);
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(1);
  });

  it.each([
    ['anonymous', undefined, 401],
    ['a student', () => student, 403],
    ['a teacher', () => teacher, 403],
  ])('%s cannot add, update, delete or clean up', async (_who, token, status) => {
    const t0 = typeof token === 'function' ? token() : token;
    const before = await countRows(t.db, 'syllabus_entries');
    expect((await call('POST', '/api/syllabus', t0, entry())).status).toBe(status);
    expect((await call('PUT', '/api/syllabus/x', t0, entry())).status).toBe(status);
    expect((await call('DELETE', '/api/syllabus/x', t0)).status).toBe(status);
    expect((await call('DELETE', '/api/syllabus/cleanup/duplicates', t0)).status).toBe(status);
    expect(await countRows(t.db, 'syllabus_entries')).toBe(before);
  });

  it('anonymous visitors cannot list', async () => {
    expect((await call('GET', '/api/syllabus')).status).toBe(401);
  });

  it('a second entry for the same code, program, system, grading and type answers 400 with "Duplicate"', async () => {
    const body = entry();
    await call('POST', '/api/syllabus', admin, body);
    const again = await call('POST', '/api/syllabus', admin, {
      ...body,
      pdfs: { '3': 'https://example.edu/3.pdf' },
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toContain('Duplicate');
    // Another upload type is another document.
    expect((await call('POST', '/api/syllabus', admin, { ...body, uploadType: 'Scheme' })).status).toBe(201);
  });

  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['not a URL', 'sem1.pdf'],
    ['ftp:', 'ftp://example.edu/sem1.pdf'],
  ])('refuses a %s link (docs/security.md item 27)', async (_label, link) => {
    const before = await countRows(t.db, 'syllabus_entries');
    const reply = await call('POST', '/api/syllabus', admin, entry({ pdfs: { '1': link } }));
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: 'Semester links must be http:// or https:// URLs.' });
    expect(await countRows(t.db, 'syllabus_entries')).toBe(before);
  });

  it.each([
    [{ name: '' }, 'Department is required.'],
    [{ code: undefined }, 'Department code is required.'],
    [{ pdfs: { '9': 'https://example.edu/9.pdf' } }, 'Semesters are numbered 1 to 8.'],
    [{ uploadType: 'Notes' }, undefined],
  ])('refuses %p with 400', async (override, message) => {
    const reply = await call('POST', '/api/syllabus', admin, entry(override));
    expect(reply.status).toBe(400);
    if (message) expect(reply.body.message).toBe(message);
    else expect(typeof reply.body.message).toBe('string');
  });

  it('updates an entry in full, 404 for an unknown id, 400 when the update would duplicate another', async () => {
    const first = (await call('POST', '/api/syllabus', admin, entry())).body.entry;
    const second = (await call('POST', '/api/syllabus', admin, entry())).body.entry;
    const updated = await call('PUT', `/api/syllabus/${first._id}`, admin, {
      ...first,
      pdfs: { ...first.pdfs, '4': 'https://example.edu/4.pdf' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.entry.pdfs).toMatchObject({ '4': 'https://example.edu/4.pdf' });
    expect((await call('PUT', '/api/syllabus/no-such-id', admin, entry())).body).toEqual({
      message: 'Syllabus not found.',
    });
    const clash = await call('PUT', `/api/syllabus/${second._id}`, admin, { ...second, code: first.code });
    expect(clash.status).toBe(400);
    expect(clash.body.message).toContain('Duplicate');
  });

  it('deletes an entry once', async () => {
    const added = (await call('POST', '/api/syllabus', admin, entry())).body.entry;
    expect((await call('DELETE', `/api/syllabus/${added._id}`, admin)).body).toEqual({
      message: 'Syllabus deleted',
    });
    expect((await call('DELETE', `/api/syllabus/${added._id}`, admin)).status).toBe(404);
  });

  it('filters by program, system (All means both), grading, code and upload type', async () => {
    const code = `FILTER${Date.now()}`;
    await call('POST', '/api/syllabus', admin, entry({ code, system: 'Semester' }));
    await call('POST', '/api/syllabus', admin, entry({ code, system: 'Annual' }));
    await call('POST', '/api/syllabus', admin, entry({ code, system: 'Annual', uploadType: 'Scheme' }));
    const codes = async (query: string) =>
      (await call('GET', `/api/syllabus?code=${code}&${query}`, student)).body.length;
    expect(await codes('system=All')).toBe(3);
    expect(await codes('system=Semester')).toBe(1);
    expect(await codes('system=Annual&uploadType=Syllabus')).toBe(1);
    expect(await codes('uploadType=Scheme')).toBe(1);
    expect(await codes('program=MCA')).toBe(0);
    expect(await codes('grading=Grading&program=B.Tech')).toBe(3);
  });

  it('cleanup merges near-duplicates into the oldest, filling its empty semesters, and reports the count', async () => {
    const code = `NEAR${Date.now()}`;
    const oldest = (
      await call(
        'POST',
        '/api/syllabus',
        admin,
        entry({ code, pdfs: { '1': 'https://example.edu/old-1.pdf' } }),
      )
    ).body.entry;
    t.clock.advance(1000);
    // Differences of case and spacing slip past the unique index (as after an import).
    await call('POST', '/api/syllabus', admin, {
      ...entry({ code: code.toLowerCase(), program: 'b.tech', name: 'Computer  Science' }),
      pdfs: { '1': 'https://example.edu/new-1.pdf', '2': 'https://example.edu/new-2.pdf' },
    });
    t.clock.advance(1000);
    await call('POST', '/api/syllabus', admin, {
      ...entry({ code: ` ${code} `, system: 'SEMESTER' }),
      pdfs: { '3': 'https://example.edu/new-3.pdf' },
    });
    const cleaned = await call('DELETE', '/api/syllabus/cleanup/duplicates', admin);
    expect(cleaned.status).toBe(200);
    expect(cleaned.body.removed).toBeGreaterThanOrEqual(2);
    expect(cleaned.body.message).toMatch(/^Removed \d+ duplicate entr(y|ies)\.$/);
    const survivors = (await call('GET', '/api/syllabus', student)).body.filter(
      (item: { code: string }) => item.code.trim().toLowerCase() === code.toLowerCase(),
    );
    expect(survivors).toHaveLength(1);
    expect(survivors[0]._id).toBe(oldest._id);
    expect(survivors[0].pdfs).toEqual({
      '1': 'https://example.edu/old-1.pdf',
      '2': 'https://example.edu/new-2.pdf',
      '3': 'https://example.edu/new-3.pdf',
    });
    expect((await call('DELETE', '/api/syllabus/cleanup/duplicates', admin)).body.removed).toBe(0);
  });

  it("a deletion's audit row records what the entry was, since the entry itself is gone", async () => {
    const body = entry({
      name: 'Civil Engineering',
      program: 'MCA',
      system: 'Annual',
      grading: 'CBCS',
      uploadType: 'Scheme',
      pdfs: { '3': 'https://example.edu/ce/sem3.pdf', '1': 'https://example.edu/ce/sem1.pdf', '2': '' },
    });
    const added = (await call('POST', '/api/syllabus', admin, body)).body.entry;
    expect((await call('DELETE', `/api/syllabus/${added._id}`, admin)).status).toBe(200);
    const audit = await call('GET', '/api/admin/audit?pageSize=100', admin);
    const row = audit.body.items.find(
      (item: { action: string; target: string }) =>
        item.action === 'syllabus.delete' && item.target === added._id,
    );
    expect(row.details).toEqual({
      name: 'Civil Engineering',
      code: body.code,
      program: 'MCA',
      system: 'Annual',
      grading: 'CBCS',
      uploadType: 'Scheme',
      semesters: [1, 3],
    });
    // A second delete of the same id finds nothing and records nothing.
    expect((await call('DELETE', `/api/syllabus/${added._id}`, admin)).status).toBe(404);
    const rows = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'syllabus.delete')
      .where('target', '=', added._id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('writes audit rows for add, update, delete and cleanup', async () => {
    const actions = (await t.db.selectFrom('audit_log').select('action').execute()).map((row) => row.action);
    for (const action of ['syllabus.add', 'syllabus.update', 'syllabus.delete', 'syllabus.cleanup']) {
      expect(actions).toContain(action);
    }
  });
});

describe('demo syllabus entries (embedded default)', () => {
  it('a first start seeds entries the API itself would accept, listed to signed-in users', async () => {
    const demo = await buildTestApp({ env: { SEED_DEMO: '1' } });
    try {
      const login = await demo.post('/api/auth/login', {
        email: 'student@studyhub.local',
        password: 'studyhub-student',
      });
      const listed = await demo.get('/api/syllabus', { token: login.body.token });
      expect(listed.status).toBe(200);
      expect(listed.body.length).toBeGreaterThanOrEqual(5);
      for (const seeded of listed.body) {
        expect(syllabusEntryBody.safeParse(seeded).success).toBe(true);
        expect(Object.keys(seeded.pdfs).length).toBeGreaterThan(0);
      }
      const defaults = await demo.get(
        '/api/syllabus?program=B.Tech&system=Semester&grading=Grading&uploadType=Syllabus',
        { token: login.body.token },
      );
      expect(defaults.body.map((item: { code: string }) => item.code)).toEqual(
        expect.arrayContaining(['CSE', 'IT']),
      );
    } finally {
      await demo.close();
    }
  });
});
