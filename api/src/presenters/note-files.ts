/**
 * How the API shows a note file (decision 006): as a recent note in JSON, in the availability list, by the
 * download path its signed links cover, and by the name its PDF is sent under (presenters/stored-pdfs.ts sends it).
 */
import { downloadPath } from '@studyhub/contract';
import { findSubject } from '@studyhub/contract/catalog';
import { describeUpload, type NotesAvailability, type RecentNote } from '@studyhub/contract/schemas';
import type { NoteRow } from '../repositories/note-files';

export function toRecentNote(row: NoteRow): RecentNote {
  return {
    _id: row.id,
    subject: findSubject(row.subject_code)?.name ?? row.subject_code,
    subjectCode: row.subject_code,
    ...describeUpload(row),
    // When students could first see it: a teacher's upload is "recent" from its approval (decision 026).
    createdAt: row.published_at ?? row.uploaded_at,
  };
}

/** What students may read of each subject: units with a file, papers and questions, each by subject code. */
export interface SubjectResources {
  units: readonly Pick<NoteRow, 'subject_code' | 'unit'>[];
  papers: readonly { subject_code: string; count: number }[];
  questions: readonly { subject_code: string; count: number }[];
}

/**
 * Every subject with anything to read, by code: its units with a file (rows come sorted by subject and unit) and
 * how many papers and questions it has (decisions 033, 034).
 */
export function toNotesAvailability(branch: string, resources: SubjectResources): NotesAvailability {
  const subjects = new Map<string, NotesAvailability['subjects'][string]>();
  const subject = (code: string) => {
    const found = subjects.get(code) ?? { units: [], papers: 0, questions: 0 };
    subjects.set(code, found);
    return found;
  };
  for (const row of resources.units) subject(row.subject_code).units.push(row.unit);
  for (const row of resources.papers) subject(row.subject_code).papers = row.count;
  for (const row of resources.questions) subject(row.subject_code).questions = row.count;
  const byCode = [...subjects].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  // fromEntries defines own keys, so a code such as "__proto__" stays a subject, not the object's prototype.
  return { branch, subjects: Object.fromEntries(byCode) };
}

/** The download path of a stored file, which signed links cover. */
export function pathOf(row: NoteRow): string {
  return downloadPath({
    branch: row.branch,
    year: row.year,
    semester: row.semester,
    subjectCode: row.subject_code,
    unitNumber: row.unit,
  });
}

/** The name a unit's PDF is downloaded under: `CS-601-unit-1.pdf`, with `tag`: `CS-601-unit-1-pending.pdf`. */
export function noteFileName(row: Pick<NoteRow, 'subject_code' | 'unit'>, tag?: string): string {
  return `${row.subject_code.replace(/[^A-Za-z0-9-]+/g, '')}-unit-${row.unit}${tag ? `-${tag}` : ''}.pdf`;
}
