/**
 * A unit's notes in the review queue (decisions 006, 026): a PDF that, once approved, becomes its unit's current
 * file, the one before it history.
 */
import { describeUpload } from '@studyhub/contract/schemas';
import { findSubject } from '@studyhub/contract/catalog';
import {
  addCurrentNoteFile,
  approvePendingNoteFile,
  insertPendingNoteFile,
} from '../repositories/note-files';
import {
  newPendingColumns,
  pdfAuditDetails,
  storedPdfColumns,
  subjectTitle,
  type UploadKindPolicy,
} from './upload-kinds';

export const NOTE_UPLOADS: UploadKindPolicy<'note'> = {
  auditArea: 'notes',
  publishAction: 'notes.upload',

  newRow({ target, pdf, uploaderId }, at) {
    return {
      ...newPendingColumns(uploaderId, at),
      branch: target.branch,
      year: target.year,
      semester: target.semester,
      subject_code: target.subject.code,
      unit: target.unit,
      ...storedPdfColumns(pdf),
      current: 0,
    };
  },

  insert: (trx, dialect, row) =>
    row.state === 'approved' ? addCurrentNoteFile(trx, dialect, row) : insertPendingNoteFile(trx, row),
  approve: approvePendingNoteFile,
  // As uploads have always been written in the Activity trail.
  auditTarget: (row) => `${row.branch} ${row.subject_code} unit ${row.unit}`,
  auditDetails: pdfAuditDetails,
  label: (row) => `${subjectTitle(row.subject_code)}, Unit ${row.unit} (${row.original_name})`,
  subjectUpdate: (row) => ({ subject_code: row.subject_code, kind: 'note', unit: row.unit, session: null }),
  storageName: (row) => row.storage_name,

  toItem: (row, review, file) => ({
    kind: 'note',
    ...review,
    subject: findSubject(row.subject_code)?.name ?? row.subject_code,
    subjectCode: row.subject_code,
    ...describeUpload(row),
    fileName: row.original_name,
    size: row.size,
    file,
  }),
};
