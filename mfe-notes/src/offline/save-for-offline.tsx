import { useId } from 'react';
import styled from 'styled-components';
import { Button } from '@studyhub/shared';
import { useSaveForOffline, useSavedCopies, type SavedItem } from '@studyhub/shared/offline';
import { SAVED_TEXTS } from './saved-texts';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 10px;
  flex-basis: 100%;
`;

const SavedMark = styled.span`
  font-weight: 600;
  color: ${({ theme }) => theme.colors.success};
`;

const Problem = styled.p`
  margin: 0;
  flex-basis: 100%;
  color: ${({ theme }) => theme.colors.danger};
`;

const Progress = styled.progress`
  flex: 1 1 120px;
  height: 8px;
`;

export interface SaveForOfflineProps {
  /** The copy as it would be saved: its stable key, what it is and the server file's version. */
  item: Omit<SavedItem, 'size' | 'savedAt'>;
  /** The server file's size, shown before saving. */
  size: number;
  /** The file's signed inline link, to fetch it by. */
  url: string;
  /** What the buttons belong to, for screen readers ("Unit 1: Automata"). */
  describedBy?: string;
}

/**
 * "Save for offline · 2.1 MB", its progress, then "Saved ✓ · Remove" (decision 036). A copy of an older file
 * offers an update. Nothing for a visitor with no session: copies belong to a signed-in user.
 */
export function SaveForOffline({ item, size, url, describedBy }: SaveForOfflineProps) {
  const { items, copies, sessionEnded, remove } = useSavedCopies();
  const { progress, save } = useSaveForOffline(copies);
  const progressId = useId();
  if (!copies || sessionEnded || items === undefined) return null;

  const saved = items.find((candidate) => candidate.key === item.key);
  const start = () => void save(item, url);

  if (progress.state === 'saving') {
    return (
      <Row>
        <Button disabled aria-describedby={progressId}>
          {SAVED_TEXTS.saving(progress.share)}
        </Button>
        <Progress
          id={progressId}
          value={progress.share}
          max={1}
          aria-label={SAVED_TEXTS.saving(progress.share)}
        />
      </Row>
    );
  }
  return (
    <Row>
      {saved ? (
        <>
          <SavedMark role="status">{SAVED_TEXTS.saved}</SavedMark>
          <Button $variant="secondary" aria-describedby={describedBy} onClick={() => void remove(item.key)}>
            {SAVED_TEXTS.remove}
          </Button>
          {saved.fileVersion !== item.fileVersion && (
            <>
              <Problem>{SAVED_TEXTS.outdated}</Problem>
              <Button onClick={start} aria-describedby={describedBy}>
                {SAVED_TEXTS.update(size)}
              </Button>
            </>
          )}
        </>
      ) : (
        <Button $variant="secondary" onClick={start} aria-describedby={describedBy}>
          {SAVED_TEXTS.save(size)}
        </Button>
      )}
      {progress.state === 'failed' && <Problem role="alert">{progress.message}</Problem>}
    </Row>
  );
}
