import { describe, expect, it } from '@jest/globals';
import { serverOrClientMessage } from './error-text';
import { httpError, networkError } from '@studyhub/shared/testing';

describe('serverOrClientMessage', () => {
  it.each([
    ['the server message', httpError(401, { message: 'Nope.' }), 'Nope.'],
    ['the fallback for a reply without a message', httpError(500, 'oops'), 'Fallback.'],
    ['the fallback for no reply', networkError(), 'Fallback.'],
    ['a browser-side error’s own text', new Error('Invalid token specified'), 'Invalid token specified'],
    ['the fallback for a thrown non-error', 'boom', 'Fallback.'],
    ['the fallback for an empty message', new Error(''), 'Fallback.'],
  ])('gives %s', (_label, error, text) => {
    expect(serverOrClientMessage(error, 'Fallback.')).toBe(text);
  });
});
