/**
 * How the API shows and reads a syllabus entry (product §7): the stored row as the entry the pages read, and an
 * admin's validated entry as the columns stored.
 */
import type { z } from 'zod';
import type { SyllabusEntry, syllabusEntryBody } from '@studyhub/contract/schemas';
import type { SyllabusColumns, SyllabusRow } from '../repositories/syllabus-entries';

export function toEntry(row: SyllabusRow): SyllabusEntry {
  return {
    _id: row.id,
    name: row.name,
    code: row.code,
    program: row.program,
    system: row.system,
    grading: row.grading,
    uploadType: row.upload_type,
    pdfs: JSON.parse(row.pdfs) as Record<string, string>,
    createdAt: row.created_at,
  };
}

/** The stored columns of a validated entry body. */
export function columnsOf(body: z.output<typeof syllabusEntryBody>): SyllabusColumns {
  return {
    name: body.name,
    code: body.code,
    program: body.program,
    system: body.system,
    grading: body.grading,
    upload_type: body.uploadType,
    pdfs: JSON.stringify(body.pdfs),
  };
}
