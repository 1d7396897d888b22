/** Uploads as the API describes them, for the review and My uploads pages' tests. */
import type { ReviewItem, UploadItem } from '@studyhub/contract/schemas';

type NoteUpload = Extract<UploadItem, { kind: 'note' }>;
type PaperUpload = Extract<UploadItem, { kind: 'paper' }>;
type QuestionUpload = Extract<UploadItem, { kind: 'question' }>;

const TEACHER_UPLOADER: ReviewItem['uploader'] = {
  id: 't1',
  name: 'Meera Teacher',
  email: 'meera@example.com',
};

/** What every kind shares: a CS-601 upload named `id`, pending. */
function pendingBase(id: string) {
  return {
    _id: id,
    subject: 'Machine Learning',
    subjectCode: 'CS-601',
    branch: 'CSE',
    year: 'Third Year',
    semester: 'Semester 6',
    uploadedAt: '2025-05-09T10:30:00.000Z',
    state: 'pending' as const,
    decidedAt: null,
    reason: null,
    expiresAt: '2025-05-23T10:30:00.000Z',
  };
}

/** The signed links a pending PDF's list gives. */
function fileOf(id: string) {
  const url = `/api/uploads/${id}/file?expires=99&sig=s-${id}`;
  return { url, downloadUrl: `${url}&download=1` };
}

/** A pending CS-601 Unit 3 upload of notes named `id`, with the signed links its list gives. */
export function pendingUpload(id: string, overrides: Partial<NoteUpload> = {}): NoteUpload {
  return {
    ...pendingBase(id),
    kind: 'note',
    unit: 'Unit 3',
    fileName: `${id}.pdf`,
    size: 1_468_006,
    file: fileOf(id),
    ...overrides,
  };
}

/** A pending CS-601 question paper of May 2024. */
export function pendingPaper(id: string, overrides: Partial<PaperUpload> = {}): PaperUpload {
  return {
    ...pendingBase(id),
    kind: 'paper',
    session: 'May 2024',
    scheme: '2019 scheme',
    fileName: `${id}.pdf`,
    size: 820 * 1024,
    file: fileOf(id),
    ...overrides,
  };
}

/** A pending important question of CS-601 Unit 2. */
export function pendingQuestion(id: string, overrides: Partial<QuestionUpload> = {}): QuestionUpload {
  return {
    ...pendingBase(id),
    kind: 'question',
    unit: 'Unit 2',
    text: 'Explain the bias–variance trade-off.\n(a) with a diagram\n(b) with an example',
    marks: 10,
    askedIn: ['May 2024', 'Dec 2023'],
    ...overrides,
  };
}

type QueuedNote = Extract<ReviewItem, { kind: 'note' }>;

/** The same notes in the admins' queue, sent by a teacher. */
export function queuedUpload(id: string, overrides: Partial<QueuedNote> = {}): QueuedNote {
  return { ...pendingUpload(id), uploader: TEACHER_UPLOADER, ...overrides };
}

/** Any upload in the admins' queue, sent by a teacher. */
export function queued<Upload extends UploadItem>(upload: Upload): Upload & Pick<ReviewItem, 'uploader'> {
  return { ...upload, uploader: TEACHER_UPLOADER };
}
