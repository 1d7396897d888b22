/**
 * The `note_files` table: one row per uploaded PDF; a unit's newest approved file is `current = 1`, older ones stay
 * as history under a partial unique index (decision 006). A teacher's upload waits as `pending` until an admin
 * approves or rejects it, or it expires (decision 026); students only ever see current, approved files.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import { inTransactionRetryingUniqueViolations, lockForTransaction, type Dialect } from '../db/database';
import type { Database, NoteFilesTable } from '../db/schema';
import { approveIfPending, type Decision } from './uploads';

export type NoteRow = Selectable<NoteFilesTable>;

/** Writes that change a unit's current file queue on this key (PostgreSQL; SQLite has one writer anyway). */
const unitLockKey = (row: Pick<NoteRow, 'branch' | 'subject_code' | 'unit'>) =>
  `note_files:${row.branch}:${row.subject_code}:${row.unit}`;

/** Makes `id` its unit's current file, the one before it history. */
async function makeCurrent(trx: Transaction<Database>, row: NoteRow): Promise<void> {
  await trx
    .updateTable('note_files')
    .set({ current: 0 })
    .where('branch', '=', row.branch)
    .where('subject_code', '=', row.subject_code)
    .where('unit', '=', row.unit)
    .where('current', '=', 1)
    .execute();
  await trx.updateTable('note_files').set({ current: 1 }).where('id', '=', row.id).execute();
}

/** Makes `row` its unit's current file inside the caller's transaction; the previous one stays as history. */
export async function addCurrentNoteFile(
  trx: Transaction<Database>,
  dialect: Dialect,
  row: NoteRow,
): Promise<void> {
  await lockForTransaction(trx, dialect, unitLockKey(row));
  await trx
    .insertInto('note_files')
    .values({ ...row, current: 0 })
    .execute();
  await makeCurrent(trx, row);
}

/** Makes `row` its unit's current file in a transaction of its own (the demo data). */
export function insertCurrentNoteFile(db: Kysely<Database>, dialect: Dialect, row: NoteRow): Promise<void> {
  return inTransactionRetryingUniqueViolations(db, (trx) => addCurrentNoteFile(trx, dialect, row));
}

/** What students may see: a unit's current file, which is always an approved one (checked twice on purpose). */
function visibleRows(db: Kysely<Database>) {
  return db.selectFrom('note_files').where('current', '=', 1).where('state', '=', 'approved');
}

function visibleNoteFiles(db: Kysely<Database>) {
  return visibleRows(db).selectAll();
}

/** The newest current files, newest first by when students could first see them (Home's recent uploads). */
export function recentCurrentNoteFiles(db: Kysely<Database>, limit: number): Promise<NoteRow[]> {
  return visibleNoteFiles(db).orderBy('published_at', 'desc').orderBy('id').limit(limit).execute();
}

/** A subject's current file per unit, by unit. */
export function currentNoteFilesOfSubject(
  db: Kysely<Database>,
  branch: string,
  subjectCode: string,
): Promise<NoteRow[]> {
  return visibleNoteFiles(db)
    .where('branch', '=', branch)
    .where('subject_code', '=', subjectCode)
    .orderBy('unit')
    .execute();
}

/** Which units of a branch's subjects have a current file: one row per unit, by subject code and unit. */
export function unitsWithNotes(
  db: Kysely<Database>,
  branch: string,
): Promise<Pick<NoteRow, 'subject_code' | 'unit'>[]> {
  return visibleRows(db)
    .select(['subject_code', 'unit'])
    .where('branch', '=', branch)
    .orderBy('subject_code')
    .orderBy('unit')
    .execute();
}

/** The current file a download path names, or nothing. */
export function findCurrentNoteFile(
  db: Kysely<Database>,
  unit: { branch: string; year: number; semester: number; subjectCode: string; unit: number },
): Promise<NoteRow | undefined> {
  return visibleNoteFiles(db)
    .where('branch', '=', unit.branch)
    .where('subject_code', '=', unit.subjectCode)
    .where('unit', '=', unit.unit)
    .where('semester', '=', unit.semester)
    .where('year', '=', unit.year)
    .executeTakeFirst();
}

/** A teacher's upload, waiting for review; not current, so nobody but its uploader and the admins sees it. */
export async function insertPendingNoteFile(trx: Transaction<Database>, row: NoteRow): Promise<void> {
  await trx
    .insertInto('note_files')
    .values({ ...row, state: 'pending', current: 0, published_at: null })
    .execute();
}

/**
 * Approves a pending upload and makes it its unit's current file, the one before it history. Only a pending,
 * unexpired upload changes: of two admins deciding at once, the second finds it decided and gets nothing back.
 */
export function approvePendingNoteFile(
  db: Kysely<Database>,
  dialect: Dialect,
  id: string,
  decision: Decision,
): Promise<NoteRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('note_files').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    await lockForTransaction(trx, dialect, unitLockKey(row));
    const approved = await approveIfPending(trx, 'note', id, decision);
    if (!approved) return undefined;
    await makeCurrent(trx, approved);
    return { ...approved, current: 1 };
  });
}
