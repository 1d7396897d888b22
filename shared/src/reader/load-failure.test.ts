import { describe, expect, it } from '@jest/globals';
import { loadFailureOf, pageFailureOf } from './load-failure';

/** An error as pdf.js throws it: its exceptions are Errors named after their class, HTTP ones with a status. */
function pdfJsError(name: string, status?: number): Error {
  const error = new Error(`${name} from pdf.js`);
  error.name = name;
  return Object.assign(error, status === undefined ? {} : { status });
}

describe('loadFailureOf', () => {
  it('takes a 401 answer for an ended session', () => {
    expect(loadFailureOf(pdfJsError('ResponseException', 401))).toBe('session-expired');
  });

  it('takes a 404 answer for a file no longer there', () => {
    expect(loadFailureOf(pdfJsError('ResponseException', 404))).toBe('missing');
  });

  it('takes other answers for a passing failure', () => {
    expect(loadFailureOf(pdfJsError('ResponseException', 503))).toBe('unavailable');
    expect(loadFailureOf(new TypeError('Failed to fetch'))).toBe('unavailable');
    expect(loadFailureOf('a string')).toBe('unavailable');
  });

  it('takes a file pdf.js cannot parse for a damaged one, an encrypted one for protected', () => {
    expect(loadFailureOf(pdfJsError('InvalidPDFException'))).toBe('damaged');
    expect(loadFailureOf(pdfJsError('FormatError'))).toBe('damaged');
    expect(loadFailureOf(pdfJsError('PasswordException'))).toBe('protected');
  });
});

describe('pageFailureOf', () => {
  it.each([
    ['UnknownErrorException', undefined, 'damaged'],
    ['FormatError', undefined, 'damaged'],
    ['Error', undefined, 'damaged'],
    ['ResponseException', 401, 'session-expired'],
    ['ResponseException', 404, 'missing'],
    ['UnexpectedResponseException', 500, 'unavailable'],
  ] as const)('takes %s (%s) while reading a page for %s', (name, status, failure) => {
    expect(pageFailureOf(pdfJsError(name, status))).toBe(failure);
  });

  it('takes a failed fetch for the connection', () => {
    expect(pageFailureOf(new TypeError('Failed to fetch'))).toBe('unavailable');
  });
});
