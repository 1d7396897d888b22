import { describe, expect, it } from '@jest/globals';
import { paperUploadQuery, parseExamSession, questionBody, PAPER_MESSAGES } from './papers';
import { UPLOAD_MESSAGES } from './notes';

const NOW = new Date('2026-11-27T06:00:00Z');

describe('parseExamSession', () => {
  it.each([
    ['May 2024', 'May 2024'],
    ['may 2024', 'May 2024'],
    ['  DEC   2023 ', 'Dec 2023'],
    ['Nov 2026', 'Nov 2026'],
    ['Jan 1990', 'Jan 1990'],
  ])('reads %p as %p', (text, label) => {
    expect(parseExamSession(text, NOW)).toMatchObject({ label });
  });

  it.each(['Dec 2026', 'Jan 2027', 'May 2099'])('calls %p a session yet to come', (text) => {
    expect(parseExamSession(text, NOW)).toBe('future');
  });

  it.each([
    'May',
    '2024',
    'May 24',
    'Mayy 2024',
    'Sept 2024',
    'Foo 2024',
    'Dec 1989',
    'May-2024',
    'May 20245',
    '',
  ])('refuses %p', (text) => {
    expect(parseExamSession(text, NOW)).toBeNull();
  });
});

describe('paperUploadQuery', () => {
  it('finds the subject in any case, names the session and drops a blank scheme', () => {
    const query = paperUploadQuery.parse({ subject: 'cs-502', session: 'may 2024', scheme: '  ' });
    expect(query.subject.code).toBe('CS-502');
    expect(query.session).toMatchObject({ year: 2024, month: 5, label: 'May 2024' });
    expect(query.scheme).toBeNull();
  });

  it.each([
    [{ subject: 'CS-999', session: 'May 2024' }, PAPER_MESSAGES.subject],
    [{ subject: 'CS-502', session: '2024' }, PAPER_MESSAGES.session],
    [{ subject: 'CS-502', session: 'May 2099' }, PAPER_MESSAGES.sessionFuture],
    [{ subject: 'CS-502', session: 'May 2024', scheme: 'x'.repeat(41) }, PAPER_MESSAGES.scheme],
    [{ subject: 'CS-502', session: 'May 2024', scheme: 'CBGS\u202e' }, PAPER_MESSAGES.scheme],
  ])('refuses %p with its message', (query, message) => {
    const result = paperUploadQuery.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('questionBody', () => {
  const valid = { subject: 'CS-502', unit: 2, text: 'Explain the phases of a compiler.' };

  it('keeps distinct sessions newest first and marks null when absent', () => {
    const body = questionBody.parse({ ...valid, askedIn: ['dec 2022', 'May 2024', 'Dec 2022', 'Nov 2023'] });
    expect(body.askedIn).toEqual(['May 2024', 'Nov 2023', 'Dec 2022']);
    expect(body.marks).toBeNull();
  });

  it.each([
    [{ ...valid, unit: 0 }, UPLOAD_MESSAGES.unit],
    [{ ...valid, unit: 99 }, UPLOAD_MESSAGES.unit],
    [{ ...valid, unit: 1.5 }, UPLOAD_MESSAGES.unit],
    [{ ...valid, text: '   ' }, PAPER_MESSAGES.question],
    [{ ...valid, text: 'a'.repeat(1001) }, PAPER_MESSAGES.questionTooLong],
    [{ ...valid, text: 'bidi \u202e' }, PAPER_MESSAGES.questionCharacters],
    [{ ...valid, marks: 0 }, PAPER_MESSAGES.marks],
    [{ ...valid, marks: 7.5 }, PAPER_MESSAGES.marks],
    [{ ...valid, askedIn: Array.from({ length: 13 }, () => 'May 2024') }, PAPER_MESSAGES.askedIn],
    [{ ...valid, askedIn: ['someday'] }, PAPER_MESSAGES.session],
  ])('refuses body %# with its message', (body, message) => {
    const result = questionBody.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
