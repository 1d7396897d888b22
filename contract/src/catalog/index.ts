/**
 * The curriculum catalog (product §3): subject codes, names, year and semester, seeded download counts and dates,
 * unit topics, the upload form's code lists and the syllabus form's options. Facts come from catalog-data.json,
 * copied into the project; descriptions are ours. Pure TypeScript: the API imports this too.
 */
import data from './catalog-data.json' with { type: 'json' };
import { SUBJECT_DESCRIPTIONS } from './descriptions';
import type { SemesterNumber, YearNumber } from '../paths';

export interface Subject {
  code: string;
  name: string;
  /** The other spelling some lists use. */
  altName?: string;
  year: YearNumber;
  semester: SemesterNumber;
  seedDownloads: number;
  /** Date text shown as "Updated: {date}". */
  updated: string;
  /** False for subjects with unit detail but no card in their year list (CS-406(D)). */
  inYearList: boolean;
  /** One topic per unit; their count is the number of units. */
  units: readonly string[];
  description: string;
}

export interface Unit {
  /** 1-based position: the unit number of the download path. */
  number: number;
  title: string;
  description: string;
}

export const SUBJECTS: readonly Subject[] = data.subjects.map((raw) => ({
  code: raw.code,
  name: raw.name,
  ...(raw.altName ? { altName: raw.altName } : {}),
  year: raw.year as YearNumber,
  semester: raw.semester as SemesterNumber,
  seedDownloads: raw.seedDownloads ?? 0,
  updated: raw.updated ?? '',
  inYearList: raw.inYearList,
  units: raw.units,
  description: SUBJECT_DESCRIPTIONS[raw.code] ?? '',
}));

const SUBJECTS_BY_CODE = new Map(SUBJECTS.map((subject) => [subject.code.toUpperCase(), subject]));

/** Codes are matched ignoring case, so `/notes/cs-501` finds CS-501. */
export function findSubject(code: string): Subject | undefined {
  return SUBJECTS_BY_CODE.get(code.trim().toUpperCase());
}

/** The subjects that have a card on a year page, in catalog order. */
export function yearSubjects(year: YearNumber): Subject[] {
  return SUBJECTS.filter((subject) => subject.year === year && subject.inYearList);
}

export function subjectUnits(subject: Subject): Unit[] {
  return subject.units.map((topic, index) => ({
    number: index + 1,
    title: `Unit ${index + 1}`,
    description: topic,
  }));
}

export interface Branch {
  code: string;
  name: string;
  /** Only CSE has notes (product §1); the others lead to /NoNotesAvailable. */
  available: boolean;
}

export const NOTES_BRANCH = 'CSE';

export const BRANCHES: readonly Branch[] = [
  { code: 'cse', name: 'Computer Science', available: true },
  { code: 'me', name: 'Mechanical', available: false },
  { code: 'ce', name: 'Civil', available: false },
  { code: 'ee', name: 'Electrical', available: false },
];

/** The upload form's per-branch, per-semester code lists (product §3). */
export const UPLOAD_CODES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> =
  data.uploadCodes;
export const UPLOAD_FORM = data.uploadForm;

/**
 * The subjects of a branch and semester that notes are uploaded for: the upload form's codes, where a code that
 * heads a group of electives ("CS-406") stands for its lettered subjects (CS-406(A) to (D)). The form offers
 * those with units and the upload call accepts a unit of these, so every subject a student can open can get
 * notes.
 */
export function uploadSubjects(branch: string, semester: number | string): Subject[] {
  const codes = UPLOAD_CODES[branch]?.[String(semester)] ?? [];
  return codes.flatMap((code) => {
    const subject = findSubject(code);
    return subject ? [subject] : SUBJECTS.filter((elective) => elective.code.startsWith(`${code}(`));
  });
}
export const SYLLABUS_DEPARTMENTS = data.syllabusDepartments;
export const SYLLABUS_FORM = data.syllabusForm;
