/** The `contact_messages` table: what users wrote on Contact, read newest first by the Messages page. */
import type { Kysely, Selectable } from 'kysely';
import type { ContactMessagesTable, Database } from '../db/schema';
import { countRows, type Paging, offsetOf } from './paging';

export type ContactMessageRow = Selectable<ContactMessagesTable>;

export async function insertContactMessage(db: Kysely<Database>, row: ContactMessageRow): Promise<void> {
  await db.insertInto('contact_messages').values(row).execute();
}

/** One page, newest first, and how many messages there are in all. */
export async function contactMessagesPage(
  db: Kysely<Database>,
  paging: Paging,
): Promise<{ rows: ContactMessageRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('contact_messages')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(paging.pageSize)
      .offset(offsetOf(paging))
      .execute(),
    countRows(db, 'contact_messages'),
  ]);
  return { rows, total };
}
