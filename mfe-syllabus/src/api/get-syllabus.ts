import { apiClient } from '@studyhub/shared';
import type { SyllabusEntry, UploadType } from '@studyhub/shared/schemas';

/** The filters GET /api/syllabus understands (SPEC §7); `system: 'All'` means both systems. */
export interface SyllabusQuery {
  program: string;
  system: string;
  grading: string;
  uploadType: UploadType;
  code?: string;
}

/** GET /api/syllabus?program&system&grading&code&uploadType (signed in): the matching syllabus entries. */
export async function getSyllabus(query: SyllabusQuery): Promise<SyllabusEntry[]> {
  const { data } = await apiClient.get<SyllabusEntry[]>('/api/syllabus', { params: query });
  return Array.isArray(data) ? data : [];
}
