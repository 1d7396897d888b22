import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The upload review queue (decision 026). Every note file has a state: `approved` (what students see;
 * every file before this migration), or, for a teacher's upload, `pending` until an admin approves or rejects it
 * or it expires. A trigger keeps the state machine in the database itself: a decided upload keeps its state, so
 * no code path (or operator) can move it back to pending or from one decision to another.
 */
const STATES = ['pending', 'approved', 'rejected', 'expired'] as const;
const DECIDED_MESSAGE = 'note_files: a decided upload keeps its state';

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  const allowed = sql.join(STATES.map((state) => sql.lit(state)));
  await db.schema
    .alterTable('note_files')
    .addColumn('state', 'text', (col) =>
      col
        .notNull()
        .defaultTo('approved')
        .check(sql`state in (${allowed})`),
    )
    .execute();
  /** When students could first see it (Home lists the newest first); null until approved. */
  await db.schema.alterTable('note_files').addColumn('published_at', 'text').execute();
  await db.schema.alterTable('note_files').addColumn('decided_by', 'text').execute();
  await db.schema.alterTable('note_files').addColumn('decided_at', 'text').execute();
  /** Why an admin rejected it, shown to the uploader. */
  await db.schema.alterTable('note_files').addColumn('reason', 'text').execute();
  await sql`update note_files set published_at = uploaded_at`.execute(db);

  await db.schema.createIndex('note_files_published_at').on('note_files').column('published_at').execute();
  await db.schema
    .createIndex('note_files_state_uploaded_at')
    .on('note_files')
    .columns(['state', 'uploaded_at'])
    .execute();
  await db.schema
    .createIndex('note_files_uploader')
    .on('note_files')
    .columns(['uploaded_by', 'uploaded_at'])
    .execute();

  if (isPostgres(db)) {
    await sql`
      create function note_files_keep_decision() returns trigger language plpgsql as $$
      begin
        if old.state <> new.state and old.state <> 'pending' then
          raise exception '${sql.raw(DECIDED_MESSAGE)} (% to %)', old.state, new.state;
        end if;
        return new;
      end $$`.execute(db);
    await sql`
      create trigger note_files_keep_decision before update of state on note_files
      for each row execute procedure note_files_keep_decision()`.execute(db);
    return;
  }
  await sql`
    create trigger note_files_keep_decision before update of state on note_files
    when old.state <> new.state and old.state <> 'pending'
    begin
      select raise(abort, ${sql.lit(DECIDED_MESSAGE)});
    end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger note_files_keep_decision on note_files`.execute(db);
    await sql`drop function note_files_keep_decision()`.execute(db);
  } else {
    await sql`drop trigger note_files_keep_decision`.execute(db);
  }
  for (const index of ['note_files_published_at', 'note_files_state_uploaded_at', 'note_files_uploader']) {
    await db.schema.dropIndex(index).execute();
  }
  for (const column of ['reason', 'decided_at', 'decided_by', 'published_at', 'state']) {
    await db.schema.alterTable('note_files').dropColumn(column).execute();
  }
}
