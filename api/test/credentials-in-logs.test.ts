/**
 * docs/security.md item 49: a credential carried in a URL never reaches a log line, however the URL spells it.
 * A signed link (a unit's download link, a pending upload's link from the review queue) replayed from a log
 * needs no session, so its signature is redacted wherever a URL is written: the request line, and the lines of
 * requests that failed. Reset tokens in paths: item 13 (password-reset.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PDFDocument } from 'pdf-lib';
import { redactUrl } from '../src/plugins/logging';
import { createUserWithRole } from './support/accounts';
import { buildTestApp, type TestApp } from './support/apps';
import { uploadNote } from './support/note-files';

const CS601_UNIT_3 = {
  branch: 'CSE',
  year: 'Third Year',
  semester: 'Semester_6',
  subject: 'CS-601',
  unit: '3',
};

let t: TestApp;
/** A unit's signed links and a pending upload's, as the units call and the review queue hand them out. */
let unitLink: URL;
let pendingLink: URL;

const signatureOf = (link: URL) => link.searchParams.get('sig')!;

async function pdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  return Buffer.from(await doc.save());
}

beforeAll(async () => {
  // trace: every line the server can write, not only the request log.
  t = await buildTestApp({ env: { LOG_LEVEL: 'trace' } });
  const admin = await createUserWithRole(t, 'admin');
  const teacher = await createUserWithRole(t, 'teacher');
  const student = await createUserWithRole(t, 'student');
  expect((await uploadNote(t, CS601_UNIT_3, await pdf(), admin.token)).status).toBe(201);
  const pending = await uploadNote(t, { ...CS601_UNIT_3, unit: '4' }, await pdf(), teacher.token);
  expect(pending.body.state).toBe('pending');

  const units = await t.get('/api/notes/units?subject=CS-601', { token: student.token });
  unitLink = new URL(units.body.units[0].downloadUrl, 'http://studyhub.test');
  const queue = await t.get('/api/admin/reviews?pageSize=100', { token: admin.token });
  pendingLink = new URL(queue.body.items[0].file.url, 'http://studyhub.test');
  for (const link of [unitLink, pendingLink]) expect(signatureOf(link)).toMatch(/^[\w-]{20,}$/);
});
afterAll(async () => {
  await t.close();
});

/** Each way to send a link's signature that the server reads as one, or that only looks like one. */
const spellings: [string, (link: URL) => string][] = [
  ['as handed out', (link) => `${link.pathname}${link.search}`],
  ['with the name escaped', (link) => `${link.pathname}${link.search.replace('sig=', '%73%69g=')}`],
  ['in capitals', (link) => `${link.pathname}${link.search.replace('sig=', 'SIG=')}`],
  ['twice', (link) => `${link.pathname}${link.search}&sig=${signatureOf(link)}`],
  ['escaped letter by letter', (link) => `${link.pathname}?sig=${percentEncodeAll(signatureOf(link))}`],
  ['with an expired time', (link) => `${link.pathname}?expires=1&sig=${signatureOf(link)}`],
  ['in an absolute-form target', (link) => link.href],
  ['on an unknown path', (link) => `/api/no-such-route?sig=${signatureOf(link)}`],
  ['on a site page', (link) => `/notes/ThirdYear?sig=${signatureOf(link)}`],
];

function percentEncodeAll(text: string): string {
  return [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
}

describe('item 49: signed links never appear in the logs', () => {
  it.each(spellings)('a signature sent %s is redacted from every line', async (_label, spell) => {
    for (const link of [unitLink, pendingLink]) {
      const before = t.logs.length;
      for (const method of ['GET', 'HEAD'] as const) {
        await t.app.inject({ method, url: spell(link) });
        // A failing Range: the error replaces the file, and its line is written too.
        await t.app.inject({ method, url: spell(link), headers: { range: 'bytes=999999999-' } });
      }
      const lines = t.logs.slice(before).join('\n');
      expect(lines).toContain('[redacted]');
      expect(lines).not.toContain(signatureOf(link));
    }
  });

  it('the link still works after being logged: redaction changes only what is written', async () => {
    const reply = await t.app.inject(`${unitLink.pathname}${unitLink.search}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/pdf');
  });
});

describe('redactUrl', () => {
  it.each([
    ['/api/download/CSE/Third_Year/Semester_6/CS-601/3?expires=9&sig=SECRET', 'SECRET'],
    ['/api/uploads/1/file?sig=SECRET&expires=9&download=1', 'SECRET'],
    ['/api/uploads/1/file?%73ig=SECRET', 'SECRET'],
    ['/api/uploads/1/file?Sig=SECRET', 'SECRET'],
    ['/api/uploads/1/file?sig=SEC%52ET', 'SECRET'],
    ['/api/uploads/1/file?sig=SEC%52ET', 'SEC%52ET'],
    ['/api/uploads/1/file?a=1&sig=SECRET&sig=OTHER', 'OTHER'],
    ['/api/uploads/1/file?expires=1#&sig=SECRET', 'SECRET'],
    ['/api/auth/reset-password/SECRET?x=1', 'SECRET'],
    ['/api/auth/reset-password/SEC%3FRET', 'RET'],
    ['/api/auth/%72eset-password/SECRET', 'SECRET'],
    ['/api/follows/unfollow?token=1~user~CS-601~SECRET', 'SECRET'],
    ['/api/follows/unfollow?TOKEN=1%7Euser%7ECS-601%7ESECRET', 'SECRET'],
    ['/unfollow?%74oken=1~user~CS-601~SECRET', 'SECRET'],
  ])('%s hides %s', (url, secret) => {
    expect(redactUrl(url)).not.toContain(secret);
    expect(redactUrl(url)).toContain('[redacted]');
  });

  it.each([
    ['/api/notes/units?subject=CS-601', '/api/notes/units?subject=CS-601'],
    ['/api/notes/units?subject=CS%2D601', '/api/notes/units?subject=CS-601'],
    ['/api/uploads/1/file?signature=kept&design=kept', '/api/uploads/1/file?signature=kept&design=kept'],
    ['/api/uploads/1/file?sig', '/api/uploads/1/file?sig'],
  ])('%s is written as %s', (url, written) => {
    expect(redactUrl(url)).toBe(written);
  });
});
