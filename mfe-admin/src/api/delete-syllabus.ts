import { apiClient } from '@studyhub/shared';

/** DELETE /api/syllabus/{id} (admins). */
export async function deleteSyllabus(id: string): Promise<void> {
  await apiClient.delete(`/api/syllabus/${encodeURIComponent(id)}`);
}
