import { Link } from 'react-router-dom';
import { apiErrorMessage, Button, Muted, PageTitle, notify } from '@studyhub/shared';
import { PATHS } from '@studyhub/contract';
import { FormCard, FormPage, FormProblem } from '../components/form-card';
import { SemesterLinkFields } from '../components/semester-link-fields';
import { SyllabusChoiceFields } from '../components/syllabus-choice-fields';
import { addOrMerge, MergeFailed } from '../syllabus/add-or-merge';
import { bodyOf, DEPARTMENTS, emptyDraft } from '../syllabus/syllabus-draft';
import { useSyllabusForm, type FailureText } from '../syllabus/use-syllabus-form';
import { SYLLABUS_TEXTS } from '../texts';

/** The SPEC text for a failed add or merge, and the server's own reason when it gave one. */
function failureOf(error: unknown): FailureText {
  if (error instanceof MergeFailed) {
    const text = error.reason === 'not-found' ? SYLLABUS_TEXTS.notFound : SYLLABUS_TEXTS.updateFailed;
    return { text, detail: apiErrorMessage(error.cause, '') };
  }
  return { text: SYLLABUS_TEXTS.addFailed, detail: apiErrorMessage(error, '') };
}

/**
 * /admin/add-syllabus (product §2, §4, §5): a department's semester PDF links for one program, system, grading
 * and upload type. Adding what exists already merges the new links into it.
 */
export function AddSyllabusPage() {
  const { draft, problems, failure, busy, change, submit } = useSyllabusForm({
    initial: emptyDraft,
    async send(checked) {
      const outcome = await addOrMerge(bodyOf(checked, DEPARTMENTS));
      notify.success(outcome.kind === 'added' ? SYLLABUS_TEXTS.added : SYLLABUS_TEXTS.merged);
      return emptyDraft();
    },
    describeFailure: failureOf,
  });

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
