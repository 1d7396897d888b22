/**
 * The `syllabus_entries` table (decision 007): unique per code, program, system, grading and upload type, which
 * the database enforces; callers turn its refusal into the "Duplicate" reply.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, SyllabusEntriesTable } from '../db/schema';

export type SyllabusRow = Selectable<SyllabusEntriesTable>;
/** The columns a client may set; ids and times are the server's. */
export type SyllabusColumns = Omit<SyllabusRow, 'id' | 'created_at' | 'updated_at'>;
/** Column filters of the list; an undefined value filters nothing. */
export type SyllabusFilters = readonly {
  [Column in FilterColumn]: readonly [Column, SyllabusRow[Column] | undefined];
}[FilterColumn][];
type FilterColumn = 'program' | 'system' | 'grading' | 'code' | 'upload_type';

export function listSyllabusEntries(db: Kysely<Database>, filters: SyllabusFilters): Promise<SyllabusRow[]> {
  let select = db.selectFrom('syllabus_entries').selectAll();
  for (const [column, value] of filters) {
    if (value !== undefined) select = select.where(column, '=', value);
  }
  return select.orderBy('name').orderBy('created_at').execute();
}

/** Throws the database's unique violation for a duplicate (isUniqueViolation). */
export async function insertSyllabusEntry(db: Kysely<Database>, row: SyllabusRow): Promise<void> {
  await db.insertInto('syllabus_entries').values(row).execute();
}

/** A new entry of these columns, created `at`; throws the unique violation for a duplicate. */
export async function addSyllabusEntry(
  db: Kysely<Database>,
  columns: SyllabusColumns,
  at: Date,
): Promise<SyllabusRow> {
  const now = at.toISOString();
  const row = { id: randomUUID(), ...columns, created_at: now, updated_at: now };
  await insertSyllabusEntry(db, row);
  return row;
}

/** The updated row, or nothing when no entry has this id; throws the unique violation for a duplicate. */
export function updateSyllabusEntry(
  db: Kysely<Database>,
  id: string,
  columns: SyllabusColumns,
  nowIso: string,
): Promise<SyllabusRow | undefined> {
  return db
    .updateTable('syllabus_entries')
    .set({ ...columns, updated_at: nowIso })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** RETURNING takes the row in the same statement, so the caller knows exactly what was removed. */
export function deleteSyllabusEntry(db: Kysely<Database>, id: string): Promise<SyllabusRow | undefined> {
  return db.deleteFrom('syllabus_entries').where('id', '=', id).returningAll().executeTakeFirst();
}

/** Case and spacing do not make two entries different (the unique index only sees exact text). */
function normalisedKey(row: SyllabusRow): string {
  return [row.name, row.code, row.program, row.system, row.grading, row.upload_type]
    .map((part) => part.trim().replace(/\s+/g, ' ').toLowerCase())
    .join('|');
}

/**
 * Merges entries that are the same once case and spacing are ignored, in one transaction: the oldest survives,
 * semesters it lacks are filled from the duplicates, the rest are deleted. Returns how many were deleted.
 */
export function removeDuplicateSyllabusEntries(db: Kysely<Database>, clock: () => Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('syllabus_entries')
      .selectAll()
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const keep = new Map<string, { row: SyllabusRow; pdfs: Record<string, string>; changed: boolean }>();
    const doomed: string[] = [];
    for (const row of rows) {
      const key = normalisedKey(row);
      const kept = keep.get(key);
      if (!kept) {
        keep.set(key, { row, pdfs: JSON.parse(row.pdfs) as Record<string, string>, changed: false });
        continue;
      }
      for (const [semester, link] of Object.entries(JSON.parse(row.pdfs) as Record<string, string>)) {
        if (!kept.pdfs[semester]) {
          kept.pdfs[semester] = link;
          kept.changed = true;
        }
      }
      doomed.push(row.id);
    }
    for (const { row, pdfs, changed } of keep.values()) {
      if (changed) {
        await trx
          .updateTable('syllabus_entries')
          .set({ pdfs: JSON.stringify(pdfs), updated_at: clock().toISOString() })
          .where('id', '=', row.id)
          .execute();
      }
    }
    if (doomed.length > 0) await trx.deleteFrom('syllabus_entries').where('id', 'in', doomed).execute();
    return doomed.length;
  });
}
