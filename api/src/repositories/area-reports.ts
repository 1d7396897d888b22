/**
 * The `area_reports` table: how many browsers reported each kind of outcome for each version of an area, per
 * minute (decision 025). Every server process adds to the same rows, so a window's counts are the whole site's.
 */
import { sql, type Kysely } from 'kysely';
import type { AreaName } from '@studyhub/contract';
import { AREA_REPORT_KINDS, type AreaReport, type AreaReportKind } from '@studyhub/contract/schemas';
import type { Database } from '../db/schema';

export type AreaReportCounts = Record<AreaReportKind, number>;

const MINUTE_MS = 60_000;

/** The start of the minute `at` falls in, as the table stores it. */
export const minuteOf = (at: Date): string =>
  new Date(Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS).toISOString();

/** One report more for its area, version and kind in the minute of `at`; one statement, so none is lost in a race. */
export async function countAreaReport(db: Kysely<Database>, report: AreaReport, at: Date): Promise<void> {
  await db
    .insertInto('area_reports')
    .values({ ...report, minute: minuteOf(at), reports: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['area', 'version', 'kind', 'minute'])
        .doUpdateSet({ reports: sql<number>`area_reports.reports + 1` }),
    )
    .execute();
}

/** Each version's counts in the minutes from the one `since` falls in; versions without reports count zero. */
export async function areaReportCounts(
  db: Kysely<Database>,
  area: AreaName,
  versions: readonly string[],
  since: Date,
): Promise<Map<string, AreaReportCounts>> {
  const counts = new Map(
    versions.map((version) => [
      version,
      Object.fromEntries(AREA_REPORT_KINDS.map((kind) => [kind, 0])) as AreaReportCounts,
    ]),
  );
  if (versions.length === 0) return counts;
  const rows = await db
    .selectFrom('area_reports')
    .select(['version', 'kind', (eb) => eb.fn.sum<number | string>('reports').as('reports')])
    .where('area', '=', area)
    .where('version', 'in', versions)
    .where('minute', '>=', minuteOf(since))
    .groupBy(['version', 'kind'])
    .execute();
  // PostgreSQL sums arrive as text.
  for (const row of rows) counts.get(row.version)![row.kind] = Number(row.reports);
  return counts;
}

/** Drops the counts of minutes before `before`. */
export async function deleteAreaReportsBefore(db: Kysely<Database>, before: Date): Promise<void> {
  await db.deleteFrom('area_reports').where('minute', '<', minuteOf(before)).execute();
}
