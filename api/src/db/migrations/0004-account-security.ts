import { sql, type Kysely } from 'kysely';

/**
 * Account hardening (docs/security.md items 35, 36, 38, 41): sign-ups wait in `registrations` until their code
 * is verified, with the password each registration chose; per-recipient mail quotas; revoked session ids; and
 * the account each login-throttle row belongs to, so a password reset can clear them all.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('registrations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('code_expires_at', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('registrations_email').on('registrations').column('email').execute();
  await db.schema.createIndex('registrations_expires_at').on('registrations').column('expires_at').execute();

  await db.schema
    .createTable('mail_quota')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('sends', 'integer', (col) => col.notNull())
    .addColumn('window_started_at', 'text', (col) => col.notNull())
    .addColumn('last_sent_at', 'text')
    .addColumn('blocked_until', 'text')
    .execute();

  await db.schema
    .createTable('revoked_sessions')
    .addColumn('jti', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('revoked_sessions_expires_at')
    .on('revoked_sessions')
    .column('expires_at')
    .execute();

  await db.schema.alterTable('login_throttle').addColumn('account', 'text').execute();
  await db.schema.createIndex('login_throttle_account').on('login_throttle').column('account').execute();

  // Accounts nobody verified were made under the old rules, where the first registrant's password won; their
  // owners register again (a new code is all it takes). Their codes and reset links go with them (cascade).
  await sql`delete from users where is_verified = 0`.execute(db);
  await db.schema.dropTable('otp_codes').execute();
  // Every account is verified now: an unverified one never exists.
  await db.schema.alterTable('users').dropColumn('is_verified').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('is_verified', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.dropIndex('login_throttle_account').execute();
  await db.schema.alterTable('login_throttle').dropColumn('account').execute();
  for (const table of ['revoked_sessions', 'mail_quota', 'registrations']) {
    await db.schema.dropTable(table).execute();
  }
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
}
