/**
 * What the upload form offers (product §2, §3, §9; architecture §7): branches and years from the catalog's upload
 * form, the year's two semesters, the subjects of a branch and semester (the catalog's `uploadSubjects`, the list
 * the server's uploadQuery reads too) and one unit per topic of the chosen subject. Every choice it offers is one
 * the server accepts, so every upload is browsable.
 */
import { findSubject, UPLOAD_FORM, uploadSubjects, type Subject } from '@studyhub/contract/catalog';

export const UPLOAD_BRANCHES: readonly string[] = UPLOAD_FORM.branches;
export const UPLOAD_YEARS: readonly string[] = UPLOAD_FORM.years;

/** The year's two semesters ("Third Year" → [5, 6]); none for an unknown year. */
export function semestersOf(year: string): readonly number[] {
  return (UPLOAD_FORM.yearSemesters as Record<string, readonly number[] | undefined>)[year] ?? [];
}

/** The subjects the form offers for a branch and semester: those of the upload list that have units to choose. */
export function subjectsFor(branch: string, semester: number | string): Subject[] {
  return uploadSubjects(branch, semester).filter((subject) => subject.units.length > 0);
}

export const semesterLabel = (semester: number | string) => `Semester ${semester}`;
export const unitLabel = (unit: number) => `Unit ${unit}`;

/** "Unit 1" … "Unit n" for the subject's n topics. */
export function unitsOf(code: string): string[] {
  const subject = findSubject(code);
  return subject ? subject.units.map((_topic, index) => unitLabel(index + 1)) : [];
}

export const subjectOptionLabel = (subject: Subject) => `${subject.code} — ${subject.name}`;
