/**
 * POST /api/telemetry/area-error (decision 025): anyone may report what an area version did in their browser,
 * and nothing else gets through — not another field, not free text, not a version nobody deployed, not a large
 * or non-JSON body, not more than the per-address limit. A report counts only with the report token /remotes.json
 * came with, unexpired and naming its version, as one vote of its network (docs/security.md item 47).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AREA_REPORT_MESSAGES } from '@studyhub/contract/schemas';
import { API_MESSAGES } from '../src/messages';
import { areaSourceCounts } from '../src/repositories/area-reports';
import { createReportTokens } from '../src/services/report-tokens';
import { createVerifiedUser, loginUser } from './support/accounts';
import { buildTestApp, type TestApp, JWT_SECRET } from './support/apps';
import { request } from './support/requests';
import {
  makeDeployDir,
  NOTES_VERSION,
  NOTES_CANARY,
  ownNetwork,
  removeDeployDir,
  reportToken,
  startNotesCanary,
} from './support/site';

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
  (await areaSourceCounts(t.db, 'notes', [version], new Date(t.clock.now() - 60_000))).get(version)!;
/** Reports counted for the metrics (studyhub_area_opens_total and studyhub_area_failures_total). */
const reportsCounted = async () =>
  (
    await Promise.all(
      ['studyhub_area_opens_total', 'studyhub_area_failures_total'].map(
        async (name) => (await t.app.context.metrics.registry.getSingleMetric(name)!.get()).values,
      ),
    )
  )
    .flat()
    .reduce((sum, sample) => sum + sample.value, 0);

describe('a report', () => {
  it('of the stable or canary version, with its token, is answered 204 and counted, signed in or not', async () => {
    const token = await reportToken(t.app);
    const session = await loginUser(t, await createVerifiedUser(t));
    const before = await counts(NOTES_VERSION);
    const from = (index: number) => ({ remoteAddress: ownNetwork(index) });
    expect(await t.post(ROUTE, report({ token }), from(1))).toMatchObject({ status: 204, body: undefined });
    expect(
      await t.post(ROUTE, report({ kind: 'render', token }), { ...from(2), token: session }),
    ).toMatchObject({ status: 204 });
    expect(await t.post(ROUTE, report({ kind: 'ok', token }), from(2))).toMatchObject({ status: 204 });
    expect(
      await t.post(ROUTE, report({ version: NOTES_CANARY, kind: 'load', token }), from(3)),
    ).toMatchObject({ status: 204 });
    expect(await counts(NOTES_VERSION)).toEqual({
      sources: before.sources + 2,
      failures: before.failures + 1,
    });
    expect(await counts(NOTES_CANARY)).toEqual({ sources: 1, failures: 1 });
  });

  it('/remotes.json hands out the token, and keeps its format for the release tooling', async () => {
    const reply = await request(t.app, 'GET', '/remotes.json');
    expect(String(reply.headers['report-token'])).toMatch(
      new RegExp(`^\\d+~notes:${NOTES_VERSION}:${NOTES_CANARY}~[\\w-]{43}$`),
    );
    expect(Object.keys(reply.body as object)).toEqual(['notes']);
  });

  it('of a version that is neither stable nor canary is answered alike and not counted', async () => {
    const reply = await t.post(ROUTE, report({ version: '9.9.9-gone', token: await reportToken(t.app) }));
    expect(reply.status).toBe(204);
    expect(await counts('9.9.9-gone')).toEqual({ sources: 0, failures: 0 });
  });

  describe('is answered alike and counts nothing, in the guard or the metrics,', () => {
    /** A network of its own per case, so a vote counted by mistake is never hidden by an earlier one. */
    let network = 50;
    const otherSecret = createReportTokens(`${JWT_SECRET}-elsewhere`, () => new Date(t.clock.now()));
    const served = (canary: boolean) => ({
      notes: {
        version: NOTES_VERSION,
        entry: `/mfe/notes/${NOTES_VERSION}/mf-manifest.json`,
        ...(canary
          ? {
              canary: {
                version: NOTES_CANARY,
                entry: `/mfe/notes/${NOTES_CANARY}/mf-manifest.json`,
                percent: 10,
              },
            }
          : {}),
      },
    });
    it.each<[string, () => Promise<string | undefined>]>([
      ['without a token', async () => undefined],
      [
        'with an expired token',
        async () => {
          const token = await reportToken(t.app);
          t.clock.advance(3600_000 + 1000);
          return token;
        },
      ],
      ['with a token signed by another server', async () => otherSecret.issue(served(true))],
      [
        'with a token for a version it was not served',
        // Handed out before the canary started: it names the stable version only.
        async () => t.app.context.reportTokens.issue(served(false)),
      ],
      [
        'with a token whose versions were edited',
        async () => {
          const [expires, , sig] = t.app.context.reportTokens.issue(served(false)).split('~');
          return `${expires}~notes:${NOTES_VERSION}:${NOTES_CANARY}~${sig}`;
        },
      ],
      [
        'with a token whose expiry was pushed back',
        async () => {
          const [expires, versions, sig] = (await reportToken(t.app)).split('~');
          t.clock.advance(3600_000 + 1000);
          return `${Number(expires) + 7200}~${versions}~${sig}`;
        },
      ],
      ['with a token of another shape', async () => 'a~b~c~d'],
    ])('%s', async (_label, tokenFor) => {
      const token = await tokenFor();
      const before = { counts: await counts(NOTES_CANARY), reports: await reportsCounted() };
      const reply = await t.post(
        ROUTE,
        report({ version: NOTES_CANARY, kind: 'render', ...(token === undefined ? {} : { token }) }),
        { remoteAddress: ownNetwork((network += 1)) },
      );
      expect(reply).toMatchObject({ status: 204, body: undefined });
      await t.app.context.canaryGuard.settled();
      expect({ counts: await counts(NOTES_CANARY), reports: await reportsCounted() }).toEqual(before);
    });
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
    ['a number for a token', report({ token: 7 }), AREA_REPORT_MESSAGES.token],
    ['a token with a space', report({ token: 'a b' }), AREA_REPORT_MESSAGES.token],
    ['a token of 1,025 characters', report({ token: 'a'.repeat(1025) }), AREA_REPORT_MESSAGES.token],
  ])('%s', async (_label, body, message) => {
    const before = await counts(NOTES_VERSION);
    const reply = await t.post(ROUTE, body);
    expect(reply.status).toBe(message === API_MESSAGES.bodyTooLarge ? 413 : 400);
    expect(reply.body).toEqual({ message });
    expect(await counts(NOTES_VERSION)).toEqual(before);
  });

  it('a body over 2 KB gets 413 before it is read, a megabyte too', async () => {
    for (const size of [2049, 1024 * 1024]) {
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
