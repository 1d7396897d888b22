import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/**
 * Picking up where a student left off (decision 039): each user's semester, how far they read each file, their
 * bookmarks and followed subjects, and the digest mail's state: the subject updates students can now see, the
 * ones waiting for each follower's next digest, and when each user's last digest went. Every row of a user goes
 * with the account (foreign keys, cascade). None of these is a versioned table: writing them empties no cache.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const user = (col: ColumnDefinitionBuilder) => col.notNull().references('users.id').onDelete('cascade');
  await db.schema
    .createTable('study_profiles')
    .addColumn('user_id', 'text', (col) => user(col).primaryKey())
    .addColumn('semester', 'integer')
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('reading_progress')
    .addColumn('user_id', 'text', user)
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('note', 'paper')`))
    .addColumn('file_id', 'text', (col) => col.notNull())
    .addColumn('page', 'integer', (col) => col.notNull())
    .addColumn('pages', 'integer', (col) => col.notNull())
    .addColumn('read_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('reading_progress_key', ['user_id', 'kind', 'file_id'])
    .execute();
  await db.schema
    .createIndex('reading_progress_recent')
    .on('reading_progress')
    .columns(['user_id', 'read_at'])
    .execute();

  await db.schema
    .createTable('bookmarks')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', user)
    .addColumn('subject_code', 'text', (col) => col.notNull())
    .addColumn('unit', 'integer')
    .addColumn('page', 'integer')
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  // One bookmark per target: a subject (no unit), a unit (no page) or a page of a unit.
  await sql`create unique index bookmarks_target on bookmarks (user_id, subject_code, coalesce(unit, 0), coalesce(page, 0))`.execute(
    db,
  );

  await db.schema
    .createTable('follows')
    .addColumn('user_id', 'text', user)
    .addColumn('subject_code', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('follows_key', ['user_id', 'subject_code'])
    .execute();
  await db.schema.createIndex('follows_subject').on('follows').column('subject_code').execute();

  await db.schema
    .createTable('subject_updates')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('subject_code', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('note', 'paper', 'question')`))
    .addColumn('unit', 'integer')
    .addColumn('session', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('digest_items')
    .addColumn('user_id', 'text', user)
    .addColumn('update_id', 'text', (col) =>
      col.notNull().references('subject_updates.id').onDelete('cascade'),
    )
    .addColumn('queued_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('digest_items_key', ['user_id', 'update_id'])
    .execute();
  await db.schema.createIndex('digest_items_update').on('digest_items').column('update_id').execute();
  await db.schema
    .createTable('digests')
    .addColumn('user_id', 'text', (col) => user(col).primaryKey())
    .addColumn('last_sent_at', 'text')
    /** While a replica builds and sends this user's digest: until when it is that replica's. */
    .addColumn('lease_until', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'digests',
    'digest_items',
    'subject_updates',
    'follows',
    'bookmarks',
    'reading_progress',
    'study_profiles',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
