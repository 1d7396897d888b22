import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ButtonLink, Muted, useApiQuery, useOnline } from '@studyhub/shared';
import { listSavedCopies, savedKey } from '@studyhub/shared/offline';
import { PATHS } from '@studyhub/contract';
import type { ReadingProgress } from '@studyhub/contract/schemas';
import { getProgress } from '../api/get-progress';
import { progressRecorder } from '../progress/browser-progress';
import type { LocalProgress } from '../progress/progress-recorder';
import { readLink } from '../progress/reader-links';
import { STUDY_TEXTS } from '../study/study-texts';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 10px;
`;

const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 12px;
  padding: 12px 14px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  strong {
    display: block;
  }
`;

type Read = Pick<
  ReadingProgress,
  'kind' | 'fileId' | 'subjectCode' | 'subject' | 'unit' | 'session' | 'page' | 'pages'
>;

const whereText = (read: Read) =>
  read.kind === 'note'
    ? STUDY_TEXTS.unitPage(read.unit ?? 0, read.page, read.pages)
    : STUDY_TEXTS.paperPage(read.session, read.page, read.pages);

function ReadItem({ read, offline }: { read: Read; offline: boolean }) {
  const id = useId();
  const link = readLink(read);
  return (
    <Item data-testid="continue-reading">
      <span id={id}>
        <strong>{read.subject}</strong>
        <Muted as="span">{whereText(read)}</Muted>
      </span>
      {offline ? (
        <Link to={PATHS.saved} aria-describedby={id}>
          {STUDY_TEXTS.openSaved}
        </Link>
      ) : (
        <ButtonLink to={link} aria-describedby={id}>
          {STUDY_TEXTS.continueAt(read.page)}
        </ButtonLink>
      )}
    </Item>
  );
}

/**
 * Offline, the files this phone read that are saved on it (decision 041): they are the ones that open without a
 * connection, from Saved for offline.
 */
function useSavedReads(userId: string, offline: boolean): LocalProgress[] | null {
  const [reads, setReads] = useState<LocalProgress[] | null>(null);
  useEffect(() => {
    if (!offline) return;
    let current = true;
    void listSavedCopies(userId).then((copies) => {
      const saved = new Set(copies.map((copy) => copy.key));
      const keyOf = (read: LocalProgress) =>
        read.kind === 'note' ? savedKey.notes(read.subjectCode, read.unit ?? 0) : savedKey.paper(read.fileId);
      if (current)
        setReads(
          progressRecorder()
            .local(userId)
            .filter((read) => saved.has(keyOf(read))),
        );
    });
    return () => {
      current = false;
    };
  }, [userId, offline]);
  return offline ? reads : null;
}

/** Home's "Continue reading" (decision 041): the files last read on any device, each opening at its page. */
export function ContinueReading({ userId }: { userId: string }) {
  const online = useOnline();
  const progress = useApiQuery('continue-reading', (signal) => getProgress(null, signal));
  const savedReads = useSavedReads(userId, !online);

  let body;
  if (!online && savedReads !== null) {
    body =
      savedReads.length === 0 ? null : (
        <>
          <Muted>{STUDY_TEXTS.offlineReading}</Muted>
          <List>
            {savedReads.map((read) => (
              <ReadItem key={`${read.kind}:${read.fileId}`} read={read} offline />
            ))}
          </List>
        </>
      );
  } else if (progress.status === 'loading') {
    body = <Muted role="status">{STUDY_TEXTS.readingLoading}</Muted>;
  } else if (progress.status === 'error') {
    body = (
      <Muted role="status">
        {progress.error.offline ? STUDY_TEXTS.offlineReading : STUDY_TEXTS.readingFailed}
      </Muted>
    );
  } else if (progress.data.items.length === 0) {
    body = <Muted>{STUDY_TEXTS.nothingRead}</Muted>;
  } else {
    body = (
      <List>
        {progress.data.items.map((read) => (
          <ReadItem key={`${read.kind}:${read.fileId}`} read={read} offline={false} />
        ))}
      </List>
    );
  }
  if (body === null) return null;
  return (
    <section aria-labelledby="continue-reading">
      <h3 id="continue-reading">{STUDY_TEXTS.continueReading}</h3>
      {body}
    </section>
  );
}
