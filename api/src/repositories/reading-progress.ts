/**
 * The `reading_progress` table (decision 039): how far each user read each note file or paper. A write keeps the
 * latest `read_at` per user and file, in one conditional upsert, so progress sent late from an offline phone
 * never overwrites newer progress from another device. Reads join each row to its file and keep only current,
 * approved ones: a replaced file's progress is never shown (its successor has a new id, and starts over).
 */
import type { Kysely } from 'kysely';
import type { Database, ReadingProgressTable } from '../db/schema';

type Kind = ReadingProgressTable['kind'];

/** Of `ids`, those that name a current, approved note file (`note`) or paper (`paper`). */
export async function currentFileIds(
  db: Kysely<Database>,
  kind: Kind,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom(kind === 'note' ? 'note_files' : 'question_papers')
    .select('id')
    .where('id', 'in', ids)
    .where('state', '=', 'approved')
    .where('current', '=', 1)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * Stores each row unless the stored one was read at the same time or later; at most one row per file. Returns
 * how many were stored.
 */
export async function upsertNewerProgress(
  db: Kysely<Database>,
  rows: readonly ReadingProgressTable[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const stored = await db
    .insertInto('reading_progress')
    .values([...rows])
    .onConflict((conflict) =>
      conflict
        .columns(['user_id', 'kind', 'file_id'])
        .doUpdateSet((eb) => ({
          page: eb.ref('excluded.page'),
          pages: eb.ref('excluded.pages'),
          read_at: eb.ref('excluded.read_at'),
        }))
        .where((eb) => eb('reading_progress.read_at', '<', eb.ref('excluded.read_at'))),
    )
    .returning('file_id')
    .execute();
  return stored.length;
}

export interface ProgressRow {
  kind: Kind;
  file_id: string;
  page: number;
  pages: number;
  read_at: string;
  subject_code: string;
  unit: number | null;
  session_year: number | null;
  session_month: number | null;
}

/**
 * The user's progress in current, approved files, most recently read first: of one subject, or (without it) of
 * any, at most `limit`.
 */
export async function currentProgress(
  db: Kysely<Database>,
  userId: string,
  { subjectCode, limit }: { subjectCode?: string; limit?: number },
): Promise<ProgressRow[]> {
  const notes = db
    .selectFrom('reading_progress as p')
    .innerJoin('note_files as n', 'n.id', 'p.file_id')
    .where('p.user_id', '=', userId)
    .where('p.kind', '=', 'note')
    .where('n.state', '=', 'approved')
    .where('n.current', '=', 1)
    .$if(subjectCode !== undefined, (query) => query.where('n.subject_code', '=', subjectCode!))
    .select((eb) => [
      'p.kind',
      'p.file_id',
      'p.page',
      'p.pages',
      'p.read_at',
      'n.subject_code',
      eb.cast<number | null>('n.unit', 'integer').as('unit'),
      eb.cast<number | null>(eb.lit(null), 'integer').as('session_year'),
      eb.cast<number | null>(eb.lit(null), 'integer').as('session_month'),
    ]);
  const papers = db
    .selectFrom('reading_progress as p')
    .innerJoin('question_papers as q', 'q.id', 'p.file_id')
    .where('p.user_id', '=', userId)
    .where('p.kind', '=', 'paper')
    .where('q.state', '=', 'approved')
    .where('q.current', '=', 1)
    .$if(subjectCode !== undefined, (query) => query.where('q.subject_code', '=', subjectCode!))
    .select((eb) => [
      'p.kind',
      'p.file_id',
      'p.page',
      'p.pages',
      'p.read_at',
      'q.subject_code',
      eb.cast<number | null>(eb.lit(null), 'integer').as('unit'),
      eb.cast<number | null>('q.session_year', 'integer').as('session_year'),
      eb.cast<number | null>('q.session_month', 'integer').as('session_month'),
    ]);
  return notes
    .unionAll(papers)
    .orderBy('read_at', 'desc')
    .orderBy('file_id')
    .$if(limit !== undefined, (query) => query.limit(limit!))
    .execute();
}
