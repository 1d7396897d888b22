/**
 * The `follows` table (decision 039): the subjects each user follows, whose updates the digest mails them. Each
 * user's follows are written one request at a time (a lock per user), so two requests at the limit cannot both
 * pass; following twice is one follow.
 */
import type { Kysely, Selectable } from 'kysely';
import { lockForTransaction, type Dialect } from '../db/database';
import type { Database, FollowsTable } from '../db/schema';

export type FollowRow = Selectable<FollowsTable>;

/** The user's follow of the subject, made now unless it exists; 'full' when a new one would pass `max`. */
export function addFollow(
  db: Kysely<Database>,
  dialect: Dialect,
  { userId, subjectCode }: { userId: string; subjectCode: string },
  { max, nowIso }: { max: number; nowIso: string },
): Promise<FollowRow | 'full'> {
  const row: FollowRow = { user_id: userId, subject_code: subjectCode, created_at: nowIso };
  return db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, dialect, `follows:${row.user_id}`);
    const follows = await trx.selectFrom('follows').selectAll().where('user_id', '=', row.user_id).execute();
    const same = follows.find((follow) => follow.subject_code === row.subject_code);
    if (same) return same;
    if (follows.length >= max) return 'full';
    await trx.insertInto('follows').values(row).execute();
    return row;
  });
}

/**
 * Ends the user's follows of the subjects, where there are any, and drops those subjects' updates waiting for
 * their next digest, all at once.
 */
export function removeFollows(
  db: Kysely<Database>,
  userId: string,
  subjectCodes: readonly string[],
): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('follows')
      .where('user_id', '=', userId)
      .where('subject_code', 'in', subjectCodes)
      .execute();
    await trx
      .deleteFrom('digest_items')
      .where('user_id', '=', userId)
      .where('update_id', 'in', (eb) =>
        eb.selectFrom('subject_updates').select('id').where('subject_code', 'in', subjectCodes),
      )
      .execute();
  });
}

/** The user's follows, oldest first. */
export function followsOf(db: Kysely<Database>, userId: string): Promise<FollowRow[]> {
  return db
    .selectFrom('follows')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('subject_code')
    .execute();
}
