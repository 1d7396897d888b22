import { apiPost } from '@studyhub/shared';
import { syllabusSaveReply, type SyllabusEntry, type SyllabusEntryBody } from '@studyhub/contract/schemas';

/**
 * POST /api/syllabus (admins): answers 201 with the stored entry, or 400 with a message containing "Duplicate"
 * when one exists for the same code, program, system, grading and upload type (product §4).
 */
export async function addSyllabus(body: SyllabusEntryBody): Promise<SyllabusEntry> {
  return (await apiPost('/api/syllabus', body, __STUDYHUB_CHECK_REPLIES__ && syllabusSaveReply)).entry;
}
