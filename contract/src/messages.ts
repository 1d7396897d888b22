/** User-facing texts of product §2 and §8 that more than one place needs, kept word for word. */
export const MESSAGES = {
  loginRequired: 'Please log in to access this content.',
  sessionExpired: '⏳ Session expired. Please log in again.',
  adminsOnlyToast: 'Access Denied: Admins only.',
  loginToAccessNotes: 'Please log in to access notes',
  noMatchingCategory: 'Oops! No matching category found.',
  noUploadsYet: 'No uploads yet.',
  missingSubjectContext: 'Missing subject context. Please navigate via the Notes page.',
  subjectNotFound: 'Subject Not Found',
  areaUnavailable: 'This section is temporarily unavailable',
  offline: 'You are offline. This page needs a connection; saved units are under Saved for offline.',
} as const;
