/** What the paged admin lists share: the offset of a page and the size of the whole table. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface Paging {
  page: number;
  pageSize: number;
}

export const offsetOf = ({ page, pageSize }: Paging) => (page - 1) * pageSize;

/** Rows in a whole table (what a paged list says it holds); PostgreSQL counts arrive as text. */
export async function countRows(
  db: Kysely<Database>,
  table: 'audit_log' | 'contact_messages',
): Promise<number> {
  const { total } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
}
