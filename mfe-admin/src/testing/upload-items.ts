/** Uploads as the API describes them, for the review and My uploads pages' tests. */
import type { ReviewItem, UploadItem } from '@studyhub/contract/schemas';

/** A pending CS-601 Unit 3 upload named `id`, with the signed links its list gives. */
export function pendingUpload(id: string, overrides: Partial<UploadItem> = {}): UploadItem {
  const url = `/api/uploads/${id}/file?expires=99&sig=s-${id}`;
  return {
    _id: id,
    subject: 'Machine Learning',
    subjectCode: 'CS-601',
    unit: 'Unit 3',
    branch: 'CSE',
    year: 'Third Year',
    semester: 'Semester 6',
    fileName: `${id}.pdf`,
    size: 1_468_006,
    uploadedAt: '2025-05-09T10:30:00.000Z',
    state: 'pending',
    decidedAt: null,
    reason: null,
    expiresAt: '2025-05-23T10:30:00.000Z',
    file: { url, downloadUrl: `${url}&download=1` },
    ...overrides,
  };
}

/** The same upload in the admins' queue, sent by a teacher. */
export function queuedUpload(id: string, overrides: Partial<ReviewItem> = {}): ReviewItem {
  return {
    ...pendingUpload(id),
    uploader: { id: 't1', name: 'Meera Teacher', email: 'meera@example.com' },
    ...overrides,
  };
}
