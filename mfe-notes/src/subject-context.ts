import { normaliseSemester, normaliseYear, yearInfo, type YearInfo } from '@studyhub/contract';
import { NOTES_BRANCH } from '@studyhub/contract/catalog';

/** The navigation state "View Notes" carries to the subject page (product §2). */
export interface SubjectContext {
  branch: string;
  year: string;
  semester: string;
}

export function subjectContext(year: YearInfo, semester: string): SubjectContext {
  return { branch: NOTES_BRANCH, year: year.key, semester };
}

/** The state as the subject page received it, or null when it is absent or not understood. */
export function readSubjectContext(state: unknown): (SubjectContext & { yearInfo: YearInfo }) | null {
  if (typeof state !== 'object' || state === null) return null;
  const { branch, year, semester } = state as Partial<Record<keyof SubjectContext, unknown>>;
  if (typeof branch !== 'string' || typeof year !== 'string' || typeof semester !== 'string') return null;
  const yearNumber = normaliseYear(year);
  if (yearNumber === null || normaliseSemester(semester) === null) return null;
  return { branch, year, semester, yearInfo: yearInfo(yearNumber) };
}
