import type { Kysely } from 'kysely';

/** Syllabus entries; one per code, program, system, grading and upload type (the admin form merges into it). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('syllabus_entries')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('program', 'text', (col) => col.notNull())
    .addColumn('system', 'text', (col) => col.notNull())
    .addColumn('grading', 'text', (col) => col.notNull())
    .addColumn('upload_type', 'text', (col) => col.notNull())
    .addColumn('pdfs', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('syllabus_entries_key', ['code', 'program', 'system', 'grading', 'upload_type'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('syllabus_entries').execute();
}
