/**
 * Search inside the notes (decision 038): approved note files and papers are indexed page by page off the request
 * path and found with their unit or session, page and snippet; pending, rejected and replaced files never are;
 * unreadable files are marked without failing their uploads; hostile queries are a 400 or an empty result; a
 * shared table of queries answers the same hit set on SQLite and PostgreSQL (STUDYHUB_TEST_DB); a restarted job
 * resumes a backfill.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { SEARCH_MESSAGES } from '@studyhub/contract/schemas';
import { searchPages } from '../src/repositories/search-hits';
import { parseQuery } from '../src/search/query';
import { indexedTerms } from '../src/search/tokens';
import { createSearchIndexing } from '../src/services/search-indexing';
import { createUserWithRole } from './support/accounts';
import { buildTestApp, type TestApp } from './support/apps';
import { uploadNote } from './support/note-files';
import { SESSION, uploadPaper } from './support/papers';
import { request } from './support/requests';

type User = Awaited<ReturnType<typeof createUserWithRole>>;

const REAL_PDFS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../shared/test/fixtures/pdf',
);

let t: TestApp;
let admin: User;
let teacher: User;
let student: User;

beforeAll(async () => {
  t = await buildTestApp({ env: { TEACHER_PENDING_MAX: '50', TEACHER_UPLOADS_PER_DAY: '50' } });
  admin = await createUserWithRole(t, 'admin');
  teacher = await createUserWithRole(t, 'teacher');
  student = await createUserWithRole(t, 'student');
  t.app.context.searchIndexing.start();
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** A PDF with one page per entry, each page's lines drawn top-down in Helvetica. */
async function pdfOf(pages: string[][]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([400, 400]);
    lines.forEach((line, index) => page.drawText(line, { x: 20, y: 360 - index * 16, size: 11, font }));
  }
  return Buffer.from(await doc.save());
}

const unitOf = (subject: string, unit: number) => ({
  branch: 'CSE',
  year: 'Third Year',
  semester: '6',
  subject,
  unit: String(unit),
});

async function uploadNotes(bytes: Buffer, subject: string, unit: number, token = admin.token) {
  t.clock.advance(1000);
  const reply = await uploadNote(t, unitOf(subject, unit), bytes, token);
  expect(reply.status).toBe(201);
  return reply.body.note._id as string;
}

/** Polls until `check` holds, or fails after the deadline (the job runs on a busy machine). */
async function waitFor(what: string, check: () => Promise<boolean>, deadlineMs = 30_000): Promise<void> {
  const until = Date.now() + deadlineMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function indexState(app: TestApp, fileId: string) {
  return app.db.selectFrom('search_files').selectAll().where('file_id', '=', fileId).executeTakeFirst();
}

const settled = (app: TestApp, fileId: string) =>
  waitFor(`${fileId} to be indexed`, async () => {
    const row = await indexState(app, fileId);
    return row !== undefined && row.state !== 'indexing';
  });

/** GET /api/search as the student (null: anonymous). */
const search = (q: string, token: string | null = student.token) =>
  t.get(`/api/search?${new URLSearchParams({ q })}`, token === null ? {} : { token });

describe('a word inside an upload is found on its page', () => {
  it('a word on page 2 of a three-page upload: its unit, page 2 and a snippet that marks it', async () => {
    const bytes = await pdfOf([
      ['Unit 4: graphs', 'Breadth-first search visits by levels.'],
      ['Shortest paths', "Dijkstra's algorithm relaxes edges", 'in a two-pass assem-', 'bler of distances.'],
      ['Spanning trees', 'Prim and Kruskal.'],
    ]);
    const id = await uploadNotes(bytes, 'CS-601', 4);
    await settled(t, id);
    expect(await indexState(t, id)).toMatchObject({ state: 'indexed', pages: 3, attempts: 1 });

    const reply = await search('Dijkstra');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ query: 'Dijkstra', total: 1 });
    const [hit] = reply.body.hits;
    expect(hit).toMatchObject({
      kind: 'note',
      fileId: id,
      subjectCode: 'CS-601',
      unit: 4,
      session: null,
      page: 2,
    });
    expect(hit.subject).not.toBe('CS-601');
    const marked = hit.highlights.map((range: { start: number; end: number }) =>
      hit.snippet.slice(range.start, range.end),
    );
    expect(marked).toEqual(['Dijkstra']);
    expect(hit.snippet).toContain("Dijkstra's algorithm relaxes edges");
    // A word hyphenated across a line end is one word again.
    expect((await search('assembler')).body.hits).toMatchObject([{ fileId: id, page: 2 }]);
    expect((await search('"two-pass assembler"')).body.hits).toMatchObject([{ fileId: id, page: 2 }]);
  });

  it('a paper is found with its session', async () => {
    const bytes = await pdfOf([['Question 1'], ['Explain the Laplace transform of a step.']]);
    t.clock.advance(1000);
    const reply = await uploadPaper(t, { subject: 'CS-602', session: SESSION }, bytes, admin.token);
    expect(reply.status).toBe(201);
    const id = reply.body.paper._id as string;
    await settled(t, id);
    expect((await search('laplace transform')).body.hits).toMatchObject([
      { kind: 'paper', fileId: id, subjectCode: 'CS-602', unit: null, session: SESSION, page: 2 },
    ]);
  });

  it('anonymous callers get 401; empty, one-character and over-long queries a 400 with a message', async () => {
    expect((await search('dijkstra', null)).status).toBe(401);
    for (const [q, message] of [
      ['', SEARCH_MESSAGES.tooShort],
      [' a ', SEARCH_MESSAGES.tooShort],
      ['x'.repeat(201), SEARCH_MESSAGES.tooLong],
      ['!?', SEARCH_MESSAGES.noWords],
    ]) {
      const reply = await search(q!);
      expect([q, reply.status, reply.body.message]).toEqual([q, 400, message]);
    }
    expect((await t.get('/api/search', { token: student.token })).status).toBe(400);
    expect((await t.get('/api/search?q=dijkstra&page=0', { token: student.token })).status).toBe(400);
  });
});

describe('only what students may see is found', () => {
  it('pending and rejected uploads never; a replaced file leaves the index when its successor is approved', async () => {
    const pending = await uploadNotes(await pdfOf([['Pending words: quasar']]), 'CS-602', 1, teacher.token);
    const rejected = await uploadNotes(await pdfOf([['Rejected words: nebula']]), 'CS-602', 2, teacher.token);
    const first = await uploadNotes(await pdfOf([['First edition: pulsar']]), 'CS-602', 3);
    await settled(t, first);
    expect((await search('pulsar')).body.total).toBe(1);
    const rejectReply = await t.post(
      `/api/admin/reviews/${rejected}`,
      { decision: 'reject', reason: 'Wrong unit' },
      { token: admin.token },
    );
    expect(rejectReply.status).toBe(200);

    const successor = await uploadNotes(
      await pdfOf([['Second edition: magnetar']]),
      'CS-602',
      3,
      teacher.token,
    );
    expect(
      (await t.post(`/api/admin/reviews/${successor}`, { decision: 'approve' }, { token: admin.token }))
        .status,
    ).toBe(200);
    await settled(t, successor);
    await waitFor('the replaced file to leave the index', async () => !(await indexState(t, first)));
    const pages = await t.db.selectFrom('search_pages').select('id').where('file_id', '=', first).execute();
    expect(pages).toEqual([]);

    for (const word of ['quasar', 'nebula', 'pulsar'])
      expect((await search(word)).body).toMatchObject({ total: 0, hits: [] });
    expect((await search('magnetar')).body.hits).toMatchObject([{ fileId: successor, unit: 3 }]);
    expect(await indexState(t, pending)).toBeUndefined();
    expect(await indexState(t, rejected)).toBeUndefined();

    // The uploader's account deleted: the approved file and its pages stay.
    const deleted = await request(t.app, 'DELETE', `/api/admin/users/${teacher.id}`, undefined, {
      token: admin.token,
    });
    expect(deleted.status).toBe(200);
    expect((await search('magnetar')).body.hits).toMatchObject([{ fileId: successor, unit: 3 }]);
  });
});

describe('a kept reply', () => {
  it('is served again (304 to its ETag) until the index changes, then the search is run anew', async () => {
    const before = await search('zirconium');
    expect(before.body).toMatchObject({ total: 0, hits: [] });
    const etag = before.headers.etag as string;
    const again = await t.app.inject({
      url: '/api/search?q=zirconium',
      headers: { authorization: `Bearer ${student.token}`, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);

    const id = await uploadNotes(await pdfOf([['Zirconium cladding']]), 'CS-601', 2);
    await settled(t, id);
    const after = await search('zirconium');
    expect(after.body.hits).toMatchObject([{ fileId: id, page: 1 }]);
    expect(after.headers.etag).not.toBe(etag);
  });
});

describe('files that cannot be read', () => {
  it.each([
    ['truncated.pdf', 'InvalidPDFException'],
    ['encrypted.pdf', 'PasswordException'],
    ['ccitt.pdf', 'NoTextLayer'],
  ])('%s is stored and listed, and marked unreadable (%s), never retried', async (file, reason) => {
    const unit = { 'truncated.pdf': 1, 'encrypted.pdf': 2, 'ccitt.pdf': 3 }[file]!;
    const id = await uploadNotes(readFileSync(path.join(REAL_PDFS, file)), 'CS-601', unit);
    await settled(t, id);
    expect(await indexState(t, id)).toMatchObject({ state: 'unreadable', reason, attempts: 1 });
    const units = await t.get('/api/notes/units?subject=CS-601', { token: student.token });
    expect(units.body.units).toEqual(expect.arrayContaining([expect.objectContaining({ unit })]));
  });

  it('reads the good page of a file with a damaged one, and text in a font the file does not embed (CJK)', async () => {
    const damaged = await uploadNotes(readFileSync(path.join(REAL_PDFS, 'damaged-page.pdf')), 'CS-601', 5);
    const cjk = await uploadNotes(readFileSync(path.join(REAL_PDFS, 'cjk-unembedded.pdf')), 'CS-602', 4);
    await settled(t, damaged);
    await settled(t, cjk);
    expect((await search('"page one"')).body.hits).toMatchObject([{ fileId: damaged, page: 1 }]);
    expect((await search('日本語のノート')).body.hits).toMatchObject([{ fileId: cjk, page: 1 }]);
  });
});

describe('the query language, the same on both databases', () => {
  let ids: Record<'os' | 'cpp' | 'code' | 'graphs', string>;

  beforeAll(async () => {
    const files = {
      os: [['Operating systems: the OS schedules processes.'], ['Deadlock and paging in an os kernel.']],
      cpp: [['Templates in C++ and generics in C#.'], ['Pointers in C and references.']],
      code: [['Syllabus of CS-402 compiler design.'], ['Lexical analysis and parsing.']],
      graphs: [['Graph traversal: depth-first search.'], ['Graphs, graphing and graphical models.']],
    };
    const entries = await Promise.all(
      Object.entries(files).map(async ([name, pages], index) => {
        const id = await uploadNotes(await pdfOf(pages), 'CS-605', index + 1);
        return [name, id] as const;
      }),
    );
    ids = Object.fromEntries(entries) as typeof ids;
    for (const id of Object.values(ids)) await settled(t, id);
  }, 60_000);

  // Each query's hits as `file:page`, in no particular order: every database must answer exactly these.
  it.each([
    ['os', ['os:1', 'os:2']],
    ['OS kernel', ['os:2']],
    ['c++', ['cpp:1']],
    ['C#', ['cpp:1']],
    ['"in c"', ['cpp:2']],
    ['CS-402', ['code:1']],
    ['cs402', []],
    ['graph*', ['graphs:1', 'graphs:2']],
    ['graphs', ['graphs:2']],
    ['"depth-first search"', ['graphs:1']],
    ['"search depth"', []],
    ['parsing lexical', ['code:2']],
    ['parsing AND lexical', ['code:2']],
    ['parsing OR lexical', []],
    ['schedul* processes', ['os:1']],
  ])('%s', async (q, expected) => {
    const reply = await search(q);
    expect(reply.status).toBe(200);
    const names = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
    const found = (reply.body.hits as { fileId: string; page: number }[])
      .filter((hit) => names[hit.fileId])
      .map((hit) => `${names[hit.fileId]}:${hit.page}`)
      .sort();
    expect(found).toEqual(expected);
  });

  it('a page past the last has no hits, and still the total', async () => {
    const reply = await t.get('/api/search?q=os&page=50', { token: student.token });
    expect(reply.status).toBe(200);
    expect(reply.body.hits).toEqual([]);
    expect(reply.body.total).toBeGreaterThanOrEqual(2);
  });

  it('ranks a page that holds the words more often, for its length, first', async () => {
    const hits = (await search('os')).body.hits as { fileId: string; page: number }[];
    expect(hits.filter((hit) => hit.fileId === ids.os).map((hit) => hit.page)).toEqual([1, 2]);
  });
});

describe('a query on very many pages ranks only the newest of them (decision 042)', () => {
  // Files written straight into the index, oldest first: each page's id is the order it was indexed in. Pages of
  // five words, so both databases rank them by how often they hold the word alone.
  const FILES = {
    old: {
      state: 'approved',
      current: 1,
      pages: ['quokka quokka quokka quokka wombat', 'quokka notes on marsupials today'],
    },
    middle: {
      state: 'approved',
      current: 1,
      pages: ['quokka and other words here', 'quokka twice quokka here now'],
    },
    replaced: { state: 'approved', current: 0, pages: ['quokka quokka quokka quokka quokka'] },
    pending: { state: 'pending', current: 1, pages: ['quokka quokka quokka quokka quokka'] },
    newest: {
      state: 'approved',
      current: 1,
      pages: ['quokka quokka quokka short page', 'quokka once among more words'],
    },
  } as const;
  const names: Record<string, string> = {};

  beforeAll(async () => {
    const now = new Date().toISOString();
    for (const [name, file] of Object.entries(FILES)) {
      const id = `bounded-${name}`;
      names[id] = name;
      await t.db
        .insertInto('note_files')
        .values({
          id,
          branch: 'CSE',
          year: 3,
          semester: 6,
          subject_code: `CS-6${Object.keys(names).length}9`,
          unit: 1,
          storage_name: `${id}.pdf`,
          original_name: `${name}.pdf`,
          size: 1,
          sha256: '',
          uploaded_by: null,
          uploaded_at: now,
          current: file.current,
          state: file.state,
          published_at: file.state === 'approved' ? now : null,
        })
        .execute();
      // Indexed, so the job leaves the listed ones alone; the others have no row for it to drop their pages by.
      if (file.state === 'approved' && file.current === 1)
        await t.db
          .insertInto('search_files')
          .values({
            file_id: id,
            kind: 'note',
            state: 'indexed',
            attempts: 1,
            pages: file.pages.length,
            updated_at: now,
          })
          .execute();
      for (const [index, text] of file.pages.entries())
        await t.db
          .insertInto('search_pages')
          .values({ file_id: id, page: index + 1, text, terms: indexedTerms(text) })
          .execute();
    }
  });

  /** The hits of `q` as `file:page`, best first, ranking at most `maxRanked` pages. */
  async function hits(q: string, maxRanked: number, maxHits = 1000) {
    const parsed = parseQuery(q);
    if ('error' in parsed) throw new Error(parsed.error);
    const { dialect } = t.app.context;
    const found = await searchPages(t.db, dialect, parsed.parts, {
      limit: 20,
      offset: 0,
      maxHits,
      maxRanked,
    });
    return { ...found, hits: found.rows.map((row) => `${names[row.file_id]}:${row.page}`) };
  }

  it('unbounded, the page that holds the word most often is first', async () => {
    expect((await hits('quokka', 1000)).hits).toEqual([
      'old:1',
      'newest:1',
      'middle:2',
      'old:2',
      'middle:1',
      'newest:2',
    ]);
  });

  it('bounded, the best of the newest matching pages first; never a replaced or pending file, even the best-scoring', async () => {
    // The newest five matches: middle:2, replaced:1, pending:1, newest:1, newest:2; two of them are not listed.
    const bounded = await hits('quokka', 5);
    expect(bounded.hits).toEqual(['newest:1', 'middle:2', 'newest:2']);
    expect(bounded).toMatchObject({ total: 3, more: false });
  });

  it('bounds what matches the whole query, not each word: two words on one old page still find it', async () => {
    expect((await hits('quokka wombat', 2)).hits).toEqual(['old:1']);
    expect((await hits('"quokka quokka"', 3)).hits).toEqual(['newest:1']);
  });

  it('says when more pages match than it counted', async () => {
    // The best three pages matched include the replaced and the pending file's: one listed, and more unranked.
    expect(await hits('quokka', 1000, 3)).toMatchObject({ total: 1, more: true });
    expect(await hits('quokka', 1000, 10)).toMatchObject({ total: 6, more: false });
    const past = await searchPages(t.db, t.app.context.dialect, [{ terms: ['quokka'], prefix: false }], {
      limit: 20,
      offset: 20,
      maxHits: 3,
      maxRanked: 1000,
    });
    expect(past).toEqual({ total: 1, more: true, rows: [] });
  });

  it('the search call says it too: a word on every listed page, counted up to what a student may page', async () => {
    const reply = await search('quokka');
    expect(reply.body).toMatchObject({ total: 6, more: false });
    expect(
      reply.body.hits.map((hit: { fileId: string; page: number }) => `${names[hit.fileId]}:${hit.page}`),
    ).toEqual(['old:1', 'newest:1', 'middle:2', 'old:2', 'middle:1', 'newest:2']);
  });
});

describe('hostile queries are a 400 with a message or an ordinary result, never a 5xx', () => {
  it.each([
    '"',
    '""',
    '"unterminated phrase',
    'NEAR(a b)',
    'a AND',
    'OR OR OR',
    'NOT dijkstra',
    '(((',
    'terms:dijkstra',
    '^dijkstra',
    '-dijkstra',
    'dijkstra*',
    '**',
    ':*',
    "'",
    "'; drop table search_pages; --",
    "dijkstra' OR '1'='1",
    '!&|<->',
    'a <-> b',
    '\\',
    'x'.repeat(200),
    'word '.repeat(40),
    'ab\u0000cd',
    'ab\u0007',
    'ab\u202ecd',
    'गणित के प्रश्न',
    '😀😀',
    '%00%27',
  ])('%j', async (q) => {
    const reply = await search(q);
    expect([400, 200]).toContain(reply.status);
    if (reply.status === 400) expect(typeof reply.body.message).toBe('string');
    else expect(Array.isArray(reply.body.hits)).toBe(true);
  });
});

describe('the job', () => {
  it('resumes a backfill after a stop and after a replica died mid-file; gives up on a file that kept killing it', async () => {
    const other = await buildTestApp();
    try {
      const otherAdmin = await createUserWithRole(other, 'admin');
      const ids: string[] = [];
      for (let unit = 1; unit <= 5; unit += 1) {
        other.clock.advance(1000);
        const bytes = await pdfOf([[`Backfill page of unit ${unit}: zeolite${unit}`]]);
        const reply = await uploadNote(other, unitOf('CS-606', unit), bytes, otherAdmin.token);
        ids.push(reply.body.note._id as string);
      }
      // A replica died holding unit 5's claim, and another file's claims lapsed three times.
      const now = other.clock().toISOString();
      const lapsed = new Date(other.clock().getTime() - 1000).toISOString();
      await other.db
        .insertInto('search_files')
        .values([
          {
            file_id: ids[4]!,
            kind: 'note',
            state: 'indexing',
            attempts: 1,
            lease_until: lapsed,
            updated_at: now,
          },
          {
            file_id: ids[3]!,
            kind: 'note',
            state: 'indexing',
            attempts: 3,
            lease_until: lapsed,
            updated_at: now,
          },
        ])
        .execute();
      const job = () =>
        createSearchIndexing({
          db: other.db,
          clock: other.clock,
          filesDir: other.app.context.config.filesDir,
          log: other.app.log,
        });

      const first = job();
      first.start();
      await waitFor('one file indexed', async () => (await indexState(other, ids[0]!))?.state === 'indexed');
      await first.stop();
      const leased = await other.db
        .selectFrom('search_files')
        .select('file_id')
        .where('state', '=', 'indexing')
        .where('lease_until', '>', now)
        .execute();
      expect(leased).toEqual([]);

      const second = job();
      second.start();
      try {
        for (const id of ids) await settled(other, id);
      } finally {
        await second.stop();
      }
      const rows = await other.db.selectFrom('search_files').selectAll().orderBy('file_id').execute();
      const byId = Object.fromEntries(rows.map((row) => [row.file_id, row]));
      for (const id of [ids[0]!, ids[1]!, ids[2]!])
        expect(byId[id]).toMatchObject({ state: 'indexed', attempts: 1 });
      expect(byId[ids[4]!]).toMatchObject({ state: 'indexed', attempts: 2 });
      expect(byId[ids[3]!]).toMatchObject({ state: 'unreadable', reason: 'TooManyAttempts' });
    } finally {
      await other.close();
    }
  });
});
