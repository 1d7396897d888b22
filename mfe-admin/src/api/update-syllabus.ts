import { apiPut } from '@studyhub/shared';
import { syllabusSaveReply, type SyllabusEntry, type SyllabusEntryBody } from '@studyhub/contract/schemas';

/** PUT /api/syllabus/{id} (admins): replaces the whole entry, links included (product §7 "full entry body"). */
export async function updateSyllabus(id: string, body: SyllabusEntryBody): Promise<SyllabusEntry> {
  const url = `/api/syllabus/${encodeURIComponent(id)}`;
  return (await apiPut(url, body, __STUDYHUB_CHECK_REPLIES__ && syllabusSaveReply)).entry;
}
