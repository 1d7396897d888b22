import { apiClient } from '@studyhub/shared';
import type { SyllabusEntry, SyllabusEntryBody, SyllabusSaveReply } from '@studyhub/shared/schemas';

/**
 * POST /api/syllabus (admins): answers 201 with the stored entry, or 400 with a message containing "Duplicate"
 * when one exists for the same code, program, system, grading and upload type (product §4).
 */
export async function addSyllabus(body: SyllabusEntryBody): Promise<SyllabusEntry> {
  const { data } = await apiClient.post<SyllabusSaveReply>('/api/syllabus', body);
  return data.entry;
}
