import { apiClient } from '@studyhub/shared';
import type { SyllabusCleanupReply } from '@studyhub/shared/schemas';

/** DELETE /api/syllabus/cleanup/duplicates (admins): merges entries that differ only in case and spacing. */
export async function cleanSyllabusDuplicates(): Promise<SyllabusCleanupReply> {
  const { data } = await apiClient.delete<SyllabusCleanupReply>('/api/syllabus/cleanup/duplicates');
  return data;
}
