/** The `study_profiles` table (decision 039): the semester each user's Home starts with. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export async function semesterOf(db: Kysely<Database>, userId: string): Promise<number | null> {
  const row = await db
    .selectFrom('study_profiles')
    .select('semester')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.semester ?? null;
}

export async function saveSemester(
  db: Kysely<Database>,
  userId: string,
  semester: number,
  nowIso: string,
): Promise<void> {
  await db
    .insertInto('study_profiles')
    .values({ user_id: userId, semester, updated_at: nowIso })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ semester, updated_at: nowIso }))
    .execute();
}
