/**
 * What the upload form holds for each kind (decision 034) and what each kind needs: notes are a PDF for a unit, a
 * question paper a PDF for an exam session, an important question words under a unit. Branch, year, semester
 * and subject are shared, so switching kinds keeps the subject.
 */
import type { UploadKind } from '@studyhub/contract/schemas';
import { nextUnit } from './upload-options';

export interface UploadDraft {
  branch: string;
  year: string;
  /** The semester number as text ("5"), sent as "Semester 5". */
  semester: string;
  subject: string;
  /** "Unit 3": a note's or a question's unit. */
  unit: string;
  /** A paper's exam session: "May" and "2024". */
  sessionMonth: string;
  sessionYear: string;
  /** A paper's scheme ("2019 scheme"); optional. */
  scheme: string;
  /** A question's words. */
  text: string;
  /** A question's marks as typed; optional. */
  marks: string;
  /** The sessions a question was asked in, newest first ("May 2024"). */
  askedIn: readonly string[];
}

export const EMPTY_DRAFT: UploadDraft = {
  branch: '',
  year: '',
  semester: '',
  subject: '',
  unit: '',
  sessionMonth: '',
  sessionYear: '',
  scheme: '',
  text: '',
  marks: '',
  askedIn: [],
};

/** A field the form can mark: one of the draft's, or the PDF. */
export type DraftField = keyof UploadDraft | 'file';

const REQUIRED: Record<UploadKind, readonly DraftField[]> = {
  note: ['file', 'branch', 'year', 'semester', 'subject', 'unit'],
  paper: ['file', 'branch', 'year', 'semester', 'subject', 'sessionMonth', 'sessionYear'],
  question: ['branch', 'year', 'semester', 'subject', 'unit', 'text'],
};

/** The kind's required fields that are still empty, in the form's order. */
export function missingFields(kind: UploadKind, draft: UploadDraft, hasFile: boolean): DraftField[] {
  return REQUIRED[kind].filter((name) => (name === 'file' ? !hasFile : String(draft[name]).trim() === ''));
}

/**
 * The choices that depend on `changes` are cleared with them (product §4: the year resets the semester; a new
 * subject has other units; a new exam year may not have reached the chosen month).
 */
export function withChanges(
  draft: UploadDraft,
  changes: Partial<UploadDraft>,
  monthsOf: (year: string) => readonly { value: string }[],
): UploadDraft {
  const next = { ...draft, ...changes };
  if ('branch' in changes || 'year' in changes || 'semester' in changes) next.subject = changes.subject ?? '';
  if ('year' in changes) next.semester = changes.semester ?? '';
  if ('subject' in changes || next.subject !== draft.subject) next.unit = changes.unit ?? '';
  if (
    'sessionYear' in changes &&
    !monthsOf(next.sessionYear).some((month) => month.value === next.sessionMonth)
  ) {
    next.sessionMonth = '';
  }
  return next;
}

/**
 * What stays after an upload, for the next one: the subject always; notes go on to the next unit (a teacher
 * uploads a subject unit by unit), a paper waits for its next session, a question for its next words.
 */
export function nextDraft(kind: UploadKind, draft: UploadDraft): UploadDraft {
  switch (kind) {
    case 'note':
      return { ...draft, unit: nextUnit(draft.subject, draft.unit) };
    case 'paper':
      return { ...draft, sessionMonth: '', sessionYear: '' };
    case 'question':
      return { ...draft, text: '', marks: '', askedIn: [] };
  }
}
