import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import {
  apiErrorMessage,
  Button,
  Muted,
  Notice,
  PageTitle,
  SelectField,
  Spinner,
  useSession,
  useSiteConfig,
  notify,
} from '@studyhub/shared';
import { mayOpen } from '@studyhub/contract';
import { PATHS, UPLOAD_TIMEOUT_MS } from '@studyhub/contract';
import { QUESTION_MAX_LENGTH, SCHEME_MAX_LENGTH, type UploadKind } from '@studyhub/contract/schemas';
import { FormCard, FormPage, FormProblem } from '../components/form-card';
import { ProgressBar } from '../components/progress-bar';
import { UPLOAD_TEXTS } from '../texts';
import { AskedInField } from '../upload/asked-in-field';
import { sessionMonths } from '../upload/exam-sessions';
import { KindChoice } from '../upload/kind-choice';
import { PdfFileField, usePdfChoice } from '../upload/pdf-file-field';
import { draftProblems, sendUpload } from '../upload/send-upload';
import { SessionSelects } from '../upload/session-selects';
import { TextField } from '../upload/text-field';
import {
  EMPTY_DRAFT,
  missingFields,
  nextDraft,
  withChanges,
  type DraftField,
  type UploadDraft,
} from '../upload/upload-draft';
import {
  semesterLabel,
  semestersOf,
  subjectOptionLabel,
  subjectsFor,
  UPLOAD_BRANCHES,
  UPLOAD_YEARS,
  unitOptions,
} from '../upload/upload-options';
import { useUploadProgress } from '../upload/use-upload-progress';
import { UPLOAD_FAILURE_TOAST_MS, UPLOAD_FORM_RESET_MS, UPLOAD_SUCCESS_TOAST_MS } from '../constants';

function isTimeout(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ECONNABORTED' || code === 'ETIMEDOUT';
}

export interface UploadNotesPageProps {
  /** How long an upload may take before it is given up (product §9: 10 s). */
  uploadTimeoutMs?: number;
}

/**
 * /admin/upload-notes (product §2, §4, §5): the upload form for teachers and admins — a unit's notes, a question
 * paper or an important question (decision 034). An admin's upload is published at once; a teacher's waits for
 * an admin's review (decision 026).
 */
export function UploadNotesPage({ uploadTimeoutMs }: UploadNotesPageProps) {
  // The server's UPLOAD_TIMEOUT_S when it has told us, else product §9's 10 s.
  const siteConfig = useSiteConfig();
  const timeoutMs = uploadTimeoutMs ?? siteConfig?.uploadTimeoutMs ?? UPLOAD_TIMEOUT_MS;
  const { status, user } = useSession();
  if (status === 'loading') return <Spinner label="Loading session" />;
  if (!mayOpen('teacher', user)) {
    return (
      <FormPage>
        <PageTitle>Upload Notes</PageTitle>
        <Notice role="alert">
          <p>{UPLOAD_TEXTS.notAllowed}</p>
          <Muted>
            You can still browse every uploaded note from the <Link to={PATHS.notes}>Notes</Link> page.
          </Muted>
        </Notice>
      </FormPage>
    );
  }
  return <UploadForm uploadTimeoutMs={timeoutMs} reviewed={!mayOpen('admin', user)} />;
}

const Intro = styled(Muted)`
  margin: 0 0 20px;
`;

/** What a successful upload of each kind says, live or waiting for review. */
const SUCCESS_TEXTS: Record<UploadKind, Record<'approved' | 'pending', string>> = {
  note: { approved: UPLOAD_TEXTS.success, pending: UPLOAD_TEXTS.submitted },
  paper: { approved: UPLOAD_TEXTS.success, pending: UPLOAD_TEXTS.submitted },
  question: { approved: UPLOAD_TEXTS.questionAdded, pending: UPLOAD_TEXTS.questionSubmitted },
};

type Problems = Partial<Record<DraftField, string>>;

const MISSING_TEXTS: Partial<Record<DraftField, string>> = UPLOAD_TEXTS.missing;

/** `reviewed`: the uploader is a teacher, whose uploads wait for an admin (the server decides that again). */
function UploadForm({ uploadTimeoutMs, reviewed }: { uploadTimeoutMs: number; reviewed: boolean }) {
  const resetTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [kind, setKind] = useState<UploadKind>('note');
  const { input: fileInput, file, notPdf, choose: chooseFile, clear: clearFile } = usePdfChoice();
  const [draft, setDraft] = useState<UploadDraft>(EMPTY_DRAFT);
  const [problem, setProblem] = useState<string | null>(null);
  /** What a submit found empty or wrong, each marked at its field until it is changed. */
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  const progress = useUploadProgress();
  const withFile = kind !== 'question';

  useEffect(
    () => () => {
      if (resetTimer.current) clearTimeout(resetTimer.current);
    },
    [],
  );

  const semesters = semestersOf(draft.year);
  const subjects = draft.branch && draft.semester ? subjectsFor(draft.branch, draft.semester) : [];
  const units = draft.subject ? unitOptions(draft.subject) : [];
  const noSubjects = Boolean(draft.branch && draft.semester) && subjects.length === 0;

  const settled = (names: readonly DraftField[]) =>
    setProblems((current) =>
      Object.fromEntries(Object.entries(current).filter(([name]) => !names.includes(name as DraftField))),
    );

  // Each choice clears the choices that depend on it (product §4: the year resets the semester).
  const choose = (changes: Partial<UploadDraft>) => {
    setProblem(null);
    settled(Object.entries(changes).flatMap(([name, value]) => (String(value) ? [name as DraftField] : [])));
    setDraft((current) => withChanges(current, changes, sessionMonths));
  };

  function chooseKind(next: UploadKind) {
    setKind(next);
    setProblem(null);
    setProblems({});
  }

  // The next upload goes on from this one: the subject stays (nextDraft says what else).
  function readyForNext() {
    setDraft((current) => nextDraft(kind, current));
    clearFile();
    setProblem(null);
    progress.reset();
    setBusy(false);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const empty = missingFields(kind, draft, file !== null);
    if (empty.length > 0) {
      setProblems(Object.fromEntries(empty.map((name) => [name, MISSING_TEXTS[name]])));
      setProblem(kind === 'note' ? UPLOAD_TEXTS.allFieldsRequired : UPLOAD_TEXTS.fillMarked);
      return;
    }
    const wrong = draftProblems(kind, draft);
    if (Object.keys(wrong).length > 0) {
      setProblems(wrong);
      setProblem(UPLOAD_TEXTS.correctMarked);
      return;
    }
    setProblems({});
    setProblem(null);
    setBusy(true);
    if (withFile) progress.start();
    const failure = withFile ? UPLOAD_TEXTS.failure : UPLOAD_TEXTS.questionFailure;
    try {
      const state = await sendUpload(kind, draft, file, {
        timeoutMs: uploadTimeoutMs,
        onProgress: progress.report,
      });
      notify.success(SUCCESS_TEXTS[kind][state], { autoClose: UPLOAD_SUCCESS_TOAST_MS });
      if (withFile) {
        // The full bar stays a moment before the form is ready for the next file.
        progress.finish();
        resetTimer.current = setTimeout(readyForNext, UPLOAD_FORM_RESET_MS);
      } else {
        readyForNext();
      }
    } catch (error) {
      progress.reset();
      setBusy(false);
      notify.error(failure, { autoClose: UPLOAD_FAILURE_TOAST_MS });
      const detail = isTimeout(error)
        ? UPLOAD_TEXTS.timedOut(Math.round(uploadTimeoutMs / 1000))
        : apiErrorMessage(error, '');
      setProblem(detail ? `${failure} ${detail}` : failure);
    }
  }

  return (
    <FormPage>
      <PageTitle id="upload-title">Upload Notes</PageTitle>
      {reviewed && (
        <Intro>
          {UPLOAD_TEXTS.teacherNote} <Link to={PATHS.myUploads}>My uploads</Link>.
        </Intro>
      )}
      <FormCard noValidate onSubmit={submit} aria-labelledby="upload-title" aria-busy={busy}>
        <KindChoice kind={kind} disabled={busy} onChange={chooseKind} />
        {withFile && (
          <PdfFileField
            inputRef={fileInput}
            file={file}
            notPdf={notPdf}
            missing={Boolean(problems.file)}
            disabled={busy}
            onChange={(event) => {
              chooseFile(event);
              setProblem(null);
              settled(['file']);
            }}
          />
        )}
        <SelectField
          label="Branch"
          placeholder="Select branch"
          value={draft.branch}
          problem={problems.branch}
          disabled={busy}
          options={UPLOAD_BRANCHES.map((branch) => ({ value: branch, label: branch }))}
          onChange={(branch) => choose({ branch })}
        />
        <SelectField
          label="Year"
          placeholder="Select year"
          value={draft.year}
          problem={problems.year}
          disabled={busy}
          options={UPLOAD_YEARS.map((year) => ({ value: year, label: year }))}
          onChange={(year) => choose({ year })}
        />
        <SelectField
          label="Semester"
          placeholder="Select semester"
          value={draft.semester}
          problem={problems.semester}
          disabled={busy || semesters.length === 0}
          options={semesters.map((semester) => ({ value: String(semester), label: semesterLabel(semester) }))}
          onChange={(semester) => choose({ semester })}
        />
        <SelectField
          label="Subject"
          placeholder="Select subject"
          value={draft.subject}
          problem={problems.subject}
          disabled={busy || subjects.length === 0}
          options={subjects.map((subject) => ({ value: subject.code, label: subjectOptionLabel(subject) }))}
          onChange={(subject) => choose({ subject })}
          hint={noSubjects ? UPLOAD_TEXTS.noSubjects : undefined}
        />
        {kind !== 'paper' && (
          <SelectField
            label="Unit"
            placeholder="Select unit"
            value={draft.unit}
            problem={problems.unit}
            disabled={busy || units.length === 0}
            options={units}
            onChange={(unit) => choose({ unit })}
          />
        )}
        {kind === 'paper' && (
          <>
            <SessionSelects
              label="Exam"
              month={draft.sessionMonth}
              year={draft.sessionYear}
              disabled={busy}
              problems={{ month: problems.sessionMonth, year: problems.sessionYear }}
              onChange={({ month, year }) =>
                choose({
                  ...(month !== undefined ? { sessionMonth: month } : {}),
                  ...(year !== undefined ? { sessionYear: year } : {}),
                })
              }
            />
            <TextField
              label="Scheme (optional)"
              value={draft.scheme}
              maxLength={SCHEME_MAX_LENGTH}
              disabled={busy}
              hint={UPLOAD_TEXTS.schemeHint}
              problem={problems.scheme}
              onChange={(scheme) => choose({ scheme })}
            />
          </>
        )}
        {kind === 'question' && (
          <>
            <TextField
              label="Question"
              multiline
              value={draft.text}
              maxLength={QUESTION_MAX_LENGTH}
              disabled={busy}
              hint={UPLOAD_TEXTS.questionLength(draft.text.length, QUESTION_MAX_LENGTH)}
              problem={problems.text}
              onChange={(text) => choose({ text })}
            />
            <TextField
              label="Marks (optional)"
              numeric
              value={draft.marks}
              disabled={busy}
              hint={UPLOAD_TEXTS.marksHint}
              problem={problems.marks}
              onChange={(marks) => choose({ marks })}
            />
            <AskedInField
              sessions={draft.askedIn}
              disabled={busy}
              problem={problems.askedIn}
              onChange={(askedIn) => choose({ askedIn })}
            />
          </>
        )}
        {withFile && (busy || progress.percent > 0) && (
          <ProgressBar percent={progress.percent} label="Upload progress" />
        )}
        {problem && <FormProblem role="alert">{problem}</FormProblem>}
        <Button type="submit" disabled={busy}>
          {withFile ? (busy ? 'Uploading...' : 'Upload') : busy ? 'Sending...' : 'Send question'}
        </Button>
      </FormCard>
    </FormPage>
  );
}
