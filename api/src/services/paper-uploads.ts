/**
 * A previous-year question paper in the review queue (decision 034): a subject's exam PDF of one session that,
 * once approved, becomes that session's current paper, the one before it history.
 */
import {
  addCurrentPaper,
  approvePendingPaper,
  insertPendingPaper,
  paperSession,
} from '../repositories/question-papers';
import {
  pdfAuditDetails,
  newPendingColumns,
  storedPdfColumns,
  subjectPlace,
  subjectTitle,
  type UploadKindPolicy,
} from './upload-kinds';

export const PAPER_UPLOADS: UploadKindPolicy<'paper'> = {
  auditArea: 'papers',
  publishAction: 'papers.upload',

  newRow({ target, pdf, uploaderId }, at) {
    return {
      ...newPendingColumns(uploaderId, at),
      subject_code: target.subject.code,
      session_year: target.session.year,
      session_month: target.session.month,
      scheme: target.scheme,
      ...storedPdfColumns(pdf),
      current: 0,
    };
  },

  insert: (trx, dialect, row) =>
    row.state === 'approved' ? addCurrentPaper(trx, dialect, row) : insertPendingPaper(trx, row),
  approve: approvePendingPaper,
  auditTarget: (row) => `${row.subject_code} paper ${paperSession(row)}`,
  auditDetails: pdfAuditDetails,
  label: (row) =>
    `${subjectTitle(row.subject_code)}, question paper ${paperSession(row)} (${row.original_name})`,
  subjectUpdate: (row) => ({
    subject_code: row.subject_code,
    kind: 'paper',
    unit: null,
    session: paperSession(row),
  }),
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
