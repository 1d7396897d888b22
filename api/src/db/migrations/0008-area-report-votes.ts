import type { Kysely } from 'kysely';

/**
 * Area reports become votes (decision 025): one row per area, version, kind and source (a keyed hash of the
 * sender's network), holding when that source last reported it. The canary guard counts distinct sources over its
 * window, so one party repeating a report adds nothing. The per-minute counts this replaces are dropped: they
 * cannot be split into sources, and the guard looks back minutes only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('area_reports').execute();
  await db.schema
    .createTable('area_report_votes')
    .addColumn('area', 'text', (col) => col.notNull())
    .addColumn('version', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    /** HMAC of the sender's network prefix (lib/network-prefix.ts), keyed with the server secret. */
    .addColumn('source', 'text', (col) => col.notNull())
    /** ISO-8601 time of the source's latest report of this kind. */
    .addColumn('seen_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('area_report_votes_pk', ['area', 'version', 'kind', 'source'])
    .execute();
  await db.schema
    .createIndex('area_report_votes_seen_at')
    .on('area_report_votes')
    .column('seen_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('area_report_votes').execute();
  await db.schema
    .createTable('area_reports')
    .addColumn('area', 'text', (col) => col.notNull())
    .addColumn('version', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('minute', 'text', (col) => col.notNull())
    .addColumn('reports', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('area_reports_pk', ['area', 'version', 'kind', 'minute'])
    .execute();
  await db.schema.createIndex('area_reports_minute').on('area_reports').column('minute').execute();
}
