import type { z } from 'zod';
import { syllabusListReply, type SyllabusEntry, type syllabusQuery } from '@studyhub/contract/schemas';
import { apiGet } from './client';

/** The filters GET /api/syllabus understands (product §7, decision 007); `system: 'All'` means both systems. */
export type SyllabusQuery = z.input<typeof syllabusQuery>;

/**
 * GET /api/syllabus (signed in): the entries matching the filters, every entry without any. The syllabus area
 * lists them for students; the admin area's table and its duplicate merge read them too. `signal` aborts it.
 */
export async function getSyllabus(query: SyllabusQuery = {}, signal?: AbortSignal): Promise<SyllabusEntry[]> {
  return apiGet('/api/syllabus', __STUDYHUB_CHECK_REPLIES__ && syllabusListReply, { params: query, signal });
}
