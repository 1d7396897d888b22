/**
 * The `bookmarks` table (decision 039): a user's starred subjects, units and pages. Each user's writes run one
 * at a time under a lock of their own (PostgreSQL; SQLite has one writer), so two requests at the limit cannot
 * both add one, and starring the same target twice is one bookmark (a unique index says so too).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { lockForTransaction, type Dialect } from '../db/database';
import type { BookmarksTable, Database } from '../db/schema';

export type BookmarkRow = Selectable<BookmarksTable>;

export interface NewBookmark {
  userId: string;
  subjectCode: string;
  unit: number | null;
  page: number | null;
  note: string | null;
}

/**
 * Adds a bookmark, or replaces the note of the bookmark of the same target; 'full' when the user already has
 * `max` bookmarks and this is a new one.
 */
export function saveBookmark(
  db: Kysely<Database>,
  dialect: Dialect,
  bookmark: NewBookmark,
  { max, nowIso }: { max: number; nowIso: string },
): Promise<{ bookmark: BookmarkRow; created: boolean } | 'full'> {
  const row: BookmarkRow = {
    id: randomUUID(),
    user_id: bookmark.userId,
    subject_code: bookmark.subjectCode,
    unit: bookmark.unit,
    page: bookmark.page,
    note: bookmark.note,
    created_at: nowIso,
  };
  return db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, dialect, `bookmarks:${row.user_id}`);
    const same = await trx
      .selectFrom('bookmarks')
      .selectAll()
      .where('user_id', '=', row.user_id)
      .where('subject_code', '=', row.subject_code)
      .where('unit', row.unit === null ? 'is' : '=', row.unit)
      .where('page', row.page === null ? 'is' : '=', row.page)
      .executeTakeFirst();
    if (same) {
      await trx.updateTable('bookmarks').set({ note: row.note }).where('id', '=', same.id).execute();
      return { bookmark: { ...same, note: row.note }, created: false };
    }
    const { count } = await trx
      .selectFrom('bookmarks')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('user_id', '=', row.user_id)
      .executeTakeFirstOrThrow();
    if (Number(count) >= max) return 'full';
    await trx.insertInto('bookmarks').values(row).execute();
    return { bookmark: row, created: true };
  });
}

/** The user's bookmarks, newest first. */
export function bookmarksOf(db: Kysely<Database>, userId: string): Promise<BookmarkRow[]> {
  return db
    .selectFrom('bookmarks')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Removes the user's bookmark `id`; false when they have none of that id (another user's included). */
export async function deleteBookmark(db: Kysely<Database>, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('bookmarks')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1;
}
