import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Search inside the notes (decision 038): the text of each page of every approved note file and paper, and the
 * indexing job's row per file (its state, lease and attempts). `terms` is the page's words as the search tokenizer
 * wrote them (api/src/search/tokens.ts), so both databases index the same words: SQLite through an external-content
 * FTS5 table, PostgreSQL through a generated tsvector of the `simple` configuration with a GIN index.
 */
const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;
const INDEX_STATES = ['indexing', 'indexed', 'unreadable'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const states = sql.join(INDEX_STATES.map((state) => sql.lit(state)));
  await db.schema
    .createTable('search_files')
    .addColumn('file_id', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('note', 'paper')`))
    .addColumn('state', 'text', (col) => col.notNull().check(sql`state in (${states})`))
    .addColumn('attempts', 'integer', (col) => col.notNull())
    /** While `indexing`: until when the replica that claimed it owns it. */
    .addColumn('lease_until', 'text')
    .addColumn('pages', 'integer')
    /** Why an unreadable file could not be read. */
    .addColumn('reason', 'text')
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('search_files_state')
    .on('search_files')
    .columns(['state', 'lease_until'])
    .execute();

  if (isPostgres(db)) {
    await sql`
      create table search_pages (
        id integer generated always as identity primary key,
        file_id text not null,
        page integer not null,
        text text not null,
        terms text not null,
        terms_vector tsvector generated always as (to_tsvector('simple'::regconfig, terms)) stored
      )`.execute(db);
    // A page's text and terms go out of line before its vector does: ranking reads the vector of every matching
    // page, and reading it from the row itself took a common word from 0.4 s to 0.17 s (decision 038).
    await sql`alter table search_pages alter column terms_vector set storage main`.execute(db);
    await sql`create index search_pages_terms on search_pages using gin (terms_vector)`.execute(db);
  } else {
    await db.schema
      .createTable('search_pages')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('file_id', 'text', (col) => col.notNull())
      .addColumn('page', 'integer', (col) => col.notNull())
      .addColumn('text', 'text', (col) => col.notNull())
      .addColumn('terms', 'text', (col) => col.notNull())
      .execute();
    // Diacritics stay: PostgreSQL's `simple` configuration keeps them too, so both find the same pages.
    await sql`
      create virtual table search_pages_fts using fts5(
        terms, content = 'search_pages', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 0'
      )`.execute(db);
    await sql`
      create trigger search_pages_fts_insert after insert on search_pages begin
        insert into search_pages_fts (rowid, terms) values (new.id, new.terms);
      end`.execute(db);
    await sql`
      create trigger search_pages_fts_delete after delete on search_pages begin
        insert into search_pages_fts (search_pages_fts, rowid, terms) values ('delete', old.id, old.terms);
      end`.execute(db);
  }
  await db.schema
    .createIndex('search_pages_file_page')
    .on('search_pages')
    .columns(['file_id', 'page'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) await sql`drop table search_pages_fts`.execute(db);
  await db.schema.dropTable('search_pages').execute();
  await db.schema.dropTable('search_files').execute();
}
