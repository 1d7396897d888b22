import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, fieldControlStyle, FieldProblem } from '@studyhub/shared';
import { Modal } from '@studyhub/shared/modal';
import { REVIEW_MESSAGES, reviewDecisionBody } from '@studyhub/contract/schemas';
import { REVIEW_TEXTS } from '../texts';
import { DialogActions, DialogBody } from './confirm-dialog';

const Form = styled(DialogBody).attrs({ as: 'form' })`
  label {
    font-weight: 600;
  }
  textarea {
    ${fieldControlStyle}
    min-height: 7em;
    resize: vertical;
  }
`;

interface RejectDialogProps {
  /** What is rejected, as the teacher will recognise it ("CS-601 · Unit 3: ml-unit-3.pdf"). */
  upload: string;
  busy: boolean;
  onReject(reason: string): void;
  onCancel(): void;
}

/** Asks for the reason a rejection needs (decision 026), checked with the server's own schema. */
export function RejectDialog({ upload, busy, onReject, onCancel }: RejectDialogProps) {
  const fieldId = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = reviewDecisionBody.safeParse({ decision: 'reject', reason });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? REVIEW_MESSAGES.reason);
      return;
    }
    if (checked.data.decision === 'reject') onReject(checked.data.reason);
  }

  return (
    <Modal title={REVIEW_TEXTS.rejectTitle} onClose={onCancel} size="small">
      <Form noValidate onSubmit={submit}>
        <p>{upload}</p>
        <label htmlFor={fieldId}>{REVIEW_TEXTS.reasonLabel}</label>
        <textarea
          id={fieldId}
          value={reason}
          disabled={busy}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${fieldId}-problem` : undefined}
          onChange={(event) => {
            setProblem(null);
            setReason(event.target.value);
          }}
        />
        {problem && (
          <FieldProblem id={`${fieldId}-problem`} role="alert">
            {problem}
          </FieldProblem>
        )}
        <DialogActions>
          <Button $variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" $variant="danger" disabled={busy}>
            {REVIEW_TEXTS.reject}
          </Button>
        </DialogActions>
      </Form>
    </Modal>
  );
}
