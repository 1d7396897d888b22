import { sql, type Kysely } from 'kysely';

/** Uploaded note PDFs; at most one current file per branch, subject and unit. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('note_files')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('branch', 'text', (col) => col.notNull())
    .addColumn('year', 'integer', (col) => col.notNull())
    .addColumn('semester', 'integer', (col) => col.notNull())
    .addColumn('subject_code', 'text', (col) => col.notNull())
    .addColumn('unit', 'integer', (col) => col.notNull())
    .addColumn('storage_name', 'text', (col) => col.notNull().unique())
    .addColumn('original_name', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('uploaded_by', 'text')
    .addColumn('uploaded_at', 'text', (col) => col.notNull())
    .addColumn('current', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('note_files_current_unit')
    .on('note_files')
    .columns(['branch', 'subject_code', 'unit'])
    .unique()
    .where(sql.ref('current'), '=', 1)
    .execute();
  await db.schema.createIndex('note_files_uploaded_at').on('note_files').column('uploaded_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('note_files').execute();
}
