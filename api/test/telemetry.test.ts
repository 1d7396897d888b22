/**
 * POST /api/telemetry/area-error (decision 025): anyone may report what an area version did in their browser,
 * and nothing else gets through — not another field, not free text, not a version nobody deployed, not a large
 * or non-JSON body, not more than the per-address limit.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AREA_REPORT_MESSAGES } from '@studyhub/contract/schemas';
import { API_MESSAGES } from '../src/messages';
import { areaReportCounts } from '../src/repositories/area-reports';
import {
  buildTestApp,
  createVerifiedUser,
  loginUser,
  makeDeployDir,
  NOTES_VERSION,
  NOTES_CANARY,
  removeDeployDir,
  startNotesCanary,
  request,
  type TestApp,
} from './helpers';

const ROUTE = '/api/telemetry/area-error';
const report = (fields: Record<string, unknown> = {}) => ({
  area: 'notes',
  version: NOTES_VERSION,
  kind: 'ok',
  ...fields,
});

let deployDir: string;
let t: TestApp;
beforeAll(async () => {
  deployDir = makeDeployDir();
  startNotesCanary(deployDir);
  t = await buildTestApp({ deployDir });
});
afterAll(async () => {
  await t.close();
  removeDeployDir(deployDir);
});

const counts = async (version: string) =>
  (await areaReportCounts(t.db, 'notes', [version], new Date(t.clock.now() - 60_000))).get(version)!;

describe('a report', () => {
  it('of the stable or canary version is answered 204 and counted, signed in or not', async () => {
    const token = await loginUser(t, await createVerifiedUser(t));
    const before = await counts(NOTES_VERSION);
    expect(await t.post(ROUTE, report())).toMatchObject({ status: 204, body: undefined });
    expect(await t.post(ROUTE, report({ kind: 'render' }), { token })).toMatchObject({ status: 204 });
    expect(await t.post(ROUTE, report({ version: NOTES_CANARY, kind: 'load' }))).toMatchObject({
      status: 204,
    });
    expect(await counts(NOTES_VERSION)).toEqual({
      ok: before.ok + 1,
      load: before.load,
      render: before.render + 1,
    });
    expect(await counts(NOTES_CANARY)).toEqual({ ok: 0, load: 1, render: 0 });
  });

  it('of a version that is neither stable nor canary is answered alike and not counted', async () => {
    const reply = await t.post(ROUTE, report({ version: '9.9.9-gone' }));
    expect(reply.status).toBe(204);
    expect(await counts('9.9.9-gone')).toEqual({ ok: 0, load: 0, render: 0 });
  });
});

describe('a hostile report is refused with 4xx and a message, and counts nothing', () => {
  it.each([
    ['an unknown area', report({ area: 'shell' }), AREA_REPORT_MESSAGES.area],
    ['an area spelled otherwise', report({ area: 'Notes' }), AREA_REPORT_MESSAGES.area],
    ['a path for a version', report({ version: '../../etc/passwd' }), AREA_REPORT_MESSAGES.version],
    ['an empty version', report({ version: '' }), AREA_REPORT_MESSAGES.version],
    ['a version of 65 characters', report({ version: `1${'0'.repeat(64)}` }), AREA_REPORT_MESSAGES.version],
    ['a version of 100 KB', report({ version: '1'.repeat(100_000) }), API_MESSAGES.bodyTooLarge],
    ['a number for a version', report({ version: 1 }), AREA_REPORT_MESSAGES.version],
    [
      'free text for a kind',
      report({ kind: 'TypeError: x is undefined at /notes?email=a@b.c' }),
      AREA_REPORT_MESSAGES.kind,
    ],
    ['a field more (a personal one)', report({ email: 'student@example.com' }), AREA_REPORT_MESSAGES.report],
    ['a field more (a stack)', report({ stack: 'at render (Area.tsx:1)' }), AREA_REPORT_MESSAGES.report],
    ['no kind', { area: 'notes', version: NOTES_VERSION }, AREA_REPORT_MESSAGES.kind],
    ['a list', [report()], AREA_REPORT_MESSAGES.report],
    ['a string', 'notes', AREA_REPORT_MESSAGES.report],
    ['null', null, AREA_REPORT_MESSAGES.area],
    ['a NUL character', report({ version: `${NOTES_VERSION}\u0000` }), API_MESSAGES.invalidCharacters],
  ])('%s', async (_label, body, message) => {
    const before = await counts(NOTES_VERSION);
    const reply = await t.post(ROUTE, body);
    expect(reply.status).toBe(message === API_MESSAGES.bodyTooLarge ? 413 : 400);
    expect(reply.body).toEqual({ message });
    expect(await counts(NOTES_VERSION)).toEqual(before);
  });

  it('a body over 512 bytes gets 413 before it is read, a megabyte too', async () => {
    for (const size of [513, 1024 * 1024]) {
      const raw = JSON.stringify(report({ pad: 'x'.repeat(size) }));
      const reply = await t.post(ROUTE, undefined, { raw, headers: { 'content-type': 'application/json' } });
      expect(reply.status).toBe(413);
      expect(reply.body).toEqual({ message: API_MESSAGES.bodyTooLarge });
    }
  });

  it.each([
    ['text/plain', JSON.stringify(report())],
    ['application/x-www-form-urlencoded', `area=notes&version=${NOTES_VERSION}&kind=ok`],
    [
      'multipart/form-data; boundary=x',
      `--x\r\nContent-Disposition: form-data; name="area"\r\n\r\nnotes\r\n--x--\r\n`,
    ],
    ['application/jsonp', JSON.stringify(report())],
  ])('a body sent as %s gets 415', async (contentType, raw) => {
    const reply = await t.post(ROUTE, undefined, { raw, headers: { 'content-type': contentType } });
    expect(reply.status).toBe(415);
    expect(typeof reply.body.message).toBe('string');
  });

  it.each([
    ['does not parse', '{"area":"notes",'],
    ['is empty', ''],
    [
      'holds a prototype key',
      `{"area":"notes","version":"${NOTES_VERSION}","kind":"ok","__proto__":{"x":1}}`,
    ],
  ])('JSON that %s gets 400', async (_label, raw) => {
    const reply = await t.post(ROUTE, undefined, { raw, headers: { 'content-type': 'application/json' } });
    expect(reply.status).toBe(400);
    expect(typeof reply.body.message).toBe('string');
  });

  it('a GET of the route is not a report', async () => {
    expect((await t.get(ROUTE)).status).toBe(404);
  });
});

describe('the per-address limit', () => {
  it('takes 60 reports a minute from an address, then 429; another address is not affected', async () => {
    const limited = await buildTestApp({ deployDir, rateLimitFactor: 1 });
    try {
      const send = (remoteAddress: string) =>
        request(limited.app, 'POST', ROUTE, report(), { remoteAddress });
      for (let sent = 0; sent < 60; sent += 1) expect((await send('203.0.113.7')).status).toBe(204);
      const refused = await send('203.0.113.7');
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: API_MESSAGES.tooManyRequests });
      expect((await send('203.0.113.8')).status).toBe(204);
    } finally {
      await limited.close();
    }
  });
});
