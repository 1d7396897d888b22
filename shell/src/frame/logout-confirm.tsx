import styled from 'styled-components';
import { Button, formatSize } from '@studyhub/shared';
import { type SavedItem } from '@studyhub/shared/offline';
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

interface LogoutConfirmProps {
  items: readonly SavedItem[];
  onConfirm(): void;
  onCancel(): void;
}

/** Asked before an explicit logout removes the copies saved for offline (decision 036). */
export default function LogoutConfirm({ items, onConfirm, onCancel }: LogoutConfirmProps) {
  return (
    <Modal title={LOGOUT_CONFIRM_TEXTS.title} onClose={onCancel} size="small" role="alertdialog">
      <Body>
        <p>{LOGOUT_CONFIRM_TEXTS.body(items)}</p>
        <Choices>
          <Button $variant="secondary" onClick={onCancel}>
            {LOGOUT_CONFIRM_TEXTS.cancel}
          </Button>
          <Button $variant="danger" onClick={onConfirm}>
            {LOGOUT_CONFIRM_TEXTS.confirm}
          </Button>
        </Choices>
      </Body>
    </Modal>
  );
}
