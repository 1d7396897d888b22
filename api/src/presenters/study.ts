/** How the API shows what a user keeps to pick up where they left off (decision 039): progress, bookmarks, follows. */
import { findSubject } from '@studyhub/contract/catalog';
import { sessionLabel, type Bookmark, type Follow, type ReadingProgress } from '@studyhub/contract/schemas';
import type { BookmarkRow } from '../repositories/bookmarks';
import type { FollowRow } from '../repositories/follows';
import type { ProgressRow } from '../repositories/reading-progress';

/** A subject's name from the catalog; a code it no longer names shows the code. */
const subjectName = (code: string) => findSubject(code)?.name ?? code;

export function toReadingProgress(row: ProgressRow): ReadingProgress {
  const { session_year: year, session_month: month } = row;
  return {
    kind: row.kind,
    fileId: row.file_id,
    subjectCode: row.subject_code,
    subject: subjectName(row.subject_code),
    unit: row.unit === null ? null : Number(row.unit),
    session:
      year === null || month === null ? null : sessionLabel({ year: Number(year), month: Number(month) }),
    page: Number(row.page),
    pages: Number(row.pages),
    readAt: row.read_at,
  };
}

export function toBookmark(row: BookmarkRow): Bookmark {
  const unit = row.unit === null ? null : Number(row.unit);
  return {
    _id: row.id,
    subjectCode: row.subject_code,
    subject: subjectName(row.subject_code),
    unit,
    unitTitle: unit === null ? null : (findSubject(row.subject_code)?.units[unit - 1] ?? null),
    page: row.page === null ? null : Number(row.page),
    note: row.note,
    createdAt: row.created_at,
  };
}

export function toFollow(row: FollowRow): Follow {
  return { subjectCode: row.subject_code, subject: subjectName(row.subject_code), since: row.created_at };
}
