/**
 * The `note_files` table: one row per uploaded PDF; a unit's newest approved file is `current = 1`, older ones stay
 * as history under a partial unique index (decision 006). A teacher's upload waits as `pending` until an admin
 * approves or rejects it, or it expires (decision 026); students only ever see current, approved files.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import { isUniqueViolation, lockForTransaction, type Dialect } from '../db/database';
import type { Database, NoteFilesTable } from '../db/schema';
import { offsetOf, type Paging } from './paging';

export type NoteRow = Selectable<NoteFilesTable>;

const UNIQUE_RETRIES = 3;

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

/**
 * Runs `work` in a transaction that writes note files. Two uploads of the same unit at once meet at the unique
 * index: the later one runs again and wins. The lock per unit in addCurrentNoteFile queues them first: without
 * it, several at once on PostgreSQL each lost to the unique index round after round and ran out of retries (a 500).
 */
export async function inNoteFilesTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= UNIQUE_RETRIES || !isUniqueViolation(error)) throw error;
    }
  }
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
  return inNoteFilesTransaction(db, (trx) => addCurrentNoteFile(trx, dialect, row));
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

export function findNoteFile(db: Kysely<Database>, id: string): Promise<NoteRow | undefined> {
  return db.selectFrom('note_files').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A teacher's upload, waiting for review; not current, so nobody but its uploader and the admins sees it. */
export async function insertPendingNoteFile(trx: Transaction<Database>, row: NoteRow): Promise<void> {
  await trx
    .insertInto('note_files')
    .values({ ...row, state: 'pending', current: 0, published_at: null })
    .execute();
}

/** One uploader's uploads are counted and added one at a time, so two at once cannot both pass a cap. */
export function lockUploader(
  trx: Transaction<Database>,
  dialect: Dialect,
  uploaderId: string,
): Promise<void> {
  return lockForTransaction(trx, dialect, `note_uploads:${uploaderId}`);
}

/** How many uploads an uploader has waiting, and how many they made since `sinceIso` (the oldest of those). */
export async function uploaderCounts(
  db: Kysely<Database>,
  uploaderId: string,
  sinceIso: string,
): Promise<{ pending: number; recent: number; oldestRecent: string | null }> {
  const [pending, recent] = await Promise.all([
    db
      .selectFrom('note_files')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('uploaded_by', '=', uploaderId)
      .where('state', '=', 'pending')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('note_files')
      .select((eb) => [eb.fn.countAll().as('count'), eb.fn.min('uploaded_at').as('oldest')])
      .where('uploaded_by', '=', uploaderId)
      .where('uploaded_at', '>', sinceIso)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    pending: Number(pending.count),
    recent: Number(recent.count),
    oldestRecent: (recent.oldest as string | null) ?? null,
  };
}

export interface Decision {
  by: string;
  atIso: string;
  /** Uploads made at or before this have expired, decided or not yet swept (decision 026). */
  expiredAtOrBefore: string;
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
    const approved = await trx
      .updateTable('note_files')
      .set({
        state: 'approved',
        decided_by: decision.by,
        decided_at: decision.atIso,
        published_at: decision.atIso,
      })
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .where('uploaded_at', '>', decision.expiredAtOrBefore)
      .returningAll()
      .executeTakeFirst();
    if (!approved) return undefined;
    await makeCurrent(trx, approved);
    return { ...approved, current: 1 };
  });
}

/** Rejects a pending, unexpired upload; nothing comes back when it was not (anymore) pending. */
export function rejectPendingNoteFile(
  db: Kysely<Database>,
  id: string,
  decision: Decision & { reason: string },
): Promise<NoteRow | undefined> {
  return db
    .updateTable('note_files')
    .set({ state: 'rejected', decided_by: decision.by, decided_at: decision.atIso, reason: decision.reason })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .where('uploaded_at', '>', decision.expiredAtOrBefore)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Expires every pending upload made at or before `expiredAtOrBefore` and answers the rows it changed. Several
 * processes may sweep at once: they take turns (PostgreSQL: an advisory lock, so no two updates lock the same rows
 * in different orders; SQLite: one writer), and each row changes, and is answered, in exactly one of them.
 */
export function expirePendingNoteFiles(
  db: Kysely<Database>,
  dialect: Dialect,
  expiredAtOrBefore: string,
  atIso: string,
): Promise<NoteRow[]> {
  return db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, dialect, 'note_files:expiry');
    return trx
      .updateTable('note_files')
      .set({ state: 'expired', decided_at: atIso })
      .where('state', '=', 'pending')
      .where('uploaded_at', '<=', expiredAtOrBefore)
      .returningAll()
      .execute();
  });
}

/** One page of the note files a filter picks, ordered by upload time, and how many it picks in all. */
async function noteFilesPage(
  db: Kysely<Database>,
  pick: { column: 'state' | 'uploaded_by'; value: string },
  order: 'asc' | 'desc',
  paging: Paging,
): Promise<{ rows: NoteRow[]; total: number }> {
  const picked = db.selectFrom('note_files').where(pick.column, '=', pick.value);
  const [rows, { total }] = await Promise.all([
    picked
      .selectAll()
      .orderBy('uploaded_at', order)
      .orderBy('id')
      .limit(paging.pageSize)
      .offset(offsetOf(paging))
      .execute(),
    picked.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total) };
}

/** The review queue, a page at a time: pending uploads, oldest first. */
export function pendingNoteFilesPage(db: Kysely<Database>, paging: Paging) {
  return noteFilesPage(db, { column: 'state', value: 'pending' }, 'asc', paging);
}

/** One uploader's uploads, newest first, a page at a time. */
export function noteFilesOfUploaderPage(db: Kysely<Database>, uploaderId: string, paging: Paging) {
  return noteFilesPage(db, { column: 'uploaded_by', value: uploaderId }, 'desc', paging);
}
