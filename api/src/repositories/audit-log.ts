/** The `audit_log` table: rows written by services/audit.ts, read newest first by the Activity page. */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AuditLogTable, Database } from '../db/schema';
import { countRows, type Paging, offsetOf } from './paging';

export type AuditLogRow = Selectable<AuditLogTable>;

export async function insertAuditRow(db: Kysely<Database>, row: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

/** One page, newest first, and how many rows the whole log holds. */
export async function auditLogPage(
  db: Kysely<Database>,
  paging: Paging,
): Promise<{ rows: AuditLogRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(paging.pageSize)
      .offset(offsetOf(paging))
      .execute(),
    countRows(db, 'audit_log'),
  ]);
  return { rows, total };
}
