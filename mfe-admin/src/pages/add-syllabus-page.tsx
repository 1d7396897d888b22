import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { apiErrorMessage, Button, Muted, PageTitle, PATHS } from '@studyhub/shared';
import { FormCard, FormPage, FormProblem } from '../components/form-card';
import { SemesterLinkFields } from '../components/semester-link-fields';
import { SyllabusChoiceFields } from '../components/syllabus-choice-fields';
import { addOrMerge, MergeFailed } from '../syllabus/add-or-merge';
import {
  bodyOf,
  DEPARTMENTS,
  draftProblems,
  emptyDraft,
  type DraftProblems,
  type SyllabusDraft,
} from '../syllabus/syllabus-draft';
import { SYLLABUS_TEXTS } from '../texts';

/** The SPEC text for a failed add or merge, and the server's own reason when it gave one. */
function failureOf(error: unknown): { text: string; detail: string } {
  if (error instanceof MergeFailed) {
    const text = error.reason === 'not-found' ? SYLLABUS_TEXTS.notFound : SYLLABUS_TEXTS.updateFailed;
    return { text, detail: apiErrorMessage(error.cause, '') };
  }
  return { text: SYLLABUS_TEXTS.addFailed, detail: apiErrorMessage(error, '') };
}

/**
 * /admin/add-syllabus (SPEC §2, §4, §5): a department's semester PDF links for one program, system, grading
 * and upload type. Adding what exists already merges the new links into it.
 */
export function AddSyllabusPage() {
  const [draft, setDraft] = useState<SyllabusDraft>(emptyDraft);
  const [problems, setProblems] = useState<DraftProblems | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (changes: Partial<SyllabusDraft>) => {
    setFailure(null);
    setDraft((current) => ({ ...current, ...changes }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = draftProblems(draft);
    setProblems(found);
    if (found) return;
    setBusy(true);
    setFailure(null);
    try {
      const outcome = await addOrMerge(bodyOf(draft, DEPARTMENTS));
      toast.success(outcome.kind === 'added' ? SYLLABUS_TEXTS.added : SYLLABUS_TEXTS.merged);
      setDraft(emptyDraft());
    } catch (error) {
      const { text, detail } = failureOf(error);
      toast.error(text);
      setFailure(detail && detail !== text ? `${text} ${detail}` : text);
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormPage $width="760px">
      <PageTitle id="add-syllabus-title">Add Syllabus</PageTitle>
      <FormCard noValidate onSubmit={submit} aria-labelledby="add-syllabus-title" aria-busy={busy}>
        <SyllabusChoiceFields
          draft={draft}
          departments={DEPARTMENTS}
          departmentProblem={problems?.department}
          disabled={busy}
          onChange={change}
        />
        <SemesterLinkFields
          links={draft.links}
          problems={problems?.links}
          disabled={busy}
          onChange={(links) => change({ links })}
        />
        <Muted>
          Adding an entry that exists already adds its new links to it. Edit or delete entries in{' '}
          <Link to={PATHS.syllabusTable}>Manage Syllabus</Link>.
        </Muted>
        {failure && <FormProblem role="alert">{failure}</FormProblem>}
        <Button type="submit" disabled={busy}>
          {busy ? 'Adding...' : 'Add Syllabus'}
        </Button>
      </FormCard>
    </FormPage>
  );
}
