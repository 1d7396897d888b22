/**
 * The `question_papers` table (decision 034): one row per uploaded exam PDF of a subject and session. The newest
 * approved paper of a subject and session is `current = 1`, older ones stay as history under a partial unique
 * index, as a unit's notes do (decision 006); a teacher's waits as `pending` (decision 026). Students only ever see
 * current, approved papers.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import { sessionLabel } from '@studyhub/contract/schemas';
import { inTransactionRetryingUniqueViolations, lockForTransaction, type Dialect } from '../db/database';
import type { Database, QuestionPapersTable } from '../db/schema';
import { approveIfPending, type Decision } from './uploads';

export type PaperRow = Selectable<QuestionPapersTable>;

type Session = Pick<PaperRow, 'subject_code' | 'session_year' | 'session_month'>;

/** "May 2024": the session a paper's row names. */
export const paperSession = (row: Pick<PaperRow, 'session_year' | 'session_month'>) =>
  sessionLabel({ year: row.session_year, month: row.session_month });

/** Writes that change a session's current paper queue on this key (PostgreSQL; SQLite has one writer anyway). */
const sessionLockKey = (row: Session) =>
  `question_papers:${row.subject_code}:${row.session_year}:${row.session_month}`;

/** Makes `row` its subject and session's current paper, the one before it history. */
async function makeCurrent(trx: Transaction<Database>, row: PaperRow): Promise<void> {
  await trx
    .updateTable('question_papers')
    .set({ current: 0 })
    .where('subject_code', '=', row.subject_code)
    .where('session_year', '=', row.session_year)
    .where('session_month', '=', row.session_month)
    .where('current', '=', 1)
    .execute();
  await trx.updateTable('question_papers').set({ current: 1 }).where('id', '=', row.id).execute();
}

/** Makes `row` its session's current paper inside the caller's transaction; the previous one stays as history. */
export async function addCurrentPaper(
  trx: Transaction<Database>,
  dialect: Dialect,
  row: PaperRow,
): Promise<void> {
  await lockForTransaction(trx, dialect, sessionLockKey(row));
  await trx
    .insertInto('question_papers')
    .values({ ...row, current: 0 })
    .execute();
  await makeCurrent(trx, row);
}

/** Makes `row` its session's current paper in a transaction of its own (the demo data). */
export function insertCurrentPaper(db: Kysely<Database>, dialect: Dialect, row: PaperRow): Promise<void> {
  return inTransactionRetryingUniqueViolations(db, (trx) => addCurrentPaper(trx, dialect, row));
}

/** A teacher's paper, waiting for review; not current, so nobody but its uploader and the admins sees it. */
export async function insertPendingPaper(trx: Transaction<Database>, row: PaperRow): Promise<void> {
  await trx
    .insertInto('question_papers')
    .values({ ...row, state: 'pending', current: 0, published_at: null })
    .execute();
}

/** What students may see: a session's current paper, which is always an approved one (checked twice on purpose). */
function visibleRows(db: Kysely<Database>) {
  return db.selectFrom('question_papers').where('current', '=', 1).where('state', '=', 'approved');
}

/** A subject's current papers, newest session first. */
export function currentPapersOfSubject(db: Kysely<Database>, subjectCode: string): Promise<PaperRow[]> {
  return visibleRows(db)
    .selectAll()
    .where('subject_code', '=', subjectCode)
    .orderBy('session_year', 'desc')
    .orderBy('session_month', 'desc')
    .execute();
}

/** The current paper with this id, or nothing (a pending, rejected, expired or replaced one is nothing). */
export function findCurrentPaper(db: Kysely<Database>, id: string): Promise<PaperRow | undefined> {
  return visibleRows(db).selectAll().where('id', '=', id).executeTakeFirst();
}

/** How many current papers each subject has (one per session), by subject code. */
export async function paperCountsBySubject(
  db: Kysely<Database>,
): Promise<{ subject_code: string; count: number }[]> {
  const rows = await visibleRows(db)
    .select((eb) => ['subject_code', eb.fn.countAll().as('count')])
    .groupBy('subject_code')
    .orderBy('subject_code')
    .execute();
  // PostgreSQL counts arrive as text.
  return rows.map((row) => ({ subject_code: row.subject_code, count: Number(row.count) }));
}

/**
 * Approves a pending paper and makes it its session's current paper, the one before it history. Only a pending,
 * unexpired paper changes: of two admins deciding at once, the second finds it decided and gets nothing back.
 */
export function approvePendingPaper(
  db: Kysely<Database>,
  dialect: Dialect,
  id: string,
  decision: Decision,
): Promise<PaperRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('question_papers').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    await lockForTransaction(trx, dialect, sessionLockKey(row));
    const approved = await approveIfPending(trx, 'paper', id, decision);
    if (!approved) return undefined;
    await makeCurrent(trx, approved);
    return { ...approved, current: 1 };
  });
}
