import type { z } from 'zod';
import type { SyllabusEntry, syllabusQuery } from '../schemas/syllabus';
import { apiClient } from './client';

/** The filters GET /api/syllabus understands (product §7, decision 007); `system: 'All'` means both systems. */
export type SyllabusQuery = z.input<typeof syllabusQuery>;

/**
 * GET /api/syllabus (signed in): the entries matching the filters, every entry without any. The syllabus area
 * lists them for students; the admin area's table and its duplicate merge read them too. `signal` aborts it.
 */
export async function getSyllabus(query: SyllabusQuery = {}, signal?: AbortSignal): Promise<SyllabusEntry[]> {
  const { data } = await apiClient.get<SyllabusEntry[]>('/api/syllabus', { params: query, signal });
  return Array.isArray(data) ? data : [];
}
