/**
 * A previous-year question paper in the review queue (decision 034): a subject's exam PDF of one session that,
 * once approved, becomes that session's current paper, the one before it history.
 */
import { randomUUID } from 'node:crypto';
import {
  addCurrentPaper,
  approvePendingPaper,
  insertPendingPaper,
  paperSession,
} from '../repositories/question-papers';
import {
  pdfAuditDetails,
  sanitiseFileName,
  subjectPlace,
  subjectTitle,
  type UploadKindPolicy,
} from './upload-kinds';

export const PAPER_UPLOADS: UploadKindPolicy<'paper'> = {
  auditArea: 'papers',
  publishAction: 'papers.upload',

  newRow({ target, pdf, uploaderId }, at) {
    return {
      id: randomUUID(),
      subject_code: target.subject.code,
      session_year: target.session.year,
      session_month: target.session.month,
      scheme: target.scheme,
      storage_name: pdf.stored.storageName,
      original_name: sanitiseFileName(pdf.originalName),
      size: pdf.stored.size,
      sha256: pdf.stored.sha256,
      uploaded_by: uploaderId,
      uploaded_at: at.toISOString(),
      current: 0,
      state: 'pending',
      published_at: null,
      decided_by: null,
      decided_at: null,
      reason: null,
    };
  },

  insert: (trx, dialect, row) =>
    row.state === 'approved' ? addCurrentPaper(trx, dialect, row) : insertPendingPaper(trx, row),
  approve: approvePendingPaper,
  auditTarget: (row) => `${row.subject_code} paper ${paperSession(row)}`,
  auditDetails: pdfAuditDetails,
  label: (row) =>
    `${subjectTitle(row.subject_code)}, question paper ${paperSession(row)} (${row.original_name})`,
  storageName: (row) => row.storage_name,

  toItem: (row, review, file) => ({
    kind: 'paper',
    ...review,
    ...subjectPlace(row.subject_code),
    session: paperSession(row),
    scheme: row.scheme,
    fileName: row.original_name,
    size: row.size,
    file,
  }),
};
