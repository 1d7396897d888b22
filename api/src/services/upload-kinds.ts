/**
 * What each kind of upload in the review queue does its own way (decision 034): the row a new upload becomes,
 * how it is recorded and approved, how the Activity trail, the mails and the upload lists name it. The queue's
 * policy (services/upload-reviews.ts) is the same for every kind and asks the kind's `UploadKindPolicy` for these;
 * each kind's is in its own module (note-uploads.ts, paper-uploads.ts, question-uploads.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { yearInfo } from '@studyhub/contract';
import { findSubject, NOTES_BRANCH } from '@studyhub/contract/catalog';
import type {
  paperUploadQuery,
  questionBody,
  UploadFileLinks,
  UploadItem,
  UploadKind,
  uploadQuery,
} from '@studyhub/contract/schemas';
import type { z } from 'zod';
import type { Dialect } from '../db/database';
import type { Database } from '../db/schema';
import type { NewSubjectUpdate } from '../repositories/digests';
import type { Decision, UploadRows } from '../repositories/uploads';
import type { StoredFile } from './note-store';

/** A PDF the upload route stored, and the name its sender gave it. */
export interface ReceivedPdf {
  stored: StoredFile;
  originalName: string;
}

/** What each kind's route hands over, checked by the contract's schemas. */
export interface NewUploads {
  note: { target: z.output<typeof uploadQuery>; pdf: ReceivedPdf };
  paper: { target: z.output<typeof paperUploadQuery>; pdf: ReceivedPdf };
  question: { question: z.output<typeof questionBody> };
}
/** A new upload of kind K, and who sent it. */
export type NewUpload<K extends UploadKind> = { kind: K; uploaderId: string } & NewUploads[K];

/** What every kind's upload item says of its review, as the queue's policy fills it in: id, dates, state. */
export type ReviewFields = Pick<
  UploadItem,
  '_id' | 'uploadedAt' | 'state' | 'decidedAt' | 'reason' | 'expiresAt'
>;

export interface UploadKindPolicy<K extends UploadKind> {
  /** The Activity trail's actions of this kind: `<area>.submit`, `.approve`, `.reject`, `.expire`. */
  auditArea: 'notes' | 'papers' | 'questions';
  /** The action of an admin's own upload, published at once (`notes.upload`, `questions.add`). */
  publishAction: string;
  /** The row of a new upload, pending until the queue's policy knows who may send it. */
  newRow(upload: NewUpload<K>, at: Date): UploadRows[K];
  /** Records `row` in the caller's transaction, approved (published) or pending as its state says. */
  insert(trx: Transaction<Database>, dialect: Dialect, row: UploadRows[K]): Promise<void>;
  /** Approves a pending, unexpired upload (one conditional update); nothing when it was not pending. */
  approve(
    db: Kysely<Database>,
    dialect: Dialect,
    id: string,
    decision: Decision,
  ): Promise<UploadRows[K] | undefined>;
  /** The Activity trail's target: `CSE CS-601 unit 3`. */
  auditTarget(row: UploadRows[K]): string;
  /** What identifies it in the Activity trail beside its id; `recorded` adds what its upload stored. */
  auditDetails(row: UploadRows[K], recorded?: 'recorded'): Record<string, unknown>;
  /** How mails name it: "CS-601 Machine Learning, Unit 3 (ml-unit-3.pdf)". */
  label(row: UploadRows[K]): string;
  /** What followers of its subject read of it in their digest once it is visible (decision 039). */
  subjectUpdate(row: UploadRows[K]): NewSubjectUpdate;
  /** The stored PDF, removed when rejected or expired; null for a kind with no file. */
  storageName(row: UploadRows[K]): string | null;
  /** Its upload item: `review` as given, `file` a pending PDF's links (null once decided, or with no file). */
  toItem(
    row: UploadRows[K],
    review: ReviewFields,
    file: UploadFileLinks | null,
  ): Extract<UploadItem, { kind: K }>;
}

/** Keeps what a reader might want to see of the uploader's file name, and nothing that could act as a path. */
export function sanitiseFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return base.replace(/[^\w.() -]+/g, '_').slice(0, 120) || 'upload.pdf';
}

/** "CS-502 Compiler Design": a subject by code and name, as mails name it. */
export function subjectTitle(code: string): string {
  const subject = findSubject(code);
  return subject ? `${code} ${subject.name}` : code;
}

/**
 * Where a subject sits, as a recent-note card says it (name, branch, year, semester), for kinds that store only
 * its code: the catalog says the rest. A code the catalog no longer lists keeps its code and says no more.
 */
export function subjectPlace(code: string) {
  const subject = findSubject(code);
  return {
    subject: subject?.name ?? code,
    subjectCode: code,
    branch: NOTES_BRANCH,
    year: subject ? yearInfo(subject.year).label : '',
    semester: subject ? `Semester ${subject.semester}` : '',
  };
}

/** What every new upload's row starts with: a fresh id, who sent it when, and pending (record() may publish it). */
export function newPendingColumns(uploaderId: string, at: Date) {
  return {
    id: randomUUID(),
    uploaded_by: uploaderId,
    uploaded_at: at.toISOString(),
    state: 'pending' as const,
    published_at: null,
    decided_by: null,
    decided_at: null,
    reason: null,
  };
}

/** The columns of a PDF the note store kept: its server-chosen name, the sender's name sanitised, size and hash. */
export function storedPdfColumns(pdf: { stored: StoredFile; originalName: string }) {
  return {
    storage_name: pdf.stored.storageName,
    original_name: sanitiseFileName(pdf.originalName),
    size: pdf.stored.size,
    sha256: pdf.stored.sha256,
  };
}

/** A stored PDF in the Activity trail: its sanitised name, and when recorded its size and hash too. */
export function pdfAuditDetails(
  row: { original_name: string; size: number; sha256: string },
  recorded?: 'recorded',
): Record<string, unknown> {
  return recorded
    ? { size: row.size, sha256: row.sha256, file: row.original_name }
    : { file: row.original_name };
}
