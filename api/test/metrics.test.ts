/**
 * GET /metrics (decision 025): absent without METRICS_TOKEN, answered only with that bearer token, compared in
 * constant time; and what it counts after real requests — per route pattern (never the raw URL), uploads,
 * failed logins and lockouts, mails by kind, live versions and browsers' area reports.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PDFDocument } from 'pdf-lib';
import { THROTTLE } from '../src/services/login-throttle';
import { UNMATCHED_ROUTE } from '../src/services/metrics';
import { sameSecret } from '../src/lib/secrets';
import { API_MESSAGES } from '../src/messages';
import { createUserWithRole, createVerifiedUser, newUser } from './support/accounts';
import { buildTestApp, type TestApp } from './support/apps';
import { uploadNote } from './support/note-files';
import { request } from './support/requests';
import {
  makeDeployDir,
  NOTES_VERSION,
  NOTES_CANARY,
  removeDeployDir,
  reportToken,
  startNotesCanary,
  SHELL_VERSION,
} from './support/site';

const TOKEN = 'metrics-token-0123456789abcdef0123456789abcdef';

/** One sample of the exposition: its name, labels and value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function samples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`Not an exposition line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key!, value!]),
      );
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The value of the one sample named `name` whose labels include `labels`; 0 when there is none yet. */
function valueOf(all: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = all.filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value ?? 0;
}

async function scrape(t: TestApp): Promise<{ text: string; all: Sample[] }> {
  const reply = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(reply.statusCode).toBe(200);
  return { text: reply.body, all: samples(reply.body) };
}

describe('without METRICS_TOKEN', () => {
  it('there is no /metrics: 404 in JSON, not the site', async () => {
    const t = await buildTestApp();
    try {
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) {
        const reply = await request(t.app, 'GET', '/metrics', undefined, { headers });
        expect(reply.status).toBe(404);
        expect(reply.body).toEqual({ message: 'Not Found' });
      }
    } finally {
      await t.close();
    }
  });
});

describe('with METRICS_TOKEN', () => {
  let deployDir: string;
  let t: TestApp;
  beforeAll(async () => {
    deployDir = makeDeployDir();
    t = await buildTestApp({ deployDir, env: { METRICS_TOKEN: TOKEN, UPLOAD_MAX_MB: '1' } });
  });
  afterAll(async () => {
    await t.close();
    removeDeployDir(deployDir);
  });

  it.each([
    ['no Authorization', {}, ''],
    ['another token', { authorization: `Bearer ${TOKEN.replace(/.$/, 'x')}` }, ''],
    ['a prefix of the token', { authorization: `Bearer ${TOKEN.slice(0, 20)}` }, ''],
    ['the token and more', { authorization: `Bearer ${TOKEN}0` }, ''],
    ['an 8 KB token', { authorization: `Bearer ${'a'.repeat(8192)}` }, ''],
    [
      'the token in Basic',
      { authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}` },
      '',
    ],
    ['the token without a scheme', { authorization: TOKEN }, ''],
    ['the token in a query', {}, `?token=${TOKEN}`],
  ])('%s gets 401 in JSON, with nothing of the metrics', async (_label, headers, query) => {
    const reply = await t.app.inject({ url: `/metrics${query}`, headers });
    expect(reply.statusCode).toBe(401);
    expect(JSON.parse(reply.body)).toEqual({ message: API_MESSAGES.metricsToken });
    expect(reply.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.body).not.toContain('studyhub_');
  });

  it('the token gets Prometheus text, kept by no cache', async () => {
    const reply = await t.app.inject({ url: '/metrics', headers: { authorization: `bearer ${TOKEN}` } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.body).toContain('# TYPE studyhub_http_request_duration_seconds histogram');
    expect(reply.body).toContain('# TYPE process_cpu_seconds_total counter');
  });

  it('counts requests per route pattern and status, never the raw URL', async () => {
    const before = (await scrape(t)).all;
    const recent = { method: 'GET', route: '/api/notes/recent', status: '200' };
    for (const query of ['', '?secret=hunter2', '?a=1']) {
      expect((await t.app.inject({ url: `/api/notes/recent${query}` })).statusCode).toBe(200);
    }
    const file = `/mfe/notes/${NOTES_VERSION}/remoteEntry.js`;
    expect((await t.app.inject({ url: file })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/no-such-thing-4711' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/no-such-page-4711' })).statusCode).toBe(404);

    const { text, all } = await scrape(t);
    const count = 'studyhub_http_request_duration_seconds_count';
    expect(valueOf(all, count, recent) - valueOf(before, count, recent)).toBe(3);
    const mfe = { method: 'GET', route: '/mfe/:area/:version/*', status: '200' };
    expect(valueOf(all, count, mfe) - valueOf(before, count, mfe)).toBe(1);
    // Unknown paths, whatever they are, share one label.
    for (const method of ['GET', 'POST']) {
      const unmatched = { method, route: UNMATCHED_ROUTE, status: '404' };
      expect(valueOf(all, count, unmatched) - valueOf(before, count, unmatched)).toBe(1);
    }
    const slowest = 'studyhub_http_request_duration_seconds_bucket';
    expect(valueOf(all, slowest, { ...recent, le: '+Inf' })).toBe(valueOf(all, count, recent));
    expect(valueOf(all, 'studyhub_http_request_duration_seconds_sum', recent)).toBeGreaterThan(0);
    const requestLines = text.split('\n').filter((line) => line.startsWith('studyhub_http_'));
    for (const raw of ['hunter2', 'no-such-thing-4711', 'no-such-page-4711', NOTES_VERSION, 'remoteEntry'])
      expect(requestLines.filter((line) => line.includes(raw))).toEqual([]);
  });

  it('counts stored upload bytes and refusals by reason', async () => {
    const admin = await createUserWithRole(t, 'admin');
    const doc = await PDFDocument.create();
    doc.addPage([100, 100]);
    const pdf = Buffer.from(await doc.save());
    const target = { branch: 'CSE', year: 'ThirdYear', semester: 'Semester_6', subject: 'CS-601', unit: '1' };
    const before = (await scrape(t)).all;
    expect((await uploadNote(t, target, pdf, admin.token)).status).toBe(201);
    expect((await uploadNote(t, target, Buffer.from('<html>'), admin.token)).status).toBe(415);
    expect(
      (await uploadNote(t, target, Buffer.concat([pdf, Buffer.alloc(1024 * 1024)]), admin.token)).status,
    ).toBe(413);
    expect((await uploadNote(t, target, pdf)).status).toBe(401);
    const student = await createUserWithRole(t, 'student');
    expect((await uploadNote(t, target, pdf, student.token)).status).toBe(403);

    const { all } = await scrape(t);
    const grew = (name: string, labels: Record<string, string> = {}) =>
      valueOf(all, name, labels) - valueOf(before, name, labels);
    expect(grew('studyhub_upload_bytes_count')).toBe(1);
    expect(grew('studyhub_upload_bytes_sum')).toBe(pdf.length);
    for (const reason of ['not-pdf', 'too-large', 'signed-out', 'not-admin'])
      expect(grew('studyhub_upload_refusals_total', { reason })).toBe(1);
  });

  it('counts failed logins, lockouts and the mails sent by kind, without addresses', async () => {
    const user = await createVerifiedUser(t);
    const wrong = { email: user.email, password: 'not the password' };
    const before = (await scrape(t)).all;
    for (let attempt = 0; attempt < THROTTLE.maxFailuresPerPair + 1; attempt += 1) {
      expect((await t.post('/api/auth/login', wrong)).status).toBe(401);
    }
    const stranger = newUser();
    await t.post('/api/auth/register', stranger);
    await t.app.context.mail.drain();

    const { text, all } = await scrape(t);
    const grew = (name: string, labels: Record<string, string>) =>
      valueOf(all, name, labels) - valueOf(before, name, labels);
    expect(grew('studyhub_login_failures_total', { reason: 'credentials' })).toBe(
      THROTTLE.maxFailuresPerPair,
    );
    expect(grew('studyhub_login_failures_total', { reason: 'locked' })).toBe(1);
    expect(grew('studyhub_login_lockouts_total', { scope: 'account-and-address' })).toBe(1);
    expect(grew('studyhub_mails_total', { kind: 'verification-code', outcome: 'sent' })).toBe(1);
    for (const personal of [user.email, stranger.email, stranger.name]) expect(text).not.toContain(personal);
  });

  it('shows the live versions from the deploy pointers, the canary included', async () => {
    startNotesCanary(deployDir);
    const live = (await scrape(t)).all.filter((sample) => sample.name === 'studyhub_live_version');
    expect(live).toEqual([
      {
        name: 'studyhub_live_version',
        labels: { app: 'shell', version: SHELL_VERSION, channel: 'stable' },
        value: 1,
      },
      {
        name: 'studyhub_live_version',
        labels: { app: 'notes', version: NOTES_VERSION, channel: 'stable' },
        value: 1,
      },
      {
        name: 'studyhub_live_version',
        labels: { app: 'notes', version: NOTES_CANARY, channel: 'canary' },
        value: 1,
      },
    ]);
  });

  it("counts browsers' area reports per area, version and kind", async () => {
    const token = await reportToken(t.app);
    const send = (version: string, kind: string) =>
      t.post('/api/telemetry/area-error', { area: 'notes', version, kind, token });
    for (const [version, kind] of [
      [NOTES_CANARY, 'ok'],
      [NOTES_CANARY, 'ok'],
      [NOTES_CANARY, 'render'],
      [NOTES_CANARY, 'load'],
      [NOTES_VERSION, 'ok'],
      ['0.0.1-never-deployed', 'load'],
    ] as const) {
      expect((await send(version, kind)).status).toBe(204);
    }
    const { text, all } = await scrape(t);
    expect(valueOf(all, 'studyhub_area_opens_total', { area: 'notes', version: NOTES_CANARY })).toBe(2);
    expect(valueOf(all, 'studyhub_area_opens_total', { area: 'notes', version: NOTES_VERSION })).toBe(1);
    for (const kind of ['render', 'load'])
      expect(
        valueOf(all, 'studyhub_area_failures_total', { area: 'notes', version: NOTES_CANARY, kind }),
      ).toBe(1);
    expect(text).not.toContain('never-deployed');
  });
});

describe('the token comparison', () => {
  it('answers right for equal, different and differently long tokens', () => {
    expect(sameSecret(TOKEN, TOKEN)).toBe(true);
    for (const given of ['', TOKEN.slice(0, -1), `${TOKEN}x`, TOKEN.toUpperCase(), 'x'.repeat(100_000)])
      expect(sameSecret(given, TOKEN)).toBe(false);
  });

  it('takes as long when the first character differs as when only the last does', () => {
    // A plain comparison stops at the first difference: on 1 MB tokens it took about 2,800 times longer when only
    // the last character differed. Hashed first, both take the time of the hash (measured 0.7–1.2 times). The
    // two are timed in turns and the fastest of each kept, so a busy machine slows both alike; the bounds leave
    // room for that and still fail a comparison that stops early by three orders of magnitude.
    const size = 1024 * 1024;
    const token = (first: string, last: string) => {
      const bytes = Buffer.alloc(size, 'a');
      bytes.write(first, 0);
      bytes.write(last, size - 1);
      return bytes.toString('latin1');
    };
    const secret = token('a', 'a');
    const timeOf = (given: string) => {
      const started = process.hrtime.bigint();
      sameSecret(given, secret);
      return Number(process.hrtime.bigint() - started);
    };
    const [lastDiffers, firstDiffers] = [token('a', 'b'), token('b', 'a')];
    let [fastestLast, fastestFirst] = [Infinity, Infinity];
    for (let run = 0; run < 21; run += 1) {
      fastestLast = Math.min(fastestLast, timeOf(lastDiffers));
      fastestFirst = Math.min(fastestFirst, timeOf(firstDiffers));
    }
    const ratio = fastestLast / fastestFirst;
    expect(ratio).toBeGreaterThan(1 / 20);
    expect(ratio).toBeLessThan(20);
  });
});
