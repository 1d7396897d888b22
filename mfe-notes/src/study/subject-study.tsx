import { useEffect } from 'react';
import styled from 'styled-components';
import { ButtonLink, useApiQuery, useSession } from '@studyhub/shared';
import type { Subject } from '@studyhub/contract/catalog';
import type { ReadingProgress } from '@studyhub/contract/schemas';
import { getProgress } from '../api/get-progress';
import { sendKeptProgress } from '../progress/browser-progress';
import { readLink } from '../progress/reader-links';
import { rememberSemester } from '../semester/remember-semester';
import { BookmarkStar } from './bookmark-star';
import { FollowButton, NotifyMeButton } from './follow-button';
import { STUDY_TEXTS } from './study-texts';
import { useBookmarks, type Bookmarks } from './use-bookmarks';
import { useFollows, type Follows } from './use-follows';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 10px;
  margin: -8px 0 20px;
`;

const UnitRow = styled(Row)`
  margin: 0;
`;

/** After "Not uploaded yet": the card is a column, and this goes last in it. */
const NotifyRow = styled(UnitRow)`
  order: 1;
`;

/** A unit's star sits in its card's top corner, beside the unit's title (the card is positioned). */
const CornerStar = styled.div`
  position: absolute;
  top: 12px;
  right: 12px;
`;

/** What a subject's pages know of the student: bookmarks, follows and how far each file was read. */
export interface SubjectStudy {
  bookmarks: Bookmarks;
  follows: Follows;
  /** The subject's files read, once known; empty while unknown. */
  progress: readonly ReadingProgress[];
}

/**
 * Reads a subject page's bookmarks, follows and progress (decision 041), and remembers the subject's semester
 * as the student's, which Home then starts with. A phone's unsent pages go now too.
 */
export function useSubjectStudy(subject: Subject | undefined, { withProgress = true } = {}): SubjectStudy {
  const { user } = useSession();
  const userId = user?._id ?? null;
  const code = subject?.code ?? null;
  const semester = subject?.semester ?? null;
  useEffect(() => {
    if (userId === null || semester === null) return;
    void rememberSemester(semester);
    sendKeptProgress(userId);
  }, [userId, semester]);
  const bookmarks = useBookmarks(code !== null);
  const follows = useFollows(code !== null);
  const progress = useApiQuery(withProgress && code ? `progress/${code}` : null, (signal) =>
    getProgress(code, signal),
  );
  return { bookmarks, follows, progress: progress.status === 'ready' ? progress.data.items : [] };
}

/** Under a subject page's heading: Follow, and on the notes page the subject's star. */
export function SubjectStudyBar({
  subject,
  study,
  star = false,
}: {
  subject: Subject;
  study: SubjectStudy;
  star?: boolean;
}) {
  return (
    <Row>
      <FollowButton subjectCode={subject.code} follows={study.follows} />
      {star && (
        <BookmarkStar
          target={{ subject: subject.code, unit: null, page: null }}
          label={STUDY_TEXTS.bookmarkSubject(subject.name)}
          bookmarks={study.bookmarks}
        />
      )}
    </Row>
  );
}

/** "Continue at page 14": one tap opens the reader where the student left the file, on any device. */
export function ContinueOffer({ read }: { read: ReadingProgress }) {
  const link = readLink(read);
  return (
    <ButtonLink to={link} data-testid="continue-offer">
      {STUDY_TEXTS.continueAt(read.page)}
    </ButtonLink>
  );
}

/**
 * A unit card's part (decision 041): "Continue at page 14" when the student read its current file, "Notify me"
 * when it has no file yet, and its star in the card's corner.
 */
export function UnitStudy({
  subject,
  unit,
  hasFile,
  checked,
  study,
}: {
  subject: Subject;
  unit: number;
  hasFile: boolean;
  /** The server has said which units have a file. */
  checked: boolean;
  study: SubjectStudy;
}) {
  const read = study.progress.find((item) => item.kind === 'note' && item.unit === unit);
  return (
    <>
      {hasFile && read && (
        <UnitRow>
          <ContinueOffer read={read} />
        </UnitRow>
      )}
      {checked && !hasFile && (
        <NotifyRow>
          <NotifyMeButton subjectCode={subject.code} subjectName={subject.name} follows={study.follows} />
        </NotifyRow>
      )}
      <CornerStar>
        <BookmarkStar
          target={{ subject: subject.code, unit, page: null }}
          label={STUDY_TEXTS.bookmarkUnit(unit)}
          bookmarks={study.bookmarks}
        />
      </CornerStar>
    </>
  );
}
