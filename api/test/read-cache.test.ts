/**
 * services/read-cache.ts: GET /api/notes/recent and GET /api/syllabus are serialised from their response schemas and kept
 * per dataset version. Two apps on one database stand for two server processes: a write answered by one is seen
 * at once by the other; the JSON is byte for byte what JSON.stringify made of the hand-built reply objects.
 */
import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Selectable } from 'kysely';
import { recentNote, syllabusEntry } from '@studyhub/contract/schemas';
import type { NoteFilesTable, SyllabusEntriesTable } from '../src/db/schema';
import { toRecentNote } from '../src/presenters/note-files';
import { RECENT_NOTES_LIMIT } from '../src/routes/notes';
import { toEntry } from '../src/presenters/syllabus-entries';
import { MAX_REPLIES_PER_DATASET, oneReadPerTurn, type VersionReader } from '../src/services/read-cache';
import { createUserWithRole } from './support/accounts';
import { buildTestApp, type TestApp } from './support/apps';
import { TEST_DB } from './support/database';
import { uploadNote } from './support/note-files';

/** Two apps, one database; `a` writes, `b` reads (and the other way round). */
let a: TestApp;
let b: TestApp;
let adminToken: string;
let studentToken: string;

beforeAll(async () => {
  a = await buildTestApp();
  // One wall clock for both processes, so what each writes sorts as it would.
  b = await buildTestApp({ env: { DATABASE_URL: a.app.context.config.databaseUrl }, clock: a.clock });
  adminToken = (await createUserWithRole(a, 'admin')).token;
  studentToken = (await createUserWithRole(a, 'student')).token;
});
afterAll(async () => {
  // b only borrows a's database; a drops it.
  await b.close();
  await a.close();
});
afterEach(() => {
  jest.restoreAllMocks();
});

/** The reply as it came over the wire: status, headers and the body's text. */
async function raw(t: TestApp, url: string, headers: Record<string, string> = {}) {
  const reply = await t.app.inject({ method: 'GET', url, headers });
  return { status: reply.statusCode, headers: reply.headers, body: reply.body, rawPayload: reply.rawPayload };
}
const recent = (t: TestApp, headers?: Record<string, string>) => raw(t, '/api/notes/recent', headers);
const syllabus = (t: TestApp, query = '', headers: Record<string, string> = {}) =>
  raw(t, `/api/syllabus${query}`, { authorization: `Bearer ${studentToken}`, ...headers });

/** What the routes answered before the read cache: the hand-built objects through JSON.stringify. */
async function recentByHand(t: TestApp): Promise<string> {
  const rows = await t.db
    .selectFrom('note_files')
    .selectAll()
    .where('current', '=', 1)
    .where('state', '=', 'approved')
    .orderBy('published_at', 'desc')
    .orderBy('id')
    .limit(RECENT_NOTES_LIMIT)
    .execute();
  return JSON.stringify(rows.map(toRecentNote));
}
async function syllabusByHand(t: TestApp, where: Partial<Record<'code' | 'program', string>> = {}) {
  let select = t.db.selectFrom('syllabus_entries').selectAll();
  if (where.code) select = select.where('code', '=', where.code);
  if (where.program) select = select.where('program', '=', where.program);
  const rows = await select.orderBy('name').orderBy('created_at').execute();
  return JSON.stringify(rows.map(toEntry));
}

/** How often an app read a table since the spy was set (the routes read through the same Kysely instance). */
function readsOf(t: TestApp, table: 'note_files' | 'syllabus_entries') {
  const spy = jest.spyOn(t.db, 'selectFrom');
  return () => spy.mock.calls.filter(([from]) => from === table).length;
}

let uploads = 0;
/** Unit 1 of a fifth-semester subject, uploaded through `t`'s API (the store checks only the PDF signature). */
async function upload(t: TestApp, subject: string) {
  uploads += 1;
  t.clock.advance(1000);
  const reply = await uploadNote(
    t,
    { branch: 'CSE', year: 'Third Year', semester: '5', subject, unit: '1' },
    Buffer.from(`%PDF-1.7\n% upload ${uploads}\n`),
    adminToken,
  );
  expect(reply.status).toBe(201);
  return reply.body.note as { _id: string };
}

let codes = 0;
function entry(overrides: Record<string, unknown> = {}) {
  codes += 1;
  return {
    name: 'Computer Science',
    code: `RC${codes}`,
    program: 'B.Tech',
    system: 'Semester',
    grading: 'Grading',
    pdfs: { '1': `https://example.edu/rc${codes}/sem1.pdf` },
    ...overrides,
  };
}
const post = (body: unknown) => a.post('/api/syllabus', body, { token: adminToken });

describe('GET /api/notes/recent across two apps on one database', () => {
  it('is served from the cache while nothing changes, with the JSON built by hand', async () => {
    await upload(a, 'CS-501');
    const reads = readsOf(b, 'note_files');
    const first = await recent(b);
    const second = await recent(b);
    expect(first.status).toBe(200);
    expect(first.body).toBe(await recentByHand(a));
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    // One load for both replies: the second came from the cache.
    expect(reads()).toBe(1);
  });

  it('shows an upload made through the other app at once, and a re-upload of the same unit', async () => {
    const before = await recent(b);
    const note = await upload(a, 'CS-502');
    const after = await recent(b);
    expect(after.body).not.toBe(before.body);
    expect(JSON.parse(after.body)[0]._id).toBe(note._id);
    expect(after.body).toBe(await recentByHand(a));

    const replacement = await upload(a, 'CS-502');
    const replaced = JSON.parse((await recent(b)).body) as { _id: string }[];
    expect(replaced[0]!._id).toBe(replacement._id);
    expect(replaced.map((item) => item._id)).not.toContain(note._id);
    // And the writer's own cache too.
    expect((await recent(a)).body).toBe((await recent(b)).body);
  });

  it('leaves a teacher’s pending upload out, and shows its approval through the other app at once', async () => {
    const teacher = await createUserWithRole(a, 'teacher');
    const before = await recent(b);
    a.clock.advance(1000);
    const sent = await uploadNote(
      a,
      { branch: 'CSE', year: 'Third Year', semester: '5', subject: 'CS-506', unit: '1' },
      Buffer.from('%PDF-1.7\n% pending\n'),
      teacher.token,
    );
    expect(sent.body.state).toBe('pending');
    expect((await recent(b)).body).toBe(before.body);
    expect((await recent(a)).body).toBe(before.body);

    a.clock.advance(1000);
    const approval = await b.post(
      `/api/admin/reviews/${sent.body.note._id}`,
      { decision: 'approve' },
      { token: adminToken },
    );
    expect(approval.status).toBe(200);
    const after = await recent(a);
    expect(JSON.parse(after.body)[0]._id).toBe(sent.body.note._id);
    expect(after.body).toBe(await recentByHand(b));
  });

  it('shows a row deleted or changed by any other path (no route deletes notes yet: SQL stands for one)', async () => {
    const listed = JSON.parse((await recent(b)).body) as { _id: string }[];
    await a.db.deleteFrom('note_files').where('id', '=', listed[0]!._id).execute();
    const after = JSON.parse((await recent(b)).body) as { _id: string }[];
    expect(after.map((item) => item._id)).not.toContain(listed[0]!._id);

    await a.db.updateTable('note_files').set({ branch: 'ECE' }).where('id', '=', after[0]!._id).execute();
    expect(JSON.parse((await recent(b)).body)[0].branch).toBe('ECE');
  });

  it('answers 304 to the ETag it gave while nothing changed, and the new list after a change', async () => {
    const first = await recent(b);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await recent(a, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['x-content-type-options']).toBe('nosniff');

    await upload(a, 'CS-505');
    const changed = await recent(b, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).toBe(await recentByHand(a));
  });
});

describe('GET /api/syllabus across two apps on one database', () => {
  it('is served from the cache per filter while nothing changes, with the JSON built by hand', async () => {
    const added = entry();
    expect((await post(added)).status).toBe(201);
    const reads = readsOf(b, 'syllabus_entries');
    const all = await syllabus(b);
    const one = await syllabus(b, `?code=${added.code}`);
    expect([all.status, one.status]).toEqual([200, 200]);
    expect(all.body).toBe(await syllabusByHand(a));
    expect(one.body).toBe(await syllabusByHand(a, { code: added.code }));
    expect((await syllabus(b)).body).toBe(all.body);
    expect((await syllabus(b, `?code=${added.code}`)).body).toBe(one.body);
    // Spellings of one filter share a reply: trimmed values, `system=All` in any case, empty filters.
    expect((await syllabus(b, `?code=%20${added.code}%20&system=aLL&grading=`)).body).toBe(one.body);
    expect(reads()).toBe(2);
    // Still signed-in only, cached or not; and kept by no browser.
    expect((await raw(b, '/api/syllabus')).status).toBe(401);
    expect((await syllabus(b)).headers['cache-control']).toBe('no-store');
  });

  it('shows an entry added, edited and deleted through the other app at once, in every filter', async () => {
    const body = entry({ program: 'MCA' });
    const listedBefore = (await syllabus(b, '?program=MCA')).body;
    const added = await post(body);
    expect(added.status).toBe(201);
    const id = added.body.entry._id as string;
    const withIt = JSON.parse((await syllabus(b, '?program=MCA')).body) as { _id: string }[];
    expect(withIt.map((item) => item._id)).toContain(id);
    expect((await syllabus(b, '?program=MCA')).body).not.toBe(listedBefore);

    const edited = await a.app.inject({
      method: 'PUT',
      url: `/api/syllabus/${id}`,
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { ...body, name: 'Computer Applications', pdfs: { '2': 'https://example.edu/mca/2.pdf' } },
    });
    expect(edited.statusCode).toBe(200);
    const shown = (JSON.parse((await syllabus(b, `?code=${body.code}`)).body) as { name: string }[])[0];
    expect(shown).toMatchObject({
      name: 'Computer Applications',
      pdfs: { '2': 'https://example.edu/mca/2.pdf' },
    });
    expect((await syllabus(b, '?program=MCA')).body).toBe(await syllabusByHand(a, { program: 'MCA' }));

    const deleted = await a.app.inject({
      method: 'DELETE',
      url: `/api/syllabus/${id}`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await syllabus(b, '?program=MCA')).body).toBe(listedBefore);
    expect((await syllabus(b, `?code=${body.code}`)).body).toBe('[]');
  });

  it('shows the duplicate clean-up at once', async () => {
    const first = entry({ code: 'RCDUP', pdfs: { '1': 'https://example.edu/dup/1.pdf' } });
    expect((await post(first)).status).toBe(201);
    a.clock.advance(1000);
    // A difference of case slips past the unique index (as after an import); the clean-up merges it.
    const second = { ...first, program: 'b.tech', pdfs: { '2': 'https://x.example/2.pdf' } };
    expect((await post(second)).status).toBe(201);
    expect(JSON.parse((await syllabus(b, '?code=RCDUP')).body)).toHaveLength(2);
    const cleanup = await a.app.inject({
      method: 'DELETE',
      url: '/api/syllabus/cleanup/duplicates',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(cleanup.json()).toMatchObject({ removed: 1 });
    const after = JSON.parse((await syllabus(b, '?code=RCDUP')).body) as { pdfs: object }[];
    expect(after).toHaveLength(1);
    expect(after[0]!.pdfs).toEqual({ '1': 'https://example.edu/dup/1.pdf', '2': 'https://x.example/2.pdf' });
  });

  it('a refused write changes nothing: the cached reply is still served', async () => {
    const body = entry();
    expect((await post(body)).status).toBe(201);
    const cached = (await syllabus(b)).body;
    const reads = readsOf(b, 'syllabus_entries');
    expect((await post(body)).status).toBe(400);
    expect((await syllabus(b)).body).toBe(cached);
    expect(reads()).toBe(0);
  });

  it('keeps at most MAX_REPLIES_PER_DATASET filters, and still answers every other one right', async () => {
    const codesAsked = Array.from({ length: MAX_REPLIES_PER_DATASET + 5 }, (_, n) => `NOPE${n}`);
    for (const code of codesAsked) expect((await syllabus(b, `?code=${code}`)).body).toBe('[]');
    const reads = readsOf(b, 'syllabus_entries');
    // The oldest were dropped (loaded again), the newest are kept.
    await syllabus(b, `?code=${codesAsked[0]}`);
    await syllabus(b, `?code=${codesAsked.at(-1)}`);
    expect(reads()).toBe(1);
  });

  it('sends large lists compressed once per version, decoding to the same JSON', async () => {
    for (let n = 0; n < 10; n += 1) expect((await post(entry({ name: `Department ${n}` }))).status).toBe(201);
    const plain = await syllabus(b);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    for (const [accepted, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['*', 'gzip', gunzipSync],
    ] as const) {
      const reply = await syllabus(b, '', { 'accept-encoding': accepted });
      expect(reply.headers['content-encoding']).toBe(encoding);
      expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(decode(reply.rawPayload).toString()).toBe(plain.body);
    }
    const identity = await syllabus(b, '', { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain.body);
    const refused = await syllabus(b, '', { 'accept-encoding': 'br', 'x-no-compression': '1' });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });
});

describe('the schema serialisers', () => {
  /** Text a browser must get back exactly: quotes, backslashes, markup, scripts, astral and combining characters. */
  const HOSTILE = [
    '"quoted" \'single\' \\back\\slash\\',
    '</script><script>alert("x")</script><!--',
    'ünïcødé Ω हिन्दी 中文 👩‍💻 e\u0301',
    '{"json":"inside"}, [1,2]',
    '&amp; &lt; \u200d\u200c',
  ];
  /** Only a database row can hold these (the API refuses them): control characters, separators, a bidi override. */
  const ROW_ONLY = ['tab\there\nline\r', '\u2028\u2029\u202e', '\u0001\u001f\u007f'];

  it('GET /api/syllabus: hostile text through the API and in rows gives the JSON of the hand-built entries', async () => {
    for (const [n, text] of HOSTILE.entries()) {
      const reply = await post({
        name: text,
        code: `H${n}`,
        program: text.slice(0, 60),
        system: 'Semester',
        grading: text.slice(0, 60),
        uploadType: n % 2 ? 'Scheme' : 'Syllabus',
        pdfs: { '1': `https://example.edu/${n}?q="</script>"`, '8': 'https://example.edu/8.pdf' },
      });
      expect(reply.status).toBe(201);
    }
    const now = new Date().toISOString();
    for (const [n, text] of ROW_ONLY.entries()) {
      const row: Selectable<SyllabusEntriesTable> = {
        id: randomUUID(),
        name: text,
        code: `R${n}${text}`,
        program: text,
        system: text,
        grading: text,
        upload_type: 'Scheme',
        // Keys JSON.parse makes own properties (__proto__ too), in an order the serialiser must keep.
        pdfs: `{"__proto__":"p","constructor":${JSON.stringify(text)},"10":"ten","2":${JSON.stringify(text)},${JSON.stringify(text)}:""}`,
        created_at: now,
        updated_at: now,
      };
      await a.db.insertInto('syllabus_entries').values(row).execute();
    }
    const reply = await syllabus(b);
    expect(reply.body).toBe(await syllabusByHand(a));
    const parsed = JSON.parse(reply.body) as unknown[];
    for (const item of parsed) expect(syllabusEntry.strict().safeParse(item).success).toBe(true);
    for (const text of [...HOSTILE, ...ROW_ONLY])
      expect(reply.body).toContain(JSON.stringify(text).slice(1, -1));
    // The reply is JSON text, never markup: `</script>` stays in a string.
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('GET /api/notes/recent: hostile branch and subject codes in rows give the JSON of the hand-built notes', async () => {
    const base = Date.now() + 3_600_000;
    for (const [n, text] of [...HOSTILE, ...ROW_ONLY].entries()) {
      await a.db
        .insertInto('note_files')
        .values({
          id: `${text}-${n}`,
          branch: text,
          year: 3,
          semester: 5,
          subject_code: `${text}${n}`,
          unit: n + 1,
          storage_name: `hostile-${n}-${randomUUID()}`,
          original_name: text,
          size: 1,
          sha256: '0'.repeat(64),
          uploaded_by: null,
          uploaded_at: new Date(base + n * 1000).toISOString(),
          current: 1,
          state: 'approved',
          published_at: new Date(base + n * 1000).toISOString(),
          decided_by: null,
          decided_at: null,
          reason: null,
        } satisfies Selectable<NoteFilesTable>)
        .execute();
    }
    const reply = await recent(b);
    expect(reply.body).toBe(await recentByHand(a));
    const parsed = JSON.parse(reply.body) as unknown[];
    expect(parsed).toHaveLength(RECENT_NOTES_LIMIT);
    for (const item of parsed) expect(recentNote.strict().safeParse(item).success).toBe(true);
    expect(reply.body).toContain(JSON.stringify(ROW_ONLY.at(-1)).slice(1, -1));
  });
});

describe('the version table', () => {
  it(`bumps in the write's own transaction: a write rolled back leaves it (${TEST_DB})`, async () => {
    const version = async () =>
      (
        await a.db
          .selectFrom('content_versions')
          .select('version')
          .where('dataset', '=', 'syllabus')
          .executeTakeFirstOrThrow()
      ).version;
    const before = await version();
    await expect(
      a.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('syllabus_entries').execute();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await version()).toBe(before);
    await a.db.updateTable('syllabus_entries').set({ updated_at: new Date().toISOString() }).execute();
    expect(await version()).toBeGreaterThan(before);
  });
});

describe('version reads shared per turn of the event loop (issue 12)', () => {
  /** A reader that counts its reads and answers `version` at the moment each read starts. */
  function countingReader() {
    const counted = { reads: 0, version: 1 };
    const reader: VersionReader = {
      read: async () => {
        counted.reads += 1;
        return counted.version;
      },
      close: () => undefined,
    };
    return { counted, shared: oneReadPerTurn(reader) };
  }

  it('requests asking in the same turn share one read per dataset', async () => {
    const { counted, shared } = countingReader();
    const versions = await Promise.all([
      ...Array.from({ length: 20 }, () => shared.read('notes')),
      shared.read('syllabus'),
    ]);
    expect(versions).toEqual(Array(21).fill(1));
    expect(counted.reads).toBe(2);
  });

  it('a request asking while a read is under way gets a read of its own, which sees a write made meanwhile', async () => {
    // Reads that answer only when told, with the version there was when each started (as a query sees it).
    let version = 1;
    const started: (() => void)[] = [];
    const shared = oneReadPerTurn({
      read: () => {
        const seen = version;
        return new Promise((resolve) => started.push(() => resolve(seen)));
      },
      close: () => undefined,
    });
    const first = shared.read('notes');
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toHaveLength(1);
    // The first read is under way; a write is answered now, and then another request asks.
    version = 2;
    const second = shared.read('notes');
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toHaveLength(2);
    started.forEach((answer) => answer());
    expect([await first, await second]).toEqual([1, 2]);
  });

  it('a failed read fails the requests that shared it, and the next one reads again', async () => {
    let fail = true;
    const shared = oneReadPerTurn({
      read: async () => {
        if (fail) throw new Error('database gone');
        return 7;
      },
      close: () => undefined,
    });
    const failed = [shared.read('notes'), shared.read('notes')];
    await expect(Promise.all(failed)).rejects.toThrow('database gone');
    fail = false;
    await expect(shared.read('notes')).resolves.toBe(7);
  });
});
