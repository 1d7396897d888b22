import { PostgresAdapter, type Kysely } from 'kysely';

/** Accounts, one-time codes, reset links, login throttling, contact messages and the audit log. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('google_sub', 'text', (col) => col.unique())
    .addColumn('role', 'text', (col) => col.notNull().defaultTo('student'))
    .addColumn('is_verified', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_google', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('token_version', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('otp_codes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('consumed_at', 'text')
    .addColumn('sent_at', 'text', (col) => col.notNull())
    .addColumn('resends', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('blocked_until', 'text')
    .addUniqueConstraint('otp_codes_user_purpose', ['user_id', 'purpose'])
    .execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('failures', 'integer', (col) => col.notNull())
    .addColumn('window_started_at', 'text', (col) => col.notNull())
    .addColumn('locked_until', 'text')
    .execute();

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text')
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  // An auto-incrementing id is the one place the dialects differ; it keeps audit order exact.
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('audit_log')
    .addColumn('id', isPostgres ? 'serial' : 'integer', (col) =>
      isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('at', 'text', (col) => col.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('target', 'text')
    .addColumn('ip', 'text')
    .addColumn('details', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'audit_log',
    'contact_messages',
    'login_throttle',
    'password_resets',
    'otp_codes',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
