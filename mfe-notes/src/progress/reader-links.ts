/**
 * Where a file read opens again (decision 041): the reader link of decision 040 at the page it was left on, and
 * the navigation state a subject's notes page takes from the catalog for a plain link to it (product §2).
 */
import { readerLink, yearInfo } from '@studyhub/contract';
import { findSubject } from '@studyhub/contract/catalog';
import { subjectContext, type SubjectContext } from '../subject-context';

/** The subject page's navigation state for a catalog subject; undefined for a code the catalog lacks. */
export function notesState(subjectCode: string): SubjectContext | undefined {
  const subject = findSubject(subjectCode);
  return subject ? subjectContext(yearInfo(subject.year), String(subject.semester)) : undefined;
}

/** A file read (Continue reading, a file's progress), opening at its page. */
export function readLink(read: {
  kind: 'note' | 'paper';
  subjectCode: string;
  unit: number | null;
  fileId: string;
  page: number;
}): string {
  const { subjectCode } = read;
  return readerLink(
    read.kind === 'note'
      ? { kind: 'note', subjectCode, unit: read.unit ?? 1 }
      : { kind: 'paper', subjectCode, fileId: read.fileId },
    read.page,
  );
}
