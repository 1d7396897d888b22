/** The upload page's texts: product §5 and §8 word for word, and our own where the SPEC is silent. */
export const UPLOAD_TEXTS = {
  allFieldsRequired: '⚠️ All fields are required!',
  success: '✅ Upload successful!',
  failure: '❌ Upload failed. Please try again.',
  notPdf: 'Only PDF files can be uploaded.',
  adminsOnly: 'Only admins can upload notes.',
  noSubjects: 'No notes subjects for this branch yet.',
  timedOut: (seconds: number) => `The upload did not finish within ${seconds} s.`,
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

/** The admin frame's texts: product §2 and §8 word for word. */
export const ADMIN_TEXTS = {
  welcome: 'Welcome, Admin',
  accessDenied: 'Access Denied: Admins only',
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
