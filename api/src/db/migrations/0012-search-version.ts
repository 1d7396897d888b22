import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * A `search` version in content_versions (migration 0005), so search replies can be kept like the hot reads
 * (services/read-cache.ts): what a search finds changes when pages are indexed or dropped, and when a note file or
 * paper changes state (approved, replaced), so writes to those three tables bump it.
 */
const TABLES = ['search_pages', 'note_files', 'question_papers'] as const;
const EVENTS = ['insert', 'update', 'delete'] as const;

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  // A random start, as migration 0005 explains.
  const start = 1 + Math.floor(Math.random() * 2 ** 30);
  await sql`insert into content_versions (dataset, version) values ('search', ${start})`.execute(db);
  if (isPostgres(db)) {
    for (const table of TABLES) {
      // A file's pages are written a statement at a time: one bump per statement, not one per page.
      await sql`
        create trigger ${sql.id(`${table}_bump_search_version`)}
        after insert or update or delete on ${sql.table(table)}
        for each statement execute procedure bump_content_version('search')`.execute(db);
    }
    return;
  }
  for (const table of TABLES) {
    for (const event of EVENTS) {
      await sql`
        create trigger ${sql.id(`${table}_bump_search_version_${event}`)}
        after ${sql.raw(event)} on ${sql.table(table)}
        begin
          update content_versions set version = version + 1 where dataset = 'search';
        end`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    if (isPostgres(db)) {
      await sql`drop trigger ${sql.id(`${table}_bump_search_version`)} on ${sql.table(table)}`.execute(db);
      continue;
    }
    for (const event of EVENTS)
      await sql`drop trigger ${sql.id(`${table}_bump_search_version_${event}`)}`.execute(db);
  }
  await sql`delete from content_versions where dataset = 'search'`.execute(db);
}
