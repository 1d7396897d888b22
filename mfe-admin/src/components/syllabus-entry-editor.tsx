import styled from 'styled-components';
import { apiErrorMessage, Button, notify } from '@studyhub/shared';
import type { SyllabusEntry } from '@studyhub/contract/schemas';
import { updateSyllabus } from '../api/update-syllabus';
import { bodyOf, departmentsFor, draftOf } from '../syllabus/syllabus-draft';
import { useSyllabusForm } from '../syllabus/use-syllabus-form';
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

/** The table's inline editor (product §4): every field of the entry, then Save or Cancel. */
export function SyllabusEntryEditor({ entry, label, onSaved, onCancel }: SyllabusEntryEditorProps) {
  const departments = departmentsFor(entry);
  const { draft, problems, failure, busy, change, submit } = useSyllabusForm({
    initial: () => draftOf(entry),
    async send(checked) {
      const saved = await updateSyllabus(entry._id, bodyOf(checked, departments));
      notify.success(SYLLABUS_TEXTS.saved);
      onSaved(saved);
      return checked;
    },
    // product §8's table alert, and the server's reason (a duplicate, a bad link) under the form.
    describeFailure: (error) => ({ text: SYLLABUS_TEXTS.saveFailed, detail: apiErrorMessage(error, '') }),
  });

  return (
    <Form noValidate onSubmit={submit} aria-label={`Edit ${label}`} aria-busy={busy}>
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
