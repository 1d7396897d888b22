import styled from 'styled-components';
import { Button } from '@studyhub/shared';
import { Modal } from '@studyhub/shared/modal';

/** A small dialog's content: its text, then its buttons (the reject dialog's form too). */
export const DialogBody = styled.div`
  padding: 16px;
  display: grid;
  gap: 16px;
  p {
    margin: 0;
  }
`;

export const DialogActions = styled.div`
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
      <DialogBody>
        <p>{message}</p>
        <DialogActions>
          <Button $variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          {/* Everything asked here destroys something: the confirming button says so by its look too. */}
          <Button $variant="danger" onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </DialogBody>
    </Modal>
  );
}
