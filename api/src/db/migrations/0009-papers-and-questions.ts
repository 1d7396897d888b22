import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Previous-year question papers and important questions (decision 034): two more kinds of upload beside
 * note_files, with the same review states and the same trigger that keeps a decision (migration 0007), and the same
 * content-version triggers (migration 0005), so every write to them bumps the `notes` dataset the availability read
 * is kept under.
 */
const STATES = ['pending', 'approved', 'rejected', 'expired'] as const;
const TABLES = ['question_papers', 'important_questions'] as const;
const EVENTS = ['insert', 'update', 'delete'] as const;
const DECIDED_MESSAGE = 'a decided upload keeps its state';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  const allowed = sql.join(STATES.map((state) => sql.lit(state)));
  const stateCheck = sql`state in (${allowed})`;

  await db.schema
    .createTable('question_papers')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('subject_code', 'text', (col) => col.notNull())
    .addColumn('session_year', 'integer', (col) => col.notNull())
    /** 1–12. */
    .addColumn('session_month', 'integer', (col) => col.notNull())
    /** A label ("2019 scheme"), not part of what identifies the paper. */
    .addColumn('scheme', 'text')
    .addColumn('storage_name', 'text', (col) => col.notNull().unique())
    .addColumn('original_name', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('uploaded_by', 'text')
    .addColumn('uploaded_at', 'text', (col) => col.notNull())
    .addColumn('current', 'integer', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull().check(stateCheck))
    .addColumn('published_at', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('reason', 'text')
    .execute();
  // One current paper per subject and session; a newer one makes the one before it history (as a unit's notes).
  await db.schema
    .createIndex('question_papers_current_session')
    .on('question_papers')
    .columns(['subject_code', 'session_year', 'session_month'])
    .unique()
    .where(sql.ref('current'), '=', 1)
    .execute();

  await db.schema
    .createTable('important_questions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('subject_code', 'text', (col) => col.notNull())
    .addColumn('unit', 'integer', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('marks', 'integer')
    /** JSON text: the sessions it was asked in, newest first (`["May 2024","Dec 2023"]`). */
    .addColumn('asked_in', 'text', (col) => col.notNull())
    /** How many sessions asked it, and the newest of them as `YYYY-MM` (null if none): students' order. */
    .addColumn('asked_count', 'integer', (col) => col.notNull())
    .addColumn('last_asked', 'text')
    .addColumn('uploaded_by', 'text')
    .addColumn('uploaded_at', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull().check(stateCheck))
    .addColumn('published_at', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('reason', 'text')
    .execute();
  await db.schema
    .createIndex('important_questions_subject')
    .on('important_questions')
    .columns(['subject_code', 'state', 'unit'])
    .execute();

  // The review queue and My uploads read each table by state or uploader, in upload order (as note_files).
  for (const table of TABLES) {
    await db.schema
      .createIndex(`${table}_state_uploaded_at`)
      .on(table)
      .columns(['state', 'uploaded_at'])
      .execute();
    await db.schema
      .createIndex(`${table}_uploader`)
      .on(table)
      .columns(['uploaded_by', 'uploaded_at'])
      .execute();
  }

  if (isPostgres(db)) {
    await sql`
      create function upload_keeps_decision() returns trigger language plpgsql as $$
      begin
        if old.state <> new.state and old.state <> 'pending' then
          raise exception '%: ${sql.raw(DECIDED_MESSAGE)} (% to %)', tg_table_name, old.state, new.state;
        end if;
        return new;
      end $$`.execute(db);
    for (const table of TABLES) {
      await sql`
        create trigger ${sql.id(`${table}_keep_decision`)} before update of state on ${sql.table(table)}
        for each row execute procedure upload_keeps_decision()`.execute(db);
      // bump_content_version() is migration 0005's.
      await sql`
        create trigger ${sql.id(`${table}_bump_version`)}
        after insert or update or delete on ${sql.table(table)}
        for each row execute procedure bump_content_version('notes')`.execute(db);
    }
    return;
  }
  for (const table of TABLES) {
    await sql`
      create trigger ${sql.id(`${table}_keep_decision`)} before update of state on ${sql.table(table)}
      when old.state <> new.state and old.state <> 'pending'
      begin
        select raise(abort, ${sql.lit(`${table}: ${DECIDED_MESSAGE}`)});
      end`.execute(db);
    for (const event of EVENTS) {
      await sql`
        create trigger ${sql.id(`${table}_bump_version_${event}`)}
        after ${sql.raw(event)} on ${sql.table(table)}
        begin
          update content_versions set version = version + 1 where dataset = 'notes';
        end`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Dropping a table drops its indexes and triggers.
  for (const table of TABLES) await db.schema.dropTable(table).execute();
  if (isPostgres(db)) await sql`drop function upload_keeps_decision()`.execute(db);
}
