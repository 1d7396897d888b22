/**
 * Why a PDF could not be shown, from what pdf.js threw. pdf.js's exceptions are told apart by `name` (and
 * `status` for an HTTP answer) rather than `instanceof`, so this module does not pull pdf.js into the page
 * that only needs the answer, and so the rules can be tested without it.
 */
export type LoadFailure =
  /** 401: the session ended; the app logs out as it does for any 401 (product §8). */
  | 'session-expired'
  /** 404: the unit's file was replaced or removed since the page listed it. */
  | 'missing'
  /** The bytes arrived but are not a drawable PDF. */
  | 'damaged'
  /** An encrypted PDF that needs a password the reader does not ask for. */
  | 'protected'
  /** No answer, or an unexpected one (offline, 5xx, a dropped connection). */
  | 'unavailable';

const DAMAGED_NAMES = new Set(['InvalidPDFException', 'FormatError']);

export function loadFailureOf(error: unknown): LoadFailure {
  if (typeof error !== 'object' || error === null) return 'unavailable';
  const { name, status } = error as { name?: unknown; status?: unknown };
  if (
    name === 'ResponseException' ||
    name === 'UnexpectedResponseException' ||
    name === 'MissingPDFException'
  ) {
    if (status === 401) return 'session-expired';
    if (status === 404 || name === 'MissingPDFException') return 'missing';
    return 'unavailable';
  }
  if (name === 'PasswordException') return 'protected';
  if (typeof name === 'string' && DAMAGED_NAMES.has(name)) return 'damaged';
  return 'unavailable';
}
