import { apiDelete } from '@studyhub/shared';
import { messageReply } from '@studyhub/contract/schemas';

/** DELETE /api/syllabus/{id} (admins). */
export async function deleteSyllabus(id: string): Promise<void> {
  await apiDelete(`/api/syllabus/${encodeURIComponent(id)}`, __STUDYHUB_CHECK_REPLIES__ && messageReply);
}
