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

const RESPONSE_NAMES = new Set(['ResponseException', 'UnexpectedResponseException', 'MissingPDFException']);
const DAMAGED_NAMES = new Set(['InvalidPDFException', 'FormatError']);

export function loadFailureOf(error: unknown): LoadFailure {
  if (typeof error !== 'object' || error === null) return 'unavailable';
  const { name, status } = error as { name?: unknown; status?: unknown };
  if (typeof name === 'string' && RESPONSE_NAMES.has(name)) {
    if (status === 401) return 'session-expired';
    if (status === 404 || name === 'MissingPDFException') return 'missing';
    return 'unavailable';
  }
  if (name === 'PasswordException') return 'protected';
  if (typeof name === 'string' && DAMAGED_NAMES.has(name)) return 'damaged';
  return 'unavailable';
}

/**
 * Why one page of a loaded PDF could not be shown. Its bytes come by range requests, so an HTTP answer is the
 * connection's or the session's, as for the whole file; anything else pdf.js threw while reading or drawing the
 * page (a FormatError, an UnknownErrorException from the worker) is the file's: trying again cannot help.
 */
export function pageFailureOf(error: unknown): LoadFailure {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  if (typeof name === 'string' && RESPONSE_NAMES.has(name)) return loadFailureOf(error);
  if (error instanceof TypeError) return 'unavailable';
  return 'damaged';
}
