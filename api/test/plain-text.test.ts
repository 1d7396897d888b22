/**
 * docs/security.md item 43: free-text fields hold text. Control characters (CR/LF in one-line fields), format
 * characters such as the bidi override U+202E and ill-formed strings (a lone surrogate, stored as U+FFFD) are
 * refused with a clear 400 message and change nothing; what users wrote is quoted in the mails it goes into.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { countRows, createUserWithRole, newUser } from './support/accounts';
import { buildTestApp, CONTACT_EMAIL, type TestApp } from './support/apps';

let t: TestApp;
let studentToken: string;
let adminToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  studentToken = (await createUserWithRole(t, 'student')).token;
  adminToken = (await createUserWithRole(t, 'admin')).token;
});
afterAll(async () => {
  await t.close();
});

const NOT_TEXT: [string, string][] = [
  ['a carriage return and line feed', 'Eve\r\nBcc: victim@example.com'],
  ['a line feed', 'Eve\nX'],
  ['a bidi override (U+202E)', 'Eve\u202egnp.exe'],
  ['a bidi isolate (U+2066)', 'Eve\u2066x'],
  ['a zero-width space (U+200B)', 'Ev\u200be'],
  ['a lone high surrogate', 'Eve\ud800x'],
  ['a lone low surrogate', 'Eve\udc00x'],
  ['a bell character', 'Eve\u0007x'],
  ['a line separator (U+2028)', 'Eve\u2028x'],
  ['a byte-order mark inside', 'Ev\ufeffe'],
];

/** A valid syllabus entry, to spoil one field at a time. */
const SYLLABUS_ENTRY = {
  name: 'Computer Science',
  code: 'CSE',
  program: 'B.Tech',
  system: 'Semester',
  grading: 'Grading',
};

describe('free-text fields refuse what is not text (docs/security.md item 43)', () => {
  it.each(NOT_TEXT)('a sign-up name with %s is refused and nothing is stored', async (_label, name) => {
    const before = await countRows(t.db, 'registrations');
    const reply = await t.post('/api/auth/register', { ...newUser(), name });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: 'Name contains characters that are not allowed.' });
    expect(await countRows(t.db, 'registrations')).toBe(before);
  });

  it.each(NOT_TEXT.filter(([label]) => !label.includes('line feed')))(
    'a contact message with %s is refused',
    async (_label, text) => {
      const before = await countRows(t.db, 'contact_messages');
      const reply = await t.post('/api/contact', { message: `Hello ${text}` }, { token: studentToken });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ message: 'Message contains characters that are not allowed.' });
      expect(await countRows(t.db, 'contact_messages')).toBe(before);
    },
  );

  it.each([
    ['an email with a bidi override', 'eve\u202e@example.com'],
    ['an email with a control character', 'eve\u0001@example.com'],
    ['an email with a lone surrogate', 'eve\ud800@example.com'],
  ])('%s is refused', async (_label, email) => {
    const reply = await t.post('/api/auth/register', { ...newUser(), email });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: 'Enter a valid email address.' });
  });

  it('a new password may be any text, but not an ill-formed one', async () => {
    const reply = await t.post('/api/auth/register', { ...newUser(), password: 'pass\ud800word' });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: 'Password contains characters that are not allowed.' });
  });

  it.each([
    ['name', 'Computer\u202eScience', 'Department contains characters that are not allowed.'],
    ['code', 'CS\r\nE', 'Department code contains characters that are not allowed.'],
    ['program', 'B.Tech\ud800', 'Program contains characters that are not allowed.'],
  ])('a syllabus %s with hidden characters is refused', async (field, value, message) => {
    const before = await countRows(t.db, 'syllabus_entries');
    const reply = await t.post('/api/syllabus', { ...SYLLABUS_ENTRY, [field]: value }, { token: adminToken });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message });
    expect(await countRows(t.db, 'syllabus_entries')).toBe(before);
  });

  it('a syllabus link with a line break inside is refused (the URL parser would have dropped it)', async () => {
    const reply = await t.post(
      '/api/syllabus',
      { ...SYLLABUS_ENTRY, pdfs: { 1: 'https://example.com/a\n.pdf' } },
      { token: adminToken },
    );
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: 'Semester links must be http:// or https:// URLs.' });
  });

  it('names in Indic scripts with joiners, and emoji sequences, are text', async () => {
    for (const name of ['क्‍ष त्र', 'അനു', 'Ana 👩‍💻']) {
      expect((await t.post('/api/auth/register', { ...newUser(), name })).status).toBe(200);
    }
  });
});

describe('user text in mails (docs/security.md item 43)', () => {
  it('a contact message keeps its line breaks as \\n and is quoted in the mail, so it cannot pass for our lines', async () => {
    const message = 'Hello team,\r\nFrom: admin@studyhub.local\r\nPlease reset everything.';
    const reply = await t.post('/api/contact', { message }, { token: studentToken });
    expect(reply.status).toBe(200);
    const row = await t.db
      .selectFrom('contact_messages')
      .select('message')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.message).toBe('Hello team,\nFrom: admin@studyhub.local\nPlease reset everything.');
    const mail = t.lastMailTo(CONTACT_EMAIL)!;
    expect(mail.text).toContain('> Hello team,\n> From: admin@studyhub.local\n> Please reset everything.');
    expect(mail.text).not.toMatch(/^From: admin@studyhub\.local/m);
  });
});
