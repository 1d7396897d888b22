/**
 * `npm run bench -- --only search`: search inside the notes (decision 038).
 *   - query latency through GET /api/search (app.inject) over an index of BENCH_SEARCH_PAGES generated pages
 *     (default 100,000), filled directly, on SQLite and on PostgreSQL (BENCH_POSTGRES_URL, default the test
 *     database; skipped when unreachable), p50 and p95 per kind of query, ranked anew and served from the kept
 *     reply, and the index's size per 1,000 pages;
 *   - extraction throughput on generated multi-page PDFs read one after another, and the process's memory meanwhile;
 *   - approval to searchable: an admin's upload (approved at once) until the running server finds its word.
 * Prints numbers; asserts nothing.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { sql } from 'kysely';
import { buildApp } from '@studyhub/api/app';
import { loadConfig } from '@studyhub/api/config';
import { createPageReader } from '@studyhub/api/search-extraction';
import { benchNoteFile } from '../lib/bench-rows';
import { indexedTerms } from '@studyhub/api/search-tokens';
import { onBothDatabases } from '../lib/postgres-schema';

type AppDatabase = Awaited<ReturnType<typeof buildApp>>['context']['db'];

const MB = 1024 * 1024;
const PAGES = Number(process.env.BENCH_SEARCH_PAGES ?? 100_000);
const PAGES_PER_FILE = 100;
const WORDS_PER_PAGE = 120;
const QUERY_RUNS = 60;

/** The queries students type, from a word on a few hundred pages to one on a third of them (hits up to 1,000). */
const QUERIES: [string, string][] = [
  ['rare word', 'dijkstra'],
  ['phrase', '"laplace transform"'],
  ['subject code', 'CS-402'],
  ['two words', 'assembler semaphore'],
  ['prefix', 'algo*'],
  ['common word', 'process'],
  ['no hit', 'zyzzogeton'],
];
/** Words planted on a share of the pages, so the queries above find what their names say. */
const PLANTED: [number, string][] = [
  [0.002, 'Dijkstra'],
  [0.01, 'the Laplace transform'],
  [0.01, 'CS-402'],
  [0.05, 'assembler'],
  [0.05, 'semaphore'],
  [0.03, 'algorithm'],
  [0.02, 'algebra'],
  [0.4, 'process'],
];

/** A fixed pseudo-random sequence, so every run fills the same index. */
function randomSource(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** A vocabulary of made-up words, drawn with Zipf's frequencies as natural text is. */
function pageWriter(): () => string {
  const random = randomSource(38);
  const syllables = [
    'ka',
    'lo',
    'mi',
    'ter',
    'an',
    'sud',
    'ver',
    'on',
    'pli',
    'cat',
    'ru',
    'gen',
    'dex',
    'no',
  ];
  const vocabulary = Array.from({ length: 20_000 }, () =>
    Array.from(
      { length: 2 + Math.floor(random() * 3) },
      () => syllables[Math.floor(random() * syllables.length)],
    ).join(''),
  );
  const weights = vocabulary.map((_word, rank) => 1 / (rank + 1));
  const cumulative: number[] = [];
  weights.reduce((sum, weight, index) => (cumulative[index] = sum + weight), 0);
  const total = cumulative.at(-1)!;
  const draw = () => {
    const target = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return vocabulary[low]!;
  };
  return () => {
    const words = Array.from({ length: WORDS_PER_PAGE }, draw);
    for (const [share, planted] of PLANTED)
      if (random() < share) words.splice(Math.floor(random() * words.length), 0, planted);
    // Lines of about ten words, as a page of notes has.
    return words
      .map((word, index) => (index % 10 === 9 ? `${word}\n` : `${word} `))
      .join('')
      .trim();
  };
}

const percentile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))]!;

async function fillIndex(db: AppDatabase): Promise<void> {
  const writePage = pageWriter();
  const now = new Date().toISOString();
  for (let file = 0; file < PAGES / PAGES_PER_FILE; file += 1) {
    const id = randomUUID();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('note_files')
        // One current file per subject and unit: a made-up subject per file.
        .values(benchNoteFile(id, `BENCH-${file}`, 6, now))
        .execute();
      await trx
        .insertInto('search_files')
        .values({
          file_id: id,
          kind: 'note',
          state: 'indexed',
          attempts: 1,
          pages: PAGES_PER_FILE,
          updated_at: now,
        })
        .execute();
      const rows = Array.from({ length: PAGES_PER_FILE }, (_page, page) => {
        const text = writePage();
        return { file_id: id, page: page + 1, text, terms: indexedTerms(text) };
      });
      for (let at = 0; at < rows.length; at += 50)
        await trx
          .insertInto('search_pages')
          .values(rows.slice(at, at + 50))
          .execute();
    });
  }
}

async function indexBytes(db: AppDatabase, dialect: string): Promise<number> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{
      bytes: string;
    }>`select pg_total_relation_size('search_pages') as bytes`.execute(db);
    return Number(rows[0]!.bytes);
  }
  const { rows } = await sql<{ bytes: number }>`
    select sum(pgsize) as bytes from dbstat
    where name like 'search_pages%' or name = 'sqlite_autoindex_search_pages_1'`.execute(db);
  return Number(rows[0]!.bytes);
}

/** Fills an index on one database and times the search call over it. */
async function benchDatabase(label: string, databaseUrl: string, dataDir: string): Promise<string[]> {
  const app = await buildApp(
    loadConfig({ DATA_DIR: dataDir, DEPLOY_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' }),
    { mailer: { send: async () => undefined, close: () => undefined }, rateLimitFactor: 1000 },
  );
  try {
    const { db, dialect, tokens } = app.context;
    const started = performance.now();
    await fillIndex(db);
    if (dialect === 'postgres') await sql`analyze`.execute(db);
    const fillSeconds = (performance.now() - started) / 1000;
    const user = await db
      .insertInto('users')
      .values({
        id: randomUUID(),
        name: 'Bench Student',
        email: `bench-${randomBytes(4).toString('hex')}@example.com`,
        password_hash: null,
        google_sub: null,
        role: 'student',
        is_google: 0,
        token_version: 0,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const authorization = `Bearer ${await tokens.sign(user.id, 0)}`;
    const lines = [`${label}: ${PAGES.toLocaleString('en')} pages filled in ${fillSeconds.toFixed(0)} s`];
    const ask = async (q: string) => {
      const begun = performance.now();
      const reply = await app.inject({
        method: 'GET',
        url: `/api/search?q=${encodeURIComponent(q)}`,
        headers: { authorization },
      });
      if (reply.statusCode !== 200) throw new Error(`${q} answered ${reply.statusCode}: ${reply.body}`);
      return { ms: performance.now() - begun, total: (reply.json() as { total: number }).total };
    };
    // "ranked": the first student to search it since the index changed (the kept replies emptied first);
    // "kept": the next one, served from the reply kept for the index's version.
    const forgetKeptReplies = () =>
      sql`update content_versions set version = version + 1 where dataset = 'search'`.execute(db);
    const figures = (times: number[]) =>
      `p50 ${percentile(times, 0.5).toFixed(1)} ms  p95 ${percentile(times, 0.95).toFixed(1)} ms`;
    for (const [name, q] of QUERIES) {
      const ranked: number[] = [];
      const kept: number[] = [];
      let total = 0;
      for (let run = 0; run < QUERY_RUNS + 5; run += 1) {
        await forgetKeptReplies();
        const first = await ask(q);
        const next = await ask(q);
        total = first.total;
        if (run < 5) continue;
        ranked.push(first.ms);
        kept.push(next.ms);
      }
      lines.push(
        `  ${name.padEnd(14)} ${q.padEnd(22)} ranked ${figures(ranked)}  kept ${figures(kept)}  (${total.toLocaleString('en')} hits)`,
      );
    }
    const bytes = await indexBytes(db, dialect);
    lines.push(
      `  index size ${(((bytes / PAGES) * 1000) / MB).toFixed(2)} MB per 1,000 pages (${(bytes / MB).toFixed(0)} MB in all, text kept for snippets)`,
    );
    return lines;
  } finally {
    await app.close();
  }
}

/** A PDF of `pages` pages of generated notes in Helvetica, about 40 lines each. */
async function notesPdf(pages: number): Promise<Buffer> {
  const writePage = pageWriter();
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < pages; index += 1) {
    const page = doc.addPage([595, 842]);
    const lines = [writePage(), writePage(), writePage()].join('\n').split('\n').slice(0, 40);
    lines.forEach((line, row) => page.drawText(line, { x: 40, y: 800 - row * 18, size: 10, font }));
  }
  return Buffer.from(await doc.save());
}

/**
 * Pages per second through one reader (as a pass of the indexing job reads them: a backfill, approvals close
 * together), its worker's start included, and the process's resident memory at its peak meanwhile.
 */
async function benchExtraction(dir: string): Promise<string[]> {
  const lines: string[] = [];
  for (const [files, pages] of [
    [10, 50],
    [1, 400],
  ] as const) {
    const paths = [];
    for (let index = 0; index < files; index += 1) {
      paths.push(path.join(dir, `notes-${pages}-${index}.pdf`));
      writeFileSync(paths.at(-1)!, await notesPdf(pages));
    }
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const reader = createPageReader();
    const started = performance.now();
    try {
      for (const file of paths) {
        const result = await reader.read(file);
        if (!result.readable) throw new Error(`extraction failed: ${result.reason}`);
      }
    } finally {
      reader.close();
      clearInterval(sampler);
    }
    const seconds = (performance.now() - started) / 1000;
    lines.push(
      `extraction ${files} × ${pages} pages in ${seconds.toFixed(2)} s = ${((files * pages) / seconds).toFixed(0)} pages/s (worker start included); ` +
        `rss +${((peak - baseline) / MB).toFixed(0)} MB at peak (heap capped at 256 MB)`,
    );
  }
  return lines;
}

/** From an admin's upload (approved at once) until the running server's search finds its word. */
async function benchApprovalToSearchable(
  base: string,
  adminToken: string,
  studentToken: string,
): Promise<string[]> {
  const times: number[] = [];
  for (let run = 0; run < 10; run += 1) {
    const word = `benchword${randomBytes(4).toString('hex')}`;
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (const text of ['Unit notes, page one', `The ${word} on page two`, 'Page three'])
      doc.addPage([400, 400]).drawText(text, { x: 20, y: 300, size: 12, font });
    const form = new FormData();
    form.append('pdf', new Blob([Buffer.from(await doc.save())], { type: 'application/pdf' }), 'bench.pdf');
    const started = performance.now();
    const query = `branch=CSE&year=Third%20Year&semester=6&subject=CS-601&unit=${(run % 5) + 1}`;
    const upload = await fetch(`${base}/api/upload/upload?${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}` },
      body: form,
    });
    if (upload.status !== 201) throw new Error(`upload answered ${upload.status}`);
    // Every 200 ms: well inside the search's rate limit (120 a minute), which a tighter loop would reach.
    for (;;) {
      const reply = await fetch(`${base}/api/search?q=${word}`, {
        headers: { authorization: `Bearer ${studentToken}` },
      });
      if (reply.status !== 200) throw new Error(`search answered ${reply.status}`);
      if (((await reply.json()) as { total: number }).total > 0) break;
      if (performance.now() - started > 60_000) throw new Error('not searchable after 60 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    times.push(performance.now() - started);
  }
  return [
    `approval to searchable p50 ${(percentile(times, 0.5) / 1000).toFixed(2)} s  p95 ${(percentile(times, 0.95) / 1000).toFixed(2)} s over 10 uploads (job polls every 1 s when idle)`,
  ];
}

export interface BenchSearchOptions {
  base: string;
  adminToken: string;
  studentToken: string;
}

export async function benchSearch({ base, adminToken, studentToken }: BenchSearchOptions): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'studyhub-bench-search-'));
  try {
    const lines = [
      ...(await benchApprovalToSearchable(base, adminToken, studentToken)),
      ...(await benchExtraction(dir)),
    ];
    lines.push(
      ...(await onBothDatabases('bench_search', dir, (label, url) => benchDatabase(label, url, dir))),
    );
    return lines;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
