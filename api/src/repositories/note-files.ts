/**
 * The `note_files` table: one row per uploaded PDF; a unit's newest is `current = 1`, older ones stay as history
 * under a partial unique index (decision 006).
 */
import type { Kysely, Selectable } from 'kysely';
import { isUniqueViolation, lockForTransaction, type Dialect } from '../db/database';
import type { Database, NoteFilesTable } from '../db/schema';

export type NoteRow = Selectable<NoteFilesTable>;

const UNIQUE_RETRIES = 3;

/**
 * Makes `row` its unit's current file; the previous one stays as history. Two uploads of the same unit at once
 * meet at the unique index: the later one retries and wins. A lock per unit queues them first: without it,
 * several at once on PostgreSQL each lost to the unique index round after round and ran out of retries (a 500).
 */
export async function insertCurrentNoteFile(
  db: Kysely<Database>,
  dialect: Dialect,
  row: NoteRow,
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.transaction().execute(async (trx) => {
        await lockForTransaction(trx, dialect, `note_files:${row.branch}:${row.subject_code}:${row.unit}`);
        await trx
          .updateTable('note_files')
          .set({ current: 0 })
          .where('branch', '=', row.branch)
          .where('subject_code', '=', row.subject_code)
          .where('unit', '=', row.unit)
          .where('current', '=', 1)
          .execute();
        await trx.insertInto('note_files').values(row).execute();
      });
      return;
    } catch (error) {
      if (attempt >= UNIQUE_RETRIES || !isUniqueViolation(error)) throw error;
    }
  }
}

/** The newest current files, newest first (Home's recent uploads). */
export function recentCurrentNoteFiles(db: Kysely<Database>, limit: number): Promise<NoteRow[]> {
  return db
    .selectFrom('note_files')
    .selectAll()
    .where('current', '=', 1)
    .orderBy('uploaded_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** A subject's current file per unit, by unit. */
export function currentNoteFilesOfSubject(
  db: Kysely<Database>,
  branch: string,
  subjectCode: string,
): Promise<NoteRow[]> {
  return db
    .selectFrom('note_files')
    .selectAll()
    .where('current', '=', 1)
    .where('branch', '=', branch)
    .where('subject_code', '=', subjectCode)
    .orderBy('unit')
    .execute();
}

/** The current file a download path names, or nothing. */
export function findCurrentNoteFile(
  db: Kysely<Database>,
  unit: { branch: string; year: number; semester: number; subjectCode: string; unit: number },
): Promise<NoteRow | undefined> {
  return db
    .selectFrom('note_files')
    .selectAll()
    .where('current', '=', 1)
    .where('branch', '=', unit.branch)
    .where('subject_code', '=', unit.subjectCode)
    .where('unit', '=', unit.unit)
    .where('semester', '=', unit.semester)
    .where('year', '=', unit.year)
    .executeTakeFirst();
}
