import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * A version per cached dataset (api/src/services/read-cache.ts): `notes` (note_files, behind GET /api/notes/recent) and `syllabus`
 * (syllabus_entries, behind GET /api/syllabus). Triggers bump it inside every statement that writes either table,
 * so the bump commits or rolls back with the write itself, whichever code path (or operator) made it; a server
 * reads the version on each request and serves its cached reply only while the version is the one it cached.
 */
const DATASETS = [
  ['notes', 'note_files'],
  ['syllabus', 'syllabus_entries'],
] as const;
const EVENTS = ['insert', 'update', 'delete'] as const;

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_versions')
    .addColumn('dataset', 'text', (col) => col.primaryKey())
    .addColumn('version', 'integer', (col) => col.notNull())
    .execute();
  for (const [dataset] of DATASETS) {
    // A random start (room for a billion writes below the integer limit): a database made anew while servers
    // run does not give back versions they may still hold replies for.
    const start = 1 + Math.floor(Math.random() * 2 ** 30);
    await sql`insert into content_versions (dataset, version) values (${dataset}, ${start})`.execute(db);
  }
  if (isPostgres(db)) {
    // The function finds content_versions in the schema it was created in, whatever the search_path of the
    // session that writes (an operator's psql included).
    await sql`
      create function bump_content_version() returns trigger language plpgsql set search_path from current as $$
      begin
        update content_versions set version = version + 1 where dataset = tg_argv[0];
        return null;
      end $$`.execute(db);
    for (const [dataset, table] of DATASETS) {
      await sql`
        create trigger ${sql.id(`${table}_bump_version`)}
        after insert or update or delete on ${sql.table(table)}
        for each row execute procedure bump_content_version(${sql.lit(dataset)})`.execute(db);
    }
    return;
  }
  for (const [dataset, table] of DATASETS) {
    for (const event of EVENTS) {
      await sql`
        create trigger ${sql.id(`${table}_bump_version_${event}`)}
        after ${sql.raw(event)} on ${sql.table(table)}
        begin
          update content_versions set version = version + 1 where dataset = ${sql.lit(dataset)};
        end`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const [, table] of DATASETS) {
      await sql`drop trigger ${sql.id(`${table}_bump_version`)} on ${sql.table(table)}`.execute(db);
    }
    await sql`drop function bump_content_version()`.execute(db);
  } else {
    for (const [, table] of DATASETS) {
      for (const event of EVENTS)
        await sql`drop trigger ${sql.id(`${table}_bump_version_${event}`)}`.execute(db);
    }
  }
  await db.schema.dropTable('content_versions').execute();
}
