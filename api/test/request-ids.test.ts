/**
 * Request ids (decision 024): X-Request-Id from a trusted proxy (TRUST_PROXY) is kept when it is a plain token
 * of at most 128 characters, anything else gets a new UUID; every response carries the id, and every log line
 * of the request names it (`reqId`).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createUserWithRole } from './support/accounts';
import { buildTestApp, type TestApp } from './support/apps';
import { uploadNote } from './support/note-files';
import { paddedPdf } from './server-processes';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const PROXY = '10.24.0.1';
const NGINX_ID = 'f3a9c2d41b7e4c0a9d8e6f5a4b3c2d1e';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    env: { TRUST_PROXY: PROXY, LOG_LEVEL: 'info', DOWNLOAD_ACCEL_PREFIX: '/_files/' },
  });
});
afterAll(async () => {
  await t.close();
});

const idOf = (reply: { headers: Record<string, unknown> }) => String(reply.headers['x-request-id']);

describe('X-Request-Id', () => {
  it('a request without one gets a new UUID on the response, a different one each time', async () => {
    const first = await t.get('/api/health');
    const second = await t.get('/api/health');
    expect(idOf(first)).toMatch(UUID);
    expect(idOf(second)).toMatch(UUID);
    expect(idOf(first)).not.toBe(idOf(second));
  });

  it("the trusted proxy's id is kept: nginx's $request_id, a UUID, a dotted one", async () => {
    for (const given of [
      NGINX_ID,
      '4b9f2c1e-0d3a-4e5f-8a7b-6c5d4e3f2a1b',
      'edge-7.eu_west:42',
      'x'.repeat(128),
    ]) {
      const reply = await t.get('/api/health', {
        remoteAddress: PROXY,
        headers: { 'x-request-id': given },
      });
      expect(idOf(reply)).toBe(given);
    }
  });

  it('from anyone else the header is ignored: a new UUID', async () => {
    for (const remoteAddress of ['10.24.0.2', '127.0.0.1', '::1']) {
      const reply = await t.get('/api/health', { remoteAddress, headers: { 'x-request-id': NGINX_ID } });
      expect(idOf(reply)).toMatch(UUID);
    }
  });

  it.each([
    ['too long', 'x'.repeat(129)],
    ['empty', ''],
    ['a space', 'a b'],
    ['markup', '<script>alert(1)</script>'],
    ['a quote and a brace', '"}{"level":60'],
    ['non-ASCII', 'idé'],
    ['a slash', '../../etc'],
  ])('even from the trusted proxy, an id with %s is replaced', async (_label, given) => {
    const reply = await t.app.inject({
      url: '/api/health',
      remoteAddress: PROXY,
      headers: { 'x-request-id': given },
    });
    expect(reply.statusCode).toBe(200);
    expect(String(reply.headers['x-request-id'])).toMatch(UUID);
  });

  it('every response carries it: 401, 404, a malformed URL, a refused body', async () => {
    const replies = [
      await t.app.inject({ url: '/api/admin/users' }),
      await t.app.inject({ url: '/api/no-such-route' }),
      await t.app.inject({ url: '/api/notes/%E0%A4%A' }),
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      }),
    ];
    expect(replies.map((reply) => reply.statusCode)).toEqual([401, 404, 400, 400]);
    for (const reply of replies) expect(String(reply.headers['x-request-id'])).toMatch(UUID);
  });

  it('every log line of a request names it, the error of a failing one included', async () => {
    const admin = await createUserWithRole(t, 'admin');
    const unit = { branch: 'CSE', year: 'Third Year', semester: '5', subject: 'CS-501', unit: '2' };
    expect((await uploadNote(t, unit, await paddedPdf('request ids', 5_000), admin.token)).status).toBe(201);
    // A storage name the note store never chose makes the download a logged 500 (nginx-accel.test.ts).
    await t.db
      .updateTable('note_files')
      .set({ storage_name: '../escape.pdf' })
      .where('unit', '=', 2)
      .execute();
    const id = 'b81d0c6e2f4a4e1b9c7d5a3f1e0b2c4d';
    const failing = await t.get('/api/download/CSE/Third_Year/Semester_5/CS-501/2', {
      token: admin.token,
      remoteAddress: PROXY,
      headers: { 'x-request-id': id },
    });
    expect([failing.status, idOf(failing)]).toEqual([500, id]);
    const lines = t.logs.map((line) => JSON.parse(line) as { reqId?: string; msg?: string; level: number });
    const ofRequest = lines.filter((line) => line.reqId === id);
    // One request line, written when the reply has gone out (api/src/plugins/logging.ts).
    expect(ofRequest.map((line) => [line.level, line.msg])).toEqual([
      [50, expect.any(String)],
      [30, 'request completed'],
    ]);
  });
});
