/**
 * The `area_report_votes` table (decision 025): which sources (keyed hashes of senders' networks) reported each
 * kind of outcome for each version of an area, and when last. Every server process writes the same rows, so a
 * window's counts are the whole site's, and a source repeating a report still holds one vote.
 */
import { sql, type Kysely } from 'kysely';
import type { AreaName } from '@studyhub/contract';
import type { AreaReportKind } from '@studyhub/contract/schemas';
import type { Database } from '../db/schema';

/** Over a window: sources that reported a version at all (opened, failed to load, crashed), and those it failed for. */
export interface SourceCounts {
  sources: number;
  failures: number;
}

export interface AreaVote {
  area: AreaName;
  version: string;
  kind: AreaReportKind;
  source: string;
}

/** The source's vote, seen at `at`; one statement, so concurrent reports from every process never collide. */
export async function castAreaVote(db: Kysely<Database>, vote: AreaVote, at: Date): Promise<void> {
  const seenAt = at.toISOString();
  await db
    .insertInto('area_report_votes')
    .values({ ...vote, seen_at: seenAt })
    .onConflict((conflict) =>
      conflict.columns(['area', 'version', 'kind', 'source']).doUpdateSet({ seen_at: seenAt }),
    )
    .execute();
}

/**
 * Each version's distinct sources since `since`, counted by the database; versions without votes count zero. A
 * source that reported only a crash counts as one that opened the version too (a real page sends `ok` first), so
 * failures (`load` or `render`) are never more than the sources.
 */
export async function areaSourceCounts(
  db: Kysely<Database>,
  area: AreaName,
  versions: readonly string[],
  since: Date,
): Promise<Map<string, SourceCounts>> {
  const counts = new Map(versions.map((version) => [version, { sources: 0, failures: 0 }]));
  if (versions.length === 0) return counts;
  const rows = await db
    .selectFrom('area_report_votes')
    .select([
      'version',
      sql<number | string>`count(distinct source)`.as('sources'),
      sql<number | string>`count(distinct case when kind in ('load', 'render') then source end)`.as(
        'failures',
      ),
    ])
    .where('area', '=', area)
    .where('version', 'in', versions)
    .where('seen_at', '>=', since.toISOString())
    .groupBy('version')
    .execute();
  // PostgreSQL counts arrive as text.
  for (const row of rows)
    counts.set(row.version, { sources: Number(row.sources), failures: Number(row.failures) });
  return counts;
}

/** Drops the votes last seen before `before`. */
export async function deleteAreaVotesBefore(db: Kysely<Database>, before: Date): Promise<void> {
  await db.deleteFrom('area_report_votes').where('seen_at', '<', before.toISOString()).execute();
}
