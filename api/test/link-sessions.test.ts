/**
 * docs/security.md item 50: a signed link to a note or a pending upload speaks for the session that asked for it
 * and dies with it (logout, a role change, deletion, the session's own expiry); what a pending upload's link may
 * open is decided for its user as they are now; a file opened by a link is sent `no-store`.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PDFDocument } from 'pdf-lib';
import { API_MESSAGES } from '../src/messages';
import { SESSION_TTL_SECONDS } from '../src/services/tokens';
import { createUserWithRole, loginUser } from './support/accounts';
import { buildTestApp, type TestApp } from './support/apps';
import { TEST_DB } from './support/database';
import { uploadNote } from './support/note-files';
import { expectApiHeaders, request } from './support/requests';

let t: TestApp;
let admin: { id: string; token: string };
let pdf: Buffer;
let uploads = 0;

const UNIT = { branch: 'CSE', year: 'Third Year', semester: '6', subject: 'CS-601' };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUserWithRole(t, 'admin');
  const doc = await PDFDocument.create();
  doc.addPage([100, 100]);
  pdf = Buffer.from(await doc.save());
  // Unit 1 has a published file whose links the units call hands out.
  expect((await uploadNote(t, { ...UNIT, unit: '1' }, pdf, admin.token)).status).toBe(201);
}, 60_000);
afterAll(async () => {
  await t.close();
});

interface Links {
  url: string;
  downloadUrl: string;
}

/** The links the units call hands `token`'s session for CS-601 unit 1. */
async function noteLinks(token: string): Promise<Links> {
  const reply = await t.get('/api/notes/units?subject=CS-601', { token });
  expect(reply.status).toBe(200);
  return reply.body.units.find((entry: { unit: number }) => entry.unit === 1);
}

/** A pending upload by `teacherToken`'s user, and the links My uploads hands that session for it. */
async function pendingUpload(teacherToken: string): Promise<{ id: string; links: Links }> {
  uploads += 1;
  const bytes = Buffer.concat([pdf, Buffer.from(`\n% ${uploads}\n`)]);
  const reply = await uploadNote(t, { ...UNIT, unit: '2' }, bytes, teacherToken);
  expect([reply.status, reply.body.state]).toEqual([201, 'pending']);
  const id = reply.body.note._id as string;
  return { id, links: await pendingLinks(teacherToken, id) };
}

/** A pending upload's links as My uploads hands them to `token`'s session. */
async function pendingLinks(token: string, id: string): Promise<Links> {
  const mine = await t.get('/api/uploads/mine?pageSize=100', { token });
  return mine.body.items.find((item: { _id: string }) => item._id === id).file;
}

/** A pending upload's links as the review queue hands them to an admin's session. */
async function queueLinks(token: string, id: string): Promise<Links> {
  const queue = await t.get('/api/admin/reviews?pageSize=100', { token });
  return queue.body.items.find((item: { _id: string }) => item._id === id).file;
}

/** Opens a link as a new tab does: no session, just the link. A file's "body" is its Cache-Control. */
async function open(url: string) {
  const reply = await t.app.inject(url);
  if (reply.statusCode !== 200) {
    expectApiHeaders(reply);
    return { status: reply.statusCode, body: reply.json() };
  }
  expect(reply.headers['content-type']).toBe('application/pdf');
  return { status: 200, body: reply.headers['cache-control'] };
}

const statusOf = async (url: string) => (await open(url)).status;
const ENDED = { status: 401, body: { message: API_MESSAGES.downloadLinkEnded } };
const everyLink = (...links: Links[]) => links.flatMap((link) => [link.url, link.downloadUrl]);

async function expectEnded(urls: string[]): Promise<void> {
  for (const url of urls) expect([url, await open(url)]).toEqual([url, ENDED]);
}

async function expectOpen(urls: string[]): Promise<void> {
  for (const url of urls) expect([url, await statusOf(url)]).toEqual([url, 200]);
}

describe(`links die with the session that asked for them (${TEST_DB})`, () => {
  it('a file opened by a link is sent no-store: no browser or shared cache keeps it', async () => {
    const teacher = await createUserWithRole(t, 'teacher');
    const { links } = await pendingUpload(teacher.token);
    for (const url of everyLink(await noteLinks(teacher.token), links)) {
      expect(await open(url)).toEqual({ status: 200, body: 'no-store' });
    }
  }, 30_000);

  it('logout ends that session’s links; another session of the same user keeps its own', async () => {
    const teacher = await createUserWithRole(t, 'teacher');
    const otherSession = await loginUser(t, teacher.user);
    const { id, links } = await pendingUpload(teacher.token);
    const mine = everyLink(await noteLinks(teacher.token), links);
    const others = everyLink(await noteLinks(otherSession), await pendingLinks(otherSession, id));
    await expectOpen([...mine, ...others]);

    const logout = await request(t.app, 'POST', '/api/auth/logout', undefined, { token: teacher.token });
    expect(logout.status).toBe(200);
    await expectEnded(mine);
    await expectOpen(others);
  }, 30_000);

  it('a role change ends the user’s links, the uploader’s and an admin’s alike', async () => {
    const teacher = await createUserWithRole(t, 'teacher');
    const reviewer = await createUserWithRole(t, 'admin');
    const { id, links } = await pendingUpload(teacher.token);
    const teachers = everyLink(await noteLinks(teacher.token), links);
    const reviewers = everyLink(await noteLinks(reviewer.token), await queueLinks(reviewer.token, id));
    await expectOpen([...teachers, ...reviewers]);

    for (const [target, role] of [
      [teacher, 'student'],
      [reviewer, 'teacher'],
    ] as const) {
      const changed = await request(
        t.app,
        'PUT',
        `/api/admin/users/${target.id}/role`,
        { role },
        {
          token: admin.token,
        },
      );
      expect(changed.status).toBe(200);
    }
    await expectEnded([...teachers, ...reviewers]);
    // The admin who changed the roles reads on: their session is not the one that changed.
    await expectOpen(everyLink(await queueLinks(admin.token, id)));
  }, 30_000);

  it('deleting the account ends its links', async () => {
    const teacher = await createUserWithRole(t, 'teacher');
    const { links } = await pendingUpload(teacher.token);
    const urls = everyLink(await noteLinks(teacher.token), links);
    await expectOpen(urls);
    const deleted = await request(t.app, 'DELETE', `/api/admin/users/${teacher.id}`, undefined, {
      token: admin.token,
    });
    expect(deleted.status).toBe(200);
    await expectEnded(urls);
  }, 30_000);

  it('a link opens a pending upload only while its user may read it: 404 once they may not', async () => {
    const teacher = await createUserWithRole(t, 'teacher');
    const { links } = await pendingUpload(teacher.token);
    const notes = await noteLinks(teacher.token);
    // A role written in the database, sessions left alone: the session lives, the right to read the upload not.
    await t.db.updateTable('users').set({ role: 'student' }).where('id', '=', teacher.id).execute();
    for (const url of everyLink(links)) {
      expect(await open(url)).toEqual({
        status: 404,
        body: { message: API_MESSAGES.uploadNotFound },
      });
    }
    // A student still reads published notes.
    await expectOpen(everyLink(notes));
  }, 30_000);

  it('a link is exactly what was handed out: parts of another session’s link, repeated or re-cased parts → 401', async () => {
    const teacher = await createUserWithRole(t, 'teacher');
    const { id, links } = await pendingUpload(teacher.token);
    const other = new URL((await pendingLinks(await loginUser(t, teacher.user), id)).url, 'http://x');
    const link = new URL(links.url, 'http://x');
    const query = link.search.slice(1);
    const withParts = (names: string[]) => {
      const mixed = new URLSearchParams(link.search);
      for (const name of names) mixed.set(name, other.searchParams.get(name)!);
      return `${link.pathname}?${mixed}`;
    };
    const cases = [
      withParts(['session']),
      withParts(['user', 'ver', 'session']),
      withParts(['sig']),
      `${link.pathname}?${query}&session=${other.searchParams.get('session')}`,
      `${link.pathname}?${query.replace('session=', 'Session=')}`,
      `${link.pathname}?${query.replace('sig=', 'SIG=')}`,
    ];
    for (const url of cases) {
      expect([url, await open(url)]).toEqual([
        url,
        { status: 401, body: { message: API_MESSAGES.downloadLinkInvalid } },
      ]);
    }
    // An extra parameter signs nothing away: the link still opens.
    expect(await statusOf(`${links.url}&extra=1`)).toBe(200);
  }, 30_000);

  it('a link ends when its session expires, even if that is sooner than 15 minutes', async () => {
    const { token: teacher } = await createUserWithRole(t, 'teacher');
    // Five minutes before the session's 12 hours are up.
    t.clock.advance(SESSION_TTL_SECONDS * 1000 - 5 * 60_000);
    const { links } = await pendingUpload(teacher);
    const urls = everyLink(await noteLinks(teacher), links);
    await expectOpen(urls);
    t.clock.advance(5 * 60_000 + 1000);
    for (const url of urls) {
      expect(await open(url)).toEqual({
        status: 401,
        body: { message: API_MESSAGES.downloadLinkExpired },
      });
    }
  }, 30_000);
});
