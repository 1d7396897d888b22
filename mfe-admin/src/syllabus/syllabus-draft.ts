/**
 * The syllabus form's model (product §2 "Add syllabus", §5, §9), shared by the add page and the table's inline
 * editor: the choices it offers, its defaults, its checks and the request body it makes.
 */
import { SYLLABUS_SEMESTERS } from '@studyhub/contract';
import { SYLLABUS_DEPARTMENTS, SYLLABUS_FORM } from '@studyhub/contract/catalog';
import {
  isSyllabusLink,
  SYLLABUS_MESSAGES,
  UPLOAD_TYPES,
  type SyllabusEntry,
  type SyllabusEntryBody,
  type UploadType,
} from '@studyhub/contract/schemas';

export interface Department {
  name: string;
  code: string;
}

/** product §3 "Departments on the add form": the five departments, chosen by code. */
export const DEPARTMENTS: readonly Department[] = SYLLABUS_DEPARTMENTS;
export const PROGRAMS: readonly string[] = SYLLABUS_FORM.programs;
export const SYSTEMS: readonly string[] = SYLLABUS_FORM.systems;
export const GRADINGS: readonly string[] = SYLLABUS_FORM.gradings;
export { UPLOAD_TYPES };

export interface SyllabusDraft {
  /** The department's code; empty until one is chosen. */
  department: string;
  program: string;
  system: string;
  grading: string;
  uploadType: UploadType;
  /** Semester n's link at index n - 1, as typed. */
  links: string[];
}

const noLinks = () => SYLLABUS_SEMESTERS.map(() => '');

/** product §9 defaults of the add form; the department must be chosen (product §5). */
export function emptyDraft(): SyllabusDraft {
  const { program, system, grading } = SYLLABUS_FORM.defaults;
  return { department: '', program, system, grading, uploadType: 'Syllabus', links: noLinks() };
}

export function draftOf(entry: SyllabusEntry): SyllabusDraft {
  return {
    department: entry.code,
    program: entry.program,
    system: entry.system,
    grading: entry.grading,
    uploadType: entry.uploadType,
    links: SYLLABUS_SEMESTERS.map((semester) => entry.pdfs[String(semester)] ?? ''),
  };
}

/**
 * The department choices for a form: the five of the SPEC, plus the entry's own department when it is none of
 * them (an imported entry), so editing it never silently renames it.
 */
export function departmentsFor(entry?: SyllabusEntry): readonly Department[] {
  if (!entry || DEPARTMENTS.some((department) => department.code === entry.code)) return DEPARTMENTS;
  return [...DEPARTMENTS, { name: entry.name, code: entry.code }];
}

/** The options of a select, plus the current value when it is not among them (same reason as above). */
export function optionsWith(options: readonly string[], current: string): readonly string[] {
  return current === '' || options.includes(current) ? options : [...options, current];
}

export interface DraftProblems {
  department?: string;
  /** By semester number. */
  links: Partial<Record<number, string>>;
}

/** What stops the draft from being sent, or null when nothing does. Links are checked as the server does. */
export function draftProblems(draft: SyllabusDraft): DraftProblems | null {
  const problems: DraftProblems = { links: {} };
  if (!draft.department) problems.department = SYLLABUS_MESSAGES.department;
  draft.links.forEach((link, index) => {
    const value = link.trim();
    if (value !== '' && !isSyllabusLink(value)) problems.links[index + 1] = SYLLABUS_MESSAGES.url;
  });
  const found = problems.department !== undefined || Object.keys(problems.links).length > 0;
  return found ? problems : null;
}

/** Only the semesters with a link (product §5: only non-empty links are sent). */
export function linksOf(draft: SyllabusDraft): Record<string, string> {
  const pdfs: Record<string, string> = {};
  draft.links.forEach((link, index) => {
    const value = link.trim();
    if (value !== '') pdfs[String(index + 1)] = value;
  });
  return pdfs;
}

/** The request body for a checked draft; `departments` names the chosen code. */
export function bodyOf(draft: SyllabusDraft, departments: readonly Department[]): SyllabusEntryBody {
  const department = departments.find((candidate) => candidate.code === draft.department);
  if (!department) throw new Error(`Unknown department ${draft.department}`);
  return {
    name: department.name,
    code: department.code,
    program: draft.program,
    system: draft.system,
    grading: draft.grading,
    uploadType: draft.uploadType,
    pdfs: linksOf(draft),
  };
}
