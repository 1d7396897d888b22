/** The upload page's texts: product §5 and §8 word for word, and our own where the SPEC is silent. */
export const UPLOAD_TEXTS = {
  allFieldsRequired: '⚠️ All fields are required!',
  /** Papers and questions have optional fields too: only the marked ones are wanted. */
  fillMarked: '⚠️ Please fill in the marked fields.',
  correctMarked: '⚠️ Please correct the marked fields.',
  /** The kinds of upload (decision 034). */
  kindLegend: 'What are you uploading?',
  kinds: { note: 'Notes', paper: 'Question paper', question: 'Important question' },
  /** Beside each field a submit found empty. */
  missing: {
    file: 'Choose a PDF file.',
    branch: 'Choose a branch.',
    year: 'Choose a year.',
    semester: 'Choose a semester.',
    subject: 'Choose a subject.',
    unit: 'Choose a unit.',
    sessionMonth: 'Choose the exam month.',
    sessionYear: 'Choose the exam year.',
    text: 'Please write the question.',
  },
  success: '✅ Upload successful!',
  /** A teacher's upload waits for an admin (decision 026). */
  submitted: '✅ Upload received! An admin will review it before students can see it.',
  questionAdded: '✅ Question added!',
  questionSubmitted: '✅ Question received! An admin will review it before students can see it.',
  teacherNote: 'Students see what you upload once an admin approves it. You can follow each upload in',
  failure: '❌ Upload failed. Please try again.',
  questionFailure: '❌ The question could not be sent. Please try again.',
  notPdf: 'Only PDF files can be uploaded.',
  notAllowed: 'Only teachers and admins can upload notes.',
  noSubjects: 'No notes subjects for this branch yet.',
  timedOut: (seconds: number) => `The upload did not finish within ${seconds} s.`,
  schemeHint: 'Optional: the scheme it was set under, like "2019 scheme" or "CBGS".',
  marksHint: 'Optional: a whole number from 1 to 100.',
  askedInLegend: 'Asked in (optional)',
  askedInHint: 'Add every exam session it was asked in.',
  addSession: 'Add session',
  removeSession: (session: string) => `Remove ${session}`,
  questionLength: (length: number, max: number) => `${length}/${max} characters`,
} as const;

/** The syllabus pages' texts: product §8 "Admin" word for word, and our own where the SPEC is silent. */
export const SYLLABUS_TEXTS = {
  added: '✅ Syllabus added successfully!',
  merged: '✅ Syllabus updated with new semester links!',
  addFailed: '❌ Failed to add syllabus. Check your input.',
  updateFailed: '❌ Failed to update syllabus.',
  notFound: 'Syllabus not found.',
  saveFailed: 'Upload failed: Unauthorized or server error.',
  deleteFailed: 'Delete failed: Unauthorized or server error.',
  cleanupFailed: '❌ Failed to clean duplicates. Check admin access or server.',
  saved: 'Syllabus entry saved.',
  deleted: 'Syllabus entry deleted.',
  loading: 'Loading syllabus entries...',
  loadFailed: 'Could not load the syllabus entries.',
  empty: 'No syllabus entries yet.',
  confirmDelete: (label: string) => `Delete the syllabus entry ${label}? Its semester links go with it.`,
  confirmCleanup:
    'Merge syllabus entries that differ only in case or spacing? The oldest of each group keeps its links and gains the links it lacks; the others are deleted.',
} as const;

/** The admin frame's texts: product §2 and §8 word for word; the teachers' pages are ours (decision 026). */
export const ADMIN_TEXTS = {
  welcome: 'Welcome, Admin',
  accessDenied: 'Access Denied: Admins only',
  teachersOnly: 'Access Denied: Teachers and admins only',
  teachersOnlyToast: 'Access Denied: Teachers and admins only.',
  /** The /api/me check on entering an admin page (product §8 "401, 403 or no token"). */
  sessionExpired: 'Session expired. Please login again.',
  checking: 'Checking your session',
} as const;

/** The users page's texts: product §8 word for word, and our own where the SPEC is silent. */
export const USERS_TEXTS = {
  sessionExpired: 'Session expired. Please log in again.',
  loadFailed: 'Failed to load users',
  roleFailed: 'Failed to update role',
  deleteFailed: 'Failed to delete user',
  roleUpdated: 'Role updated successfully',
  deleted: 'User deleted',
  loading: 'Loading users...',
  confirmDelete: (who: string) =>
    `Delete ${who}? They can no longer sign in. Their uploads, messages and activity stay, shown as a deleted user.`,
} as const;

/** What the review queue and My uploads say (decision 026), in the product's plain, short words. */
export const REVIEW_TEXTS = {
  intro:
    'Uploads from teachers wait here, oldest first. Students see nothing of them until you approve; a rejection tells the teacher why.',
  loading: 'Loading uploads waiting for review...',
  failed: 'Could not load the uploads waiting for review.',
  empty: 'Nothing is waiting for review.',
  read: 'Read',
  approve: 'Approve',
  reject: 'Reject',
  rejectTitle: 'Reject this upload?',
  reasonLabel: 'Reason (the teacher will read it)',
  decisionFailed: 'The decision could not be saved.',
  from: 'From',
  deletedUploader: 'a deleted account',
  expires: 'expires',
} as const;

export const MY_UPLOADS_TEXTS = {
  intro:
    'Everything you uploaded (notes, question papers, questions), newest first. Students see an upload once an admin approves it.',
  loading: 'Loading your uploads...',
  failed: 'Could not load your uploads.',
  empty: 'You have not uploaded anything yet.',
  caption: 'Your uploads',
  uploadMore: 'Upload Notes',
  states: {
    pending: 'Pending review',
    approved: 'Approved',
    rejected: 'Rejected',
    expired: 'Expired',
  },
  waitsUntil: (date: string) => `Waits for review until ${date}.`,
  approvedOn: (date: string) => `Live for students since ${date}.`,
  rejectedBecause: 'Reason:',
  expiredOn: (date: string) => `Removed on ${date}: no admin reviewed it in time.`,
} as const;
