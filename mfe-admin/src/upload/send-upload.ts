/**
 * Sending the form's draft as its kind's call (decision 034), after the server's own rules have been checked
 * here with the contract's schemas, so a question too long or marks out of range are marked at their field
 * before anything is sent.
 */
import { paperUploadQuery, questionBody, type UploadKind } from '@studyhub/contract/schemas';
import { proposeQuestion } from '../api/propose-question';
import type { SendPdfOptions } from '../api/send-pdf';
import { uploadNote } from '../api/upload-note';
import { uploadPaper } from '../api/upload-paper';
import { sessionText } from './exam-sessions';
import type { DraftField, UploadDraft } from './upload-draft';
import { semesterLabel } from './upload-options';

/** "Unit 3" → 3. */
const unitNumber = (unit: string) => Number(unit.replace(/^Unit\s+/, ''));

function questionOf(draft: UploadDraft) {
  return {
    subject: draft.subject,
    unit: unitNumber(draft.unit),
    text: draft.text,
    marks: draft.marks.trim() === '' ? null : Number(draft.marks),
    askedIn: [...draft.askedIn],
  };
}

const paperOf = (draft: UploadDraft) => ({
  subject: draft.subject,
  session: sessionText(draft.sessionMonth, draft.sessionYear),
  scheme: draft.scheme.trim(),
});

/** Which field of the form each field of a call stands for. */
const FIELD_OF: Record<string, DraftField> = {
  subject: 'subject',
  unit: 'unit',
  text: 'text',
  marks: 'marks',
  askedIn: 'askedIn',
  session: 'sessionMonth',
  scheme: 'scheme',
};

/** A schema's safeParse result, as far as the form reads it. */
type Checked =
  | { success: true }
  | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

function problemsOf(result: Checked): Partial<Record<DraftField, string>> {
  if (result.success) return {};
  const problems: Partial<Record<DraftField, string>> = {};
  for (const issue of result.error.issues) {
    const field = FIELD_OF[String(issue.path[0])];
    if (field && !problems[field]) problems[field] = issue.message;
  }
  return problems;
}

/** What the server would refuse in a complete draft, by field, in its own words; empty when all is well. */
export function draftProblems(kind: UploadKind, draft: UploadDraft): Partial<Record<DraftField, string>> {
  if (kind === 'paper') return problemsOf(paperUploadQuery.safeParse(paperOf(draft)));
  if (kind === 'question') return problemsOf(questionBody.safeParse(questionOf(draft)));
  return {};
}

/** Sends a complete, checked draft; answers whether it is live (an admin's) or waits for review (a teacher's). */
export async function sendUpload(
  kind: UploadKind,
  draft: UploadDraft,
  file: File | null,
  options: SendPdfOptions & { timeoutMs: number },
): Promise<'approved' | 'pending'> {
  if (kind === 'question') return (await proposeQuestion(questionOf(draft), options.timeoutMs)).state;
  // The form sends only once missingFields has found the PDF.
  if (!file) throw new Error('An upload of notes or a paper needs its PDF.');
  if (kind === 'paper') return (await uploadPaper(file, paperOf(draft), options)).state;
  const { branch, year, semester, subject, unit } = draft;
  const query = { branch, year, semester: semesterLabel(semester), subject, unit };
  return (await uploadNote(file, query, options)).state;
}
