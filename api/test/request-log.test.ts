/**
 * The request log (issue 12, api/src/plugins/logging.ts): one line per request in pino's JSON shape, with the
 * visitor's own text escaped, at info level only; and stdout's batches are written before the process exits, a
 * crash included.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildTestApp, type TestApp } from './support/apps';
import { runNode, within } from './server-processes';

const PROXY = '10.24.0.1';

interface RequestLine {
  level: number;
  time: number;
  pid: number;
  hostname: string;
  reqId: string;
  req: { method: string; url: string; remoteAddress: string };
  res: { statusCode: number };
  responseTime: number;
  msg: string;
}

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { TRUST_PROXY: PROXY, LOG_LEVEL: 'info' } });
});
afterAll(async () => {
  await t.close();
});

/** The request lines of the request whose reply carries this id; every line must be JSON. */
function linesOf(id: unknown): RequestLine[] {
  return t.logs
    .map((line) => JSON.parse(line) as RequestLine)
    .filter((line) => line.reqId === id && line.msg === 'request completed');
}

describe('the request log', () => {
  it('writes one line per request, when it is answered, with what a request log needs', async () => {
    const before = Date.now();
    const reply = await t.get('/api/notes/recent?page=1', { remoteAddress: '192.0.2.7' });
    expect(reply.status).toBe(200);
    const ofRequest = t.logs.filter((line) => line.includes(String(reply.headers['x-request-id'])));
    expect(ofRequest).toHaveLength(1);
    const [line] = linesOf(reply.headers['x-request-id']);
    expect(line).toEqual({
      level: 30,
      time: expect.any(Number),
      pid: process.pid,
      hostname: expect.any(String),
      reqId: reply.headers['x-request-id'],
      req: { method: 'GET', url: '/api/notes/recent?page=1', remoteAddress: '192.0.2.7' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
      msg: 'request completed',
    });
    expect(line!.time).toBeGreaterThanOrEqual(before);
    expect(line!.responseTime).toBeGreaterThanOrEqual(0);
    expect(ofRequest[0]!.endsWith('}\n')).toBe(true);
  });

  it("logs refused and unknown requests with their status, and a proxy's client address", async () => {
    const refused = await t.get('/api/admin/users', {
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': '198.51.100.4' },
    });
    const missing = await t.get('/api/nothing-here');
    expect([refused.status, missing.status]).toEqual([401, 404]);
    expect(linesOf(refused.headers['x-request-id'])).toEqual([
      expect.objectContaining({
        req: expect.objectContaining({ remoteAddress: '198.51.100.4' }),
        res: { statusCode: 401 },
      }),
    ]);
    expect(linesOf(missing.headers['x-request-id'])).toEqual([
      expect.objectContaining({
        req: expect.objectContaining({ url: '/api/nothing-here' }),
        res: { statusCode: 404 },
      }),
    ]);
  });

  it('keeps hostile text inside its field: quotes, backslashes and a forged level stay text', async () => {
    const url = '/api/notes/recent?q="},"level":60,"x":"\\';
    // No comma: X-Forwarded-For's last entry is the client's.
    const forged = '"}{"level":60}\\';
    const reply = await t.get(url, { remoteAddress: PROXY, headers: { 'x-forwarded-for': forged } });
    const [line] = linesOf(reply.headers['x-request-id']);
    expect(line).toMatchObject({ level: 30, req: { url, remoteAddress: forged }, msg: 'request completed' });
  });

  it('writes nothing per request above info level', async () => {
    const quiet = await buildTestApp({ env: { LOG_LEVEL: 'warn' } });
    try {
      expect((await quiet.get('/api/notes/recent')).status).toBe(200);
      expect((await quiet.get('/api/nothing-here')).status).toBe(404);
      expect(quiet.logs).toEqual([]);
    } finally {
      await quiet.close();
    }
  });
});

describe("stdout's batches", () => {
  /** A process that logs through stdoutLogStream, then ends as `end` says, in the same turn. */
  async function logThenEnd(end: string): Promise<string[]> {
    const script = [
      "const { stdoutLogStream } = await import('./api/src/plugins/logging.ts');",
      'const log = stdoutLogStream();',
      'for (let line = 1; line <= 1000; line += 1) log.write(`line ${line}\\n`);',
      end,
    ].join('\n');
    const run = runNode(['--import', 'tsx', '--input-type=module', '-e', script], { PATH: process.env.PATH });
    await within(run.exited, 30_000, 'the logging process');
    return run
      .output()
      .split('\n')
      .filter((line) => line.startsWith('line '));
  }

  const ALL = Array.from({ length: 1000 }, (_, index) => `line ${index + 1}`);

  it('are written in order when the process ends by itself', async () => {
    expect(await logThenEnd('')).toEqual(ALL);
  });

  it('are written before process.exit() and before a crash ends the process', async () => {
    expect(await logThenEnd('process.exit(3);')).toEqual(ALL);
    expect(await logThenEnd("throw new Error('crash');")).toEqual(ALL);
  });
});
