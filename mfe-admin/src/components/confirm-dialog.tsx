import styled from 'styled-components';
import { Button } from '@studyhub/shared';
import { Modal } from '@studyhub/shared/modal';

const Body = styled.div`
  padding: 16px;
  display: grid;
  gap: 16px;
  p {
    margin: 0;
  }
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 10px;
`;

interface ConfirmDialogProps {
  title: string;
  message: string;
  /** The confirming button's text ("Delete"); the other one is Cancel. */
  confirmLabel: string;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** Asks before something that cannot be undone (product §2: before delete and before cleanup). */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal title={title} onClose={onCancel} size="small" role="alertdialog">
      <Body>
        <p>{message}</p>
        <Actions>
          <Button $variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          {/* Everything asked here destroys something: the confirming button says so by its look too. */}
          <Button $variant="danger" onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </Button>
        </Actions>
      </Body>
    </Modal>
  );
}
