import { apiDelete } from '@studyhub/shared';
import { syllabusCleanupReply, type SyllabusCleanupReply } from '@studyhub/contract/schemas';

/** DELETE /api/syllabus/cleanup/duplicates (admins): merges entries that differ only in case and spacing. */
export async function cleanSyllabusDuplicates(): Promise<SyllabusCleanupReply> {
  return apiDelete('/api/syllabus/cleanup/duplicates', __STUDYHUB_CHECK_REPLIES__ && syllabusCleanupReply);
}
