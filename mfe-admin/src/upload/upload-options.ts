/**
 * What the upload form offers (product §2, §3, §9; architecture §7): branches and years from the catalog's upload
 * form, the year's two semesters, the subjects of a branch and semester (the catalog's `uploadSubjects`, the list
 * the server's uploadQuery reads too) and one unit per topic of the chosen subject. Every choice it offers is one
 * the server accepts, so every upload is browsable.
 */
import type { SelectOption } from '@studyhub/shared';
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
const unitValue = (unit: number) => `Unit ${unit}`;

/** One option per topic of the subject: sent as "Unit 3", shown with its topic ("Unit 3 — Grammars"). */
export function unitOptions(code: string): SelectOption[] {
  const subject = findSubject(code);
  if (!subject) return [];
  return subject.units.map((topic, index) => ({
    value: unitValue(index + 1),
    label: `${unitValue(index + 1)} — ${topic}`,
  }));
}

/** The unit after `unit` of the subject, for the next upload of a teacher going through a subject; '' at its end. */
export function nextUnit(code: string, unit: string): string {
  const options = unitOptions(code);
  const index = options.findIndex((option) => option.value === unit);
  return index >= 0 ? (options[index + 1]?.value ?? '') : '';
}

export const subjectOptionLabel = (subject: Subject) => `${subject.code} — ${subject.name}`;
