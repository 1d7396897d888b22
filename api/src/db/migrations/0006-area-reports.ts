import type { Kysely } from 'kysely';

/**
 * What browsers report of each area version (decision 025), counted per minute so that every server process
 * adds to the same counts and the canary guard reads a window of them in one small query. Counts older than the
 * retention are deleted by the guard.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('area_reports')
    .addColumn('area', 'text', (col) => col.notNull())
    .addColumn('version', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    /** ISO-8601 start of the minute the reports arrived in. */
    .addColumn('minute', 'text', (col) => col.notNull())
    .addColumn('reports', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('area_reports_pk', ['area', 'version', 'kind', 'minute'])
    .execute();
  await db.schema.createIndex('area_reports_minute').on('area_reports').column('minute').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('area_reports').execute();
}
