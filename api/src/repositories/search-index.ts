/**
 * The search index's rows (decision 038): which approved, current file waits for the indexing job, its claim
 * under a lease (a conditional insert or update, so of several replicas exactly one wins), and its pages.
 */
import type { Kysely } from 'kysely';
import type { Database, SearchFilesTable } from '../db/schema';

/** A file the job may index: a current, approved note file or paper. */
export interface IndexableFile {
  id: string;
  kind: SearchFilesTable['kind'];
  storage_name: string;
}

/** When an expired lease counts as released at once (a clean stop gives its file back). */
export const RELEASED_LEASE = new Date(0).toISOString();

/**
 * The oldest current, approved file with no index row, or whose claim lapsed (its replica stopped or died) with
 * attempts left; notes first, then papers.
 */
export async function nextFileToIndex(
  db: Kysely<Database>,
  now: string,
  maxAttempts: number,
): Promise<IndexableFile | undefined> {
  const waiting = (file: 'note_files' | 'question_papers') =>
    db
      .selectFrom(file)
      .leftJoin('search_files', 'search_files.file_id', `${file}.id`)
      .where(`${file}.state`, '=', 'approved')
      .where(`${file}.current`, '=', 1)
      .where((eb) =>
        eb.or([
          eb('search_files.file_id', 'is', null),
          eb.and([
            eb('search_files.state', '=', 'indexing'),
            eb('search_files.lease_until', '<', now),
            eb('search_files.attempts', '<', maxAttempts),
          ]),
        ]),
      )
      .select([`${file}.id as id`, `${file}.storage_name as storage_name`])
      .orderBy(`${file}.uploaded_at`)
      .limit(1);
  const note = await waiting('note_files').executeTakeFirst();
  if (note) return { ...note, kind: 'note' };
  const paper = await waiting('question_papers').executeTakeFirst();
  return paper && { ...paper, kind: 'paper' };
}

/**
 * Claims `file` until `leaseUntil`: a first claim inserts its row, a lapsed one takes it over and counts another
 * attempt. False when another replica got there first.
 */
export async function claimFile(
  db: Kysely<Database>,
  file: IndexableFile,
  { now, leaseUntil, maxAttempts }: { now: string; leaseUntil: string; maxAttempts: number },
): Promise<boolean> {
  const inserted = await db
    .insertInto('search_files')
    .values({
      file_id: file.id,
      kind: file.kind,
      state: 'indexing',
      attempts: 1,
      lease_until: leaseUntil,
      updated_at: now,
    })
    .onConflict((conflict) => conflict.column('file_id').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true;
  const taken = await db
    .updateTable('search_files')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), lease_until: leaseUntil, updated_at: now }))
    .where('file_id', '=', file.id)
    .where('state', '=', 'indexing')
    .where('lease_until', '<', now)
    .where('attempts', '<', maxAttempts)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Files whose claims lapsed `maxAttempts` times (a worker that kept dying on them) are unreadable, not retried. */
export async function giveUpLapsedFiles(
  db: Kysely<Database>,
  now: string,
  maxAttempts: number,
): Promise<void> {
  await db
    .updateTable('search_files')
    .set({ state: 'unreadable', reason: 'TooManyAttempts', lease_until: null, updated_at: now })
    .where('state', '=', 'indexing')
    .where('lease_until', '<', now)
    .where('attempts', '>=', maxAttempts)
    .execute();
}

const PAGES_PER_INSERT = 200;

/**
 * Stores a claimed file's pages and marks it indexed, in one transaction, only while the claim is still this
 * replica's (`leaseUntil` unchanged); false if it lapsed and another replica took it.
 */
export async function storePages(
  db: Kysely<Database>,
  fileId: string,
  pages: readonly { text: string; terms: string }[],
  { now, leaseUntil }: { now: string; leaseUntil: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('search_files')
      .set({ state: 'indexed', pages: pages.length, lease_until: null, updated_at: now })
      .where('file_id', '=', fileId)
      .where('state', '=', 'indexing')
      .where('lease_until', '=', leaseUntil)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) return false;
    await trx.deleteFrom('search_pages').where('file_id', '=', fileId).execute();
    const rows = pages.map((page, index) => ({ file_id: fileId, page: index + 1, ...page }));
    for (let at = 0; at < rows.length; at += PAGES_PER_INSERT) {
      await trx
        .insertInto('search_pages')
        .values(rows.slice(at, at + PAGES_PER_INSERT))
        .execute();
    }
    return true;
  });
}

/** Marks a claimed file unreadable (damaged, encrypted, no text layer): it is never tried again. */
export async function markUnreadable(
  db: Kysely<Database>,
  fileId: string,
  reason: string,
  { now, leaseUntil }: { now: string; leaseUntil: string },
): Promise<void> {
  await db
    .updateTable('search_files')
    .set({ state: 'unreadable', reason, lease_until: null, updated_at: now })
    .where('file_id', '=', fileId)
    .where('lease_until', '=', leaseUntil)
    .execute();
}

/** Gives a claim back on a clean stop, so the next start (of any replica) takes it at once, not as an attempt. */
export async function releaseClaim(db: Kysely<Database>, fileId: string, leaseUntil: string): Promise<void> {
  await db
    .updateTable('search_files')
    .set((eb) => ({ attempts: eb('attempts', '-', 1), lease_until: RELEASED_LEASE }))
    .where('file_id', '=', fileId)
    .where('state', '=', 'indexing')
    .where('lease_until', '=', leaseUntil)
    .execute();
}

/**
 * Drops the pages and rows of files students no longer see (replaced by a newer approved file, or gone): the
 * search reads only current, approved files anyway; this keeps the index to them.
 */
export async function dropUnlistedFiles(db: Kysely<Database>): Promise<number> {
  const listed = (file: 'note_files' | 'question_papers') =>
    db.selectFrom(file).select('id').where('state', '=', 'approved').where('current', '=', 1);
  const unlisted = await db
    .selectFrom('search_files')
    .select('file_id')
    .where('state', '<>', 'indexing')
    .where('file_id', 'not in', listed('note_files'))
    .where('file_id', 'not in', listed('question_papers'))
    .execute();
  const ids = unlisted.map((row) => row.file_id);
  if (ids.length === 0) return 0;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('search_pages').where('file_id', 'in', ids).execute();
    await trx.deleteFrom('search_files').where('file_id', 'in', ids).execute();
  });
  return ids.length;
}
