import { apiClient } from '@studyhub/shared';
import type { SyllabusEntry, SyllabusEntryBody, SyllabusSaveReply } from '@studyhub/shared/schemas';

/** PUT /api/syllabus/{id} (admins): replaces the whole entry, links included (product §7 "full entry body"). */
export async function updateSyllabus(id: string, body: SyllabusEntryBody): Promise<SyllabusEntry> {
  const { data } = await apiClient.put<SyllabusSaveReply>(`/api/syllabus/${encodeURIComponent(id)}`, body);
  return data.entry;
}
