/**
 * What the upload form offers (product §2, §3, §9; architecture §7): branches and years from the catalog's upload form,
 * the year's two semesters, the catalog's subjects for a branch and semester, and one unit per topic of the
 * chosen subject. Every choice it offers is one the server's uploadQuery accepts, so every upload is browsable.
 */
import { findSubject, UPLOAD_CODES, UPLOAD_FORM, type Subject } from '@studyhub/contract/catalog';

export const UPLOAD_BRANCHES: readonly string[] = UPLOAD_FORM.branches;
export const UPLOAD_YEARS: readonly string[] = UPLOAD_FORM.years;

/** The year's two semesters ("Third Year" → [5, 6]); none for an unknown year. */
export function semestersOf(year: string): readonly number[] {
  return (UPLOAD_FORM.yearSemesters as Record<string, readonly number[] | undefined>)[year] ?? [];
}

export const semesterLabel = (semester: number | string) => `Semester ${semester}`;
export const unitLabel = (unit: number) => `Unit ${unit}`;

/**
 * The subjects of a branch in a semester: the upload list's codes that the catalog names and that list units
 * (a code without a name, or a subject without units, could never be browsed).
 */
export function subjectsFor(branch: string, semester: number | string): Subject[] {
  const codes = UPLOAD_CODES[branch]?.[String(semester)] ?? [];
  return codes
    .map((code) => findSubject(code))
    .filter((subject): subject is Subject => subject !== undefined && subject.units.length > 0);
}

/** "Unit 1" … "Unit n" for the subject's n topics. */
export function unitsOf(code: string): string[] {
  const subject = findSubject(code);
  return subject ? subject.units.map((_topic, index) => unitLabel(index + 1)) : [];
}

export const subjectOptionLabel = (subject: Subject) => `${subject.code} — ${subject.name}`;
