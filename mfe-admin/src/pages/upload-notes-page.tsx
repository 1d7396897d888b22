import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import {
  apiErrorMessage,
  Button,
  FieldHint,
  fieldControlStyle,
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
import { uploadNote } from '../api/upload-note';
import { FormCard, FormPage, FormProblem } from '../components/form-card';
import { ProgressBar } from '../components/progress-bar';
import { UPLOAD_TEXTS } from '../texts';
import {
  nextUnit,
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

const FileBox = styled.div`
  display: grid;
  gap: 6px;
  label {
    font-weight: 600;
  }
  input {
    ${fieldControlStyle}
    border: 1px dashed ${({ theme }) => theme.colors.border};
  }
`;

interface Fields {
  branch: string;
  year: string;
  /** The semester number as text ("5"), sent as "Semester 5". */
  semester: string;
  subject: string;
  unit: string;
}

const EMPTY: Fields = { branch: '', year: '', semester: '', subject: '', unit: '' };

type Required = keyof Fields | 'file';

const isPdf = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

function isTimeout(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ECONNABORTED' || code === 'ETIMEDOUT';
}

export interface UploadNotesPageProps {
  /** How long an upload may take before it is given up (product §9: 10 s). */
  uploadTimeoutMs?: number;
}

/**
 * /admin/upload-notes (product §2, §4, §5): the note upload form, for teachers and admins. An admin's upload is
 * published at once; a teacher's waits for an admin's review (decision 026).
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

/** `reviewed`: the uploader is a teacher, whose uploads wait for an admin (the server decides that again). */
function UploadForm({ uploadTimeoutMs, reviewed }: { uploadTimeoutMs: number; reviewed: boolean }) {
  const fileId = useId();
  const fileHintId = `${fileId}-hint`;
  const fileInput = useRef<HTMLInputElement>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  /** The fields a submit found empty, each marked where it is until it is filled. */
  const [missing, setMissing] = useState<ReadonlySet<Required>>(new Set());
  const [busy, setBusy] = useState(false);
  const progress = useUploadProgress();

  useEffect(
    () => () => {
      if (resetTimer.current) clearTimeout(resetTimer.current);
    },
    [],
  );

  const semesters = semestersOf(fields.year);
  const subjects = fields.branch && fields.semester ? subjectsFor(fields.branch, fields.semester) : [];
  const units = fields.subject ? unitOptions(fields.subject) : [];
  const noSubjects = Boolean(fields.branch && fields.semester) && subjects.length === 0;

  const filled = (names: readonly Required[]) =>
    setMissing((current) => new Set([...current].filter((name) => !names.includes(name))));
  const missingText = (name: Required) => (missing.has(name) ? UPLOAD_TEXTS.missing[name] : undefined);

  // Each choice clears the choices that depend on it (product §4: the year resets the semester).
  const choose = (changes: Partial<Fields>) => {
    setProblem(null);
    filled(Object.entries(changes).flatMap(([name, value]) => (value ? [name as Required] : [])));
    setFields((current) => ({ ...current, ...changes }));
  };

  function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    setProblem(null);
    filled(['file']);
    const chosen = event.target.files?.[0] ?? null;
    if (chosen && !isPdf(chosen)) {
      setFile(null);
      setFileProblem(UPLOAD_TEXTS.notPdf);
      event.target.value = '';
      return;
    }
    setFileProblem(null);
    setFile(chosen);
  }

  // A teacher uploads a subject unit by unit: the subject stays chosen and the next unit is picked.
  function readyForNextUnit() {
    setFields((current) => ({ ...current, unit: nextUnit(current.subject, current.unit) }));
    setFile(null);
    setFileProblem(null);
    setProblem(null);
    if (fileInput.current) fileInput.current.value = '';
    progress.reset();
    setBusy(false);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const { branch, year, semester, subject, unit } = fields;
    const empty = (Object.entries({ file, branch, year, semester, subject, unit }) as [Required, unknown][])
      .filter(([, value]) => !value)
      .map(([name]) => name);
    setMissing(new Set(empty));
    if (!file || !branch || !year || !semester || !subject || !unit) {
      setProblem(UPLOAD_TEXTS.allFieldsRequired);
      return;
    }
    setProblem(null);
    setBusy(true);
    progress.start();
    try {
      const reply = await uploadNote(
        file,
        { branch, year, semester: semesterLabel(semester), subject, unit },
        { timeoutMs: uploadTimeoutMs, onProgress: progress.report },
      );
      progress.finish();
      notify.success(reply.state === 'pending' ? UPLOAD_TEXTS.submitted : UPLOAD_TEXTS.success, {
        autoClose: UPLOAD_SUCCESS_TOAST_MS,
      });
      resetTimer.current = setTimeout(readyForNextUnit, UPLOAD_FORM_RESET_MS);
    } catch (error) {
      progress.reset();
      setBusy(false);
      notify.error(UPLOAD_TEXTS.failure, { autoClose: UPLOAD_FAILURE_TOAST_MS });
      const detail = isTimeout(error)
        ? UPLOAD_TEXTS.timedOut(Math.round(uploadTimeoutMs / 1000))
        : apiErrorMessage(error, '');
      setProblem(detail ? `${UPLOAD_TEXTS.failure} ${detail}` : UPLOAD_TEXTS.failure);
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
        <FileBox>
          <label htmlFor={fileId}>PDF file</label>
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            name="pdf"
            accept="application/pdf,.pdf"
            disabled={busy}
            onChange={chooseFile}
            aria-invalid={fileProblem || missing.has('file') ? true : undefined}
            aria-describedby={fileHintId}
          />
          {fileProblem || missing.has('file') ? (
            <FormProblem id={fileHintId} role={fileProblem ? 'alert' : undefined}>
              {fileProblem ?? UPLOAD_TEXTS.missing.file}
            </FormProblem>
          ) : (
            <FieldHint id={fileHintId}>{file ? `Chosen: ${file.name}` : 'PDF files only.'}</FieldHint>
          )}
        </FileBox>
        <SelectField
          label="Branch"
          placeholder="Select branch"
          value={fields.branch}
          problem={missingText('branch')}
          disabled={busy}
          options={UPLOAD_BRANCHES.map((branch) => ({ value: branch, label: branch }))}
          onChange={(branch) => choose({ branch, subject: '', unit: '' })}
        />
        <SelectField
          label="Year"
          placeholder="Select year"
          value={fields.year}
          problem={missingText('year')}
          disabled={busy}
          options={UPLOAD_YEARS.map((year) => ({ value: year, label: year }))}
          onChange={(year) => choose({ year, semester: '', subject: '', unit: '' })}
        />
        <SelectField
          label="Semester"
          placeholder="Select semester"
          value={fields.semester}
          problem={missingText('semester')}
          disabled={busy || semesters.length === 0}
          options={semesters.map((semester) => ({ value: String(semester), label: semesterLabel(semester) }))}
          onChange={(semester) => choose({ semester, subject: '', unit: '' })}
        />
        <SelectField
          label="Subject"
          placeholder="Select subject"
          value={fields.subject}
          problem={missingText('subject')}
          disabled={busy || subjects.length === 0}
          options={subjects.map((subject) => ({ value: subject.code, label: subjectOptionLabel(subject) }))}
          onChange={(subject) => choose({ subject, unit: '' })}
          hint={noSubjects ? UPLOAD_TEXTS.noSubjects : undefined}
        />
        <SelectField
          label="Unit"
          placeholder="Select unit"
          value={fields.unit}
          problem={missingText('unit')}
          disabled={busy || units.length === 0}
          options={units}
          onChange={(unit) => choose({ unit })}
        />
        {(busy || progress.percent > 0) && <ProgressBar percent={progress.percent} label="Upload progress" />}
        {problem && <FormProblem role="alert">{problem}</FormProblem>}
        <Button type="submit" disabled={busy}>
          {busy ? 'Uploading...' : 'Upload'}
        </Button>
      </FormCard>
    </FormPage>
  );
}
