/**
 * The `important_questions` table (decision 034): a question under one unit of a subject, with the sessions it was
 * asked in. An admin's is approved at once; a teacher's waits as `pending` (decision 026). Students only ever see
 * approved questions, most-asked first.
 */
import type { Kysely, Selectable } from 'kysely';
import { SESSION_MONTHS } from '@studyhub/contract/schemas';
import type { Database, ImportantQuestionsTable } from '../db/schema';
import { approveIfPending, type Decision } from './uploads';

export type QuestionRow = Selectable<ImportantQuestionsTable>;

/** `May 2024` as `2024-05`, which sorts as text. */
function sortableSession(label: string): string {
  const [month = '', year = ''] = label.split(' ');
  const number = SESSION_MONTHS.indexOf(month as (typeof SESSION_MONTHS)[number]) + 1;
  return `${year}-${String(number).padStart(2, '0')}`;
}

/** The stored columns of "asked in": sessions labelled as the contract spells them, newest first. */
export function askedInColumns(
  askedIn: readonly string[],
): Pick<QuestionRow, 'asked_in' | 'asked_count' | 'last_asked'> {
  return {
    asked_in: JSON.stringify(askedIn),
    asked_count: askedIn.length,
    last_asked: askedIn[0] === undefined ? null : sortableSession(askedIn[0]),
  };
}

/** The sessions a question was asked in, newest first. */
export function askedInOf(row: Pick<QuestionRow, 'asked_in'>): string[] {
  return JSON.parse(row.asked_in) as string[];
}

/** Records a question in the state its row says (approved: an admin's; pending: a teacher's). */
export async function insertQuestion(executor: Kysely<Database>, row: QuestionRow): Promise<void> {
  await executor.insertInto('important_questions').values(row).execute();
}

function approvedRows(db: Kysely<Database>) {
  return db.selectFrom('important_questions').where('state', '=', 'approved');
}

/**
 * A subject's approved questions by unit; within a unit most-asked first, then the most recently asked (a
 * question asked in no session has no such session, and ties only with others that have none), then the newest.
 */
export function approvedQuestionsOfSubject(
  db: Kysely<Database>,
  subjectCode: string,
): Promise<QuestionRow[]> {
  return approvedRows(db)
    .selectAll()
    .where('subject_code', '=', subjectCode)
    .orderBy('unit')
    .orderBy('asked_count', 'desc')
    .orderBy('last_asked', 'desc')
    .orderBy('published_at', 'desc')
    .orderBy('id')
    .execute();
}

/** How many approved questions each subject has, by subject code. */
export async function questionCountsBySubject(
  db: Kysely<Database>,
): Promise<{ subject_code: string; count: number }[]> {
  const rows = await approvedRows(db)
    .select((eb) => ['subject_code', eb.fn.countAll().as('count')])
    .groupBy('subject_code')
    .orderBy('subject_code')
    .execute();
  // PostgreSQL counts arrive as text.
  return rows.map((row) => ({ subject_code: row.subject_code, count: Number(row.count) }));
}

/**
 * Approves a pending, unexpired question: of two admins deciding at once, the second finds it decided and gets
 * nothing back.
 */
export function approvePendingQuestion(
  db: Kysely<Database>,
  id: string,
  decision: Decision,
): Promise<QuestionRow | undefined> {
  return approveIfPending(db, 'question', id, decision);
}
