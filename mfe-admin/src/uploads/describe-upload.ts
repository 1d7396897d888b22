/**
 * How My uploads and Review uploads name an upload of each kind (decision 034): a unit's notes by their unit, a
 * question paper by its exam session, an important question by its unit and its words.
 */
import type { UploadItem, UploadKind } from '@studyhub/contract/schemas';

/** An upload that is a PDF (notes or a question paper): it has a file name, a size and, while pending, links. */
export type FileUpload = Exclude<UploadItem, { kind: 'question' }>;
export type QuestionUpload = Extract<UploadItem, { kind: 'question' }>;

export const KIND_LABELS: Record<UploadKind, string> = {
  note: 'Notes',
  paper: 'Question paper',
  question: 'Question',
};

export const isFileUpload = (upload: UploadItem): upload is FileUpload => upload.kind !== 'question';

/** What tells it apart within its subject: "Unit 3", "May 2024 · 2019 scheme". */
export function identityOf(upload: UploadItem): string {
  return upload.kind === 'paper' ? [upload.session, upload.scheme].filter(Boolean).join(' · ') : upload.unit;
}

/** "CS-601 Machine Learning · Unit 3": the upload's title in a list. */
export const titleOf = (upload: UploadItem) =>
  `${upload.subjectCode} ${upload.subject} · ${identityOf(upload)}`;

const QUOTE_MAX = 60;

/** The start of a question's words, on one line: what a dialog quotes of it. */
export function quoteOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return `“${line.length > QUOTE_MAX ? `${line.slice(0, QUOTE_MAX - 1)}…` : line}”`;
}

/** How a dialog names an upload: "CS-601 · Unit 3: ml-unit-3.pdf", "CS-601 · Unit 2: “Explain …”". */
export function nameOf(upload: UploadItem): string {
  const what = upload.kind === 'question' ? quoteOf(upload.text) : upload.fileName;
  return `${upload.subjectCode} · ${identityOf(upload)}: ${what}`;
}

/** A question's marks and sessions: "10 marks · Asked in May 2024, Dec 2023"; empty when it has neither. */
export function questionFacts(question: QuestionUpload): string {
  return [
    question.marks !== null && `${question.marks} ${question.marks === 1 ? 'mark' : 'marks'}`,
    question.askedIn.length > 0 && `Asked in ${question.askedIn.join(', ')}`,
  ]
    .filter(Boolean)
    .join(' · ');
}
