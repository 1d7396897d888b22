import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import styled from 'styled-components';
import { apiErrorMessage, Button } from '@studyhub/shared';
import type { SyllabusEntry } from '@studyhub/shared/schemas';
import { updateSyllabus } from '../api/update-syllabus';
import {
  bodyOf,
  departmentsFor,
  draftOf,
  draftProblems,
  type DraftProblems,
  type SyllabusDraft,
} from '../syllabus/syllabus-draft';
import { SYLLABUS_TEXTS } from '../texts';
import { FormProblem } from './form-card';
import { SemesterLinkFields } from './semester-link-fields';
import { SyllabusChoiceFields } from './syllabus-choice-fields';

const Form = styled.form`
  display: grid;
  gap: 14px;
  padding: 8px 0;
`;

const Choices = styled.div`
  display: grid;
  gap: 12px;
  grid-template-columns: repeat(auto-fill, minmax(170px, 1fr));
`;

const Actions = styled.div`
  display: flex;
  gap: 10px;
`;

interface SyllabusEntryEditorProps {
  entry: SyllabusEntry;
  /** How the entry is named to screen readers ("Computer Science (CSE) · B.Tech · …"). */
  label: string;
  onSaved(entry: SyllabusEntry): void;
  onCancel(): void;
}

/** The table's inline editor (SPEC §4): every field of the entry, then Save or Cancel. */
export function SyllabusEntryEditor({ entry, label, onSaved, onCancel }: SyllabusEntryEditorProps) {
  const departments = departmentsFor(entry);
  const [draft, setDraft] = useState<SyllabusDraft>(() => draftOf(entry));
  const [problems, setProblems] = useState<DraftProblems | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (changes: Partial<SyllabusDraft>) => {
    setFailure(null);
    setDraft((current) => ({ ...current, ...changes }));
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = draftProblems(draft);
    setProblems(found);
    if (found) return;
    setBusy(true);
    try {
      const saved = await updateSyllabus(entry._id, bodyOf(draft, departments));
      toast.success(SYLLABUS_TEXTS.saved);
      onSaved(saved);
    } catch (error) {
      // SPEC §8's table alert, and the server's reason (a duplicate, a bad link) under the form.
      toast.error(SYLLABUS_TEXTS.saveFailed);
      const detail = apiErrorMessage(error, '');
      setFailure(detail ? `${SYLLABUS_TEXTS.saveFailed} ${detail}` : SYLLABUS_TEXTS.saveFailed);
      setBusy(false);
    }
  }

  return (
    <Form noValidate onSubmit={save} aria-label={`Edit ${label}`} aria-busy={busy}>
      <Choices>
        <SyllabusChoiceFields
          draft={draft}
          departments={departments}
          departmentProblem={problems?.department}
          disabled={busy}
          onChange={change}
        />
      </Choices>
      <SemesterLinkFields
        links={draft.links}
        problems={problems?.links}
        disabled={busy}
        onChange={(links) => change({ links })}
      />
      {failure && <FormProblem role="alert">{failure}</FormProblem>}
      <Actions>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Save'}
        </Button>
        <Button $variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </Actions>
    </Form>
  );
}
