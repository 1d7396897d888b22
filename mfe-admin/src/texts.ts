/** The upload page's texts: SPEC §5 and §8 word for word, and our own where the SPEC is silent. */
export const UPLOAD_TEXTS = {
  allFieldsRequired: '⚠️ All fields are required!',
  success: '✅ Upload successful!',
  failure: '❌ Upload failed. Please try again.',
  notPdf: 'Only PDF files can be uploaded.',
  adminsOnly: 'Only admins can upload notes.',
  noSubjects: 'No notes subjects for this branch yet.',
  timedOut: (seconds: number) => `The upload did not finish within ${seconds} s.`,
} as const;
