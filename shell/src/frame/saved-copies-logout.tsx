import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Button, formatSize } from '@studyhub/shared';
import { listSavedCopies, removeAllSavedCopies, type SavedItem } from '@studyhub/shared/offline';
import { Modal } from '@studyhub/shared/modal';

const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 10px;
  margin-top: 16px;
`;

const Body = styled.div`
  padding: 16px;
  p {
    margin: 0;
  }
`;

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "3 units and 1 paper (12.4 MB)": what a logout would remove. */
export function savedCopiesSummary(items: readonly SavedItem[]): string {
  const units = items.filter((item) => item.kind === 'notes').length;
  const papers = items.length - units;
  const parts = [
    units > 0 ? counted(units, 'unit', 'units') : '',
    papers > 0 ? counted(papers, 'paper', 'papers') : '',
  ].filter(Boolean);
  const bytes = items.reduce((sum, item) => sum + item.size, 0);
  return `${parts.join(' and ')} (${formatSize(bytes)})`;
}

export const LOGOUT_CONFIRM_TEXTS = {
  title: 'Log out?',
  body: (items: readonly SavedItem[]) =>
    `Logging out removes ${savedCopiesSummary(items)} saved for offline on this phone.`,
  confirm: 'Log out',
  cancel: 'Cancel',
} as const;

interface SavedCopiesLogoutProps {
  /** The signed-in user, whose copies go. */
  owner: string;
  onLogout(): void;
  onCancel(): void;
}

/**
 * An explicit logout of a user who may have copies saved for offline (decision 036): with none it logs out at
 * once; otherwise it says what goes, and removes the copies when the student goes on. A chunk of its own,
 * fetched on the Logout tap.
 */
export default function SavedCopiesLogout({ owner, onLogout, onCancel }: SavedCopiesLogoutProps) {
  const [items, setItems] = useState<readonly SavedItem[]>();
  const logOutAndRemove = () =>
    void removeAllSavedCopies(owner)
      .catch((error: unknown) => console.warn('Could not remove the copies saved for offline', error))
      .finally(onLogout);
  useEffect(() => {
    let current = true;
    void listSavedCopies(owner).then((saved) => {
      if (!current) return;
      if (saved.length > 0) setItems(saved);
      else onLogout();
    });
    return () => {
      current = false;
    };
  }, [owner, onLogout]);
  if (!items) return null;
  return (
    <Modal title={LOGOUT_CONFIRM_TEXTS.title} onClose={onCancel} size="small" role="alertdialog">
      <Body>
        <p>{LOGOUT_CONFIRM_TEXTS.body(items)}</p>
        <Choices>
          <Button $variant="secondary" onClick={onCancel}>
            {LOGOUT_CONFIRM_TEXTS.cancel}
          </Button>
          <Button $variant="danger" onClick={logOutAndRemove}>
            {LOGOUT_CONFIRM_TEXTS.confirm}
          </Button>
        </Choices>
      </Body>
    </Modal>
  );
}
