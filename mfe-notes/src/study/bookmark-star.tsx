import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, fieldControlStyle, FieldProblem, Muted } from '@studyhub/shared';
import { Modal } from '@studyhub/shared/modal';
import { BOOKMARK_NOTE_MAX_LENGTH } from '@studyhub/contract/schemas';
import { STUDY_TEXTS } from './study-texts';
import type { BookmarkTarget, Bookmarks } from './use-bookmarks';

const Star = styled(Button)`
  min-width: 44px;
  padding-left: 10px;
  padding-right: 10px;
  font-size: 1.2rem;
  line-height: 1;
  &[aria-pressed='true'] {
    color: ${({ theme }) => theme.colors.accent};
  }
`;

const Form = styled.form`
  padding: 16px;
  display: grid;
  gap: 12px;
  label {
    font-weight: 600;
  }
  input {
    ${fieldControlStyle}
  }
  p {
    margin: 0;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 10px;
`;

/** Removing is apart from saving, under a line: not the button a thumb lands on by habit. */
const RemoveRow = styled.div`
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  padding-top: 12px;
`;

interface BookmarkStarProps {
  target: BookmarkTarget;
  /** The star's name for screen readers and the dialog's subject: "Bookmark unit 3". */
  label: string;
  bookmarks: Bookmarks;
}

/**
 * ☆ / ★ (decision 041): a tap opens a small dialog with an optional note; saving stars it (or changes its note),
 * and a starred one can be removed there. The server checks the note and says why it refuses one.
 */
export function BookmarkStar({ target, label, bookmarks }: BookmarkStarProps) {
  const [open, setOpen] = useState(false);
  const bookmark = bookmarks.find(target);
  // Unknown until the list has loaded: no star to press yet.
  if (bookmarks.bookmarks === null) return null;
  return (
    <>
      <Star
        $variant="secondary"
        aria-pressed={bookmark !== null}
        aria-label={label}
        title={label}
        onClick={() => setOpen(true)}
      >
        {bookmark ? '★' : '☆'}
      </Star>
      {open && (
        <BookmarkDialog
          label={label}
          target={target}
          bookmarks={bookmarks}
          note={bookmark?.note ?? ''}
          bookmarkId={bookmark?._id ?? null}
          onDone={() => setOpen(false)}
        />
      )}
    </>
  );
}

interface BookmarkDialogProps {
  label: string;
  target: BookmarkTarget;
  bookmarks: Bookmarks;
  note: string;
  bookmarkId: string | null;
  onDone(): void;
}

function BookmarkDialog({
  label,
  target,
  bookmarks,
  note: savedNote,
  bookmarkId,
  onDone,
}: BookmarkDialogProps) {
  const fieldId = useId();
  const [note, setNote] = useState(savedNote);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function write(send: () => ReturnType<Bookmarks['star']>) {
    setBusy(true);
    const result = await send();
    setBusy(false);
    if (result.ok) onDone();
    else setProblem(result.message);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void write(() => bookmarks.star(target, note));
  }

  return (
    <Modal title={label} onClose={onDone} size="small">
      <Form noValidate onSubmit={submit}>
        <label htmlFor={fieldId}>{STUDY_TEXTS.noteLabel}</label>
        <input
          id={fieldId}
          value={note}
          disabled={busy}
          // A little room over the limit, so the server's message says what is wrong rather than the field
          // silently cutting the text.
          maxLength={BOOKMARK_NOTE_MAX_LENGTH + 50}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${fieldId}-problem` : `${fieldId}-hint`}
          onChange={(event) => {
            setProblem(null);
            setNote(event.target.value);
          }}
        />
        {problem ? (
          <FieldProblem id={`${fieldId}-problem`} role="alert">
            {problem}
          </FieldProblem>
        ) : (
          <Muted id={`${fieldId}-hint`}>{STUDY_TEXTS.noteHint}</Muted>
        )}
        <Actions>
          <Button $variant="secondary" onClick={onDone} disabled={busy}>
            {STUDY_TEXTS.cancel}
          </Button>
          <Button type="submit" disabled={busy}>
            {STUDY_TEXTS.save}
          </Button>
        </Actions>
        {bookmarkId !== null && (
          <RemoveRow>
            <Button
              $variant="danger"
              disabled={busy}
              onClick={() => void write(() => bookmarks.remove(bookmarkId))}
            >
              {STUDY_TEXTS.removeBookmark}
            </Button>
          </RemoveRow>
        )}
      </Form>
    </Modal>
  );
}
