/**
 * Where a file opens in the reader at a page (the reader's address form): `/notes/CS-502?unit=3&page=14` for a
 * unit's notes, `/papers/CS-502?paper=<id>&page=2` for a paper. The notes page also gets the navigation state a
 * subject page needs (product §2), from the catalog.
 */
import { subjectPath, yearInfo } from '@studyhub/contract';
import { findSubject } from '@studyhub/contract/catalog';
import { subjectContext, type SubjectContext } from '../subject-context';

/** A unit's notes (by its number) or a paper (by its id), at a page. */
export type ReaderTarget = { subjectCode: string; page: number } & (
  { kind: 'note'; unit: number | null } | { kind: 'paper'; fileId: string }
);

export function readerLink(target: ReaderTarget): { to: string; state: SubjectContext | undefined } {
  const query = new URLSearchParams(
    target.kind === 'note'
      ? { unit: String(target.unit ?? 1), page: String(target.page) }
      : { paper: target.fileId, page: String(target.page) },
  );
  const kind = target.kind === 'note' ? 'notes' : 'papers';
  return { to: `${subjectPath(target.subjectCode, kind)}?${query}`, state: notesState(target.subjectCode) };
}

/** The subject page's navigation state for a catalog subject; undefined for a code the catalog lacks. */
export function notesState(subjectCode: string): SubjectContext | undefined {
  const subject = findSubject(subjectCode);
  return subject ? subjectContext(yearInfo(subject.year), String(subject.semester)) : undefined;
}

/** Where a file read (Continue reading, a file's progress) opens again: at the page it was left on. */
export function readLink(read: {
  kind: 'note' | 'paper';
  subjectCode: string;
  unit: number | null;
  fileId: string;
  page: number;
}) {
  const { subjectCode, page } = read;
  return readerLink(
    read.kind === 'note'
      ? { kind: 'note', subjectCode, unit: read.unit, page }
      : { kind: 'paper', subjectCode, fileId: read.fileId, page },
  );
}
