import { useEffect, useState } from 'react';
import styled from 'styled-components';
import {
  Breadcrumb,
  Button,
  ButtonLink,
  Card,
  formatSize,
  Muted,
  Notice,
  Page,
  PageTitle,
  Spinner,
  useSession,
} from '@studyhub/shared';
import { storageEstimate, useSavedCopies, type SavedItem } from '@studyhub/shared/offline';
import { PATHS } from '@studyhub/contract';
import { SAVED_TEXTS } from '../offline/saved-texts';
import { useStoredCopy } from '../offline/use-stored-copy';
import { savedReadFile } from '../progress/saved-reading';
import { useReading } from '../progress/use-reading';
import { PdfPreview } from '../reader/pdf-preview';
import { useReaderEntry, useWarmReader } from '../reader/reader-entry';
import { bySubject, ListIntro } from '../subject-groups';

/** Saved copies by subject code, then by key (a subject's units in order, then its papers). */
const sortedBySubject = (items: readonly SavedItem[]) =>
  [...items].sort((a, b) => a.subjectCode.localeCompare(b.subjectCode) || a.key.localeCompare(b.key));

const Summary = styled.div`
  margin: 0 0 16px;
  p {
    margin: 0 0 4px;
  }
`;

/** The ended session, said once above the list, not as loud as a failure. */
const SessionNote = styled.p`
  margin: 0 0 16px;
  padding: 10px 14px;
  border-left: 4px solid ${({ theme }) => theme.colors.warning};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border-radius: 6px;
`;

const Subjects = styled.div`
  display: grid;
  gap: 16px;
`;

const Items = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
`;

const SubjectName = styled.h2`
  font-size: 1.1rem;
  margin: 0 0 8px;
`;

const ItemCard = styled(Card)`
  padding: 14px 16px;
  gap: 8px;
  h3 {
    margin: 0;
    font-size: 1rem;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
`;

/** The space the browser says the site uses, read again when the saved copies change. */
function useStorageEstimate(changes: unknown) {
  const [estimate, setEstimate] = useState<{ usage: number; quota: number } | null>(null);
  useEffect(() => {
    let current = true;
    void storageEstimate().then((value) => current && setEstimate(value));
    return () => {
      current = false;
    };
  }, [changes]);
  return estimate;
}

/**
 * /saved (decision 036): what this phone keeps for offline reading, by subject, with sizes, the total and the
 * space the browser reports; Open reads a copy in the in-page reader from the phone, Remove deletes it. An ended
 * session still reads and removes the last user's copies.
 */
export function SavedPage() {
  const { items, copies, sessionEnded, remove } = useSavedCopies();
  const reader = useReaderEntry();
  const estimate = useStorageEstimate(items);
  useWarmReader((items?.length ?? 0) > 0);
  const shownKey = typeof reader.shown === 'string' ? reader.shown : null;
  const shown = items?.find((item) => item.key === shownKey);
  const opened = useStoredCopy(copies, shown ? shown.key : null);
  // Read offline too, the pages are kept and sent once the connection returns (decision 041).
  const userId = useSession().user?._id;
  const reading = useReading(shown && userId ? savedReadFile(shown, userId) : null);

  const total = items?.reduce((sum, item) => sum + item.size, 0) ?? 0;
  return (
    <Page>
      <Breadcrumb items={[{ label: 'Home', to: PATHS.home }, { label: SAVED_TEXTS.title }]} />
      <PageTitle>{SAVED_TEXTS.title}</PageTitle>
      <ListIntro>{SAVED_TEXTS.intro}</ListIntro>
      {items === undefined && <Spinner label={SAVED_TEXTS.loading} />}
      {items?.length === 0 && (
        <Notice>
          <p>{SAVED_TEXTS.empty}</p>
          <ButtonLink to={PATHS.notes}>{SAVED_TEXTS.emptyWayOn}</ButtonLink>
        </Notice>
      )}
      {items !== undefined && items.length > 0 && (
        <>
          {sessionEnded && <SessionNote role="status">{SAVED_TEXTS.sessionEnded}</SessionNote>}
          <Summary>
            <p role="status">{SAVED_TEXTS.total(items.length, total)}</p>
            {estimate && <Muted>{SAVED_TEXTS.space(estimate.usage, estimate.quota)}</Muted>}
          </Summary>
          <Subjects>
            {bySubject(sortedBySubject(items)).map(([code, group]) => (
              <section key={code} aria-labelledby={`saved-${code}`}>
                <SubjectName id={`saved-${code}`}>
                  {code} · {group[0]!.subjectName}
                </SubjectName>
                <Items>
                  {group.map((item) => (
                    <li key={item.key}>
                      <ItemCard data-testid="saved-item">
                        <h3>{item.title}</h3>
                        <Muted>{formatSize(item.size)}</Muted>
                        <Actions>
                          <Button
                            onClick={() => reader.open(item.key)}
                            aria-label={`${SAVED_TEXTS.open} ${item.title}`}
                          >
                            {SAVED_TEXTS.open}
                          </Button>
                          <Button
                            $variant="secondary"
                            onClick={() => void remove(item.key)}
                            aria-label={`${SAVED_TEXTS.remove} ${item.title}`}
                          >
                            {SAVED_TEXTS.remove}
                          </Button>
                        </Actions>
                      </ItemCard>
                    </li>
                  ))}
                </Items>
              </section>
            ))}
          </Subjects>
        </>
      )}
      {shown && opened && (
        <PdfPreview
          title={`${shown.subjectCode} · ${shown.title}`}
          documentName={`${shown.subjectName} ${shown.title}`}
          file={{ stored: opened, fileName: `${shown.subjectCode} ${shown.title}.pdf` }}
          onClose={reader.close}
          {...reading}
        />
      )}
      {shown && opened === null && <Notice role="alert">{SAVED_TEXTS.missing}</Notice>}
    </Page>
  );
}
