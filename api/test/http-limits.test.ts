/**
 * docs/security.md item 40, over a real socket: a client that sends its headers or its body too slowly, or
 * leaves a connection idle, is cut off, while a slow but steady upload still gets through; what Node refuses
 * itself (408, 431, a malformed request) is answered in the API's JSON shape with the security headers (item 45).
 * The limits are shrunk from minutes to fractions of a second; the defaults are checked on the server itself.
 */
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PDFDocument } from 'pdf-lib';
import type { HttpTimeouts } from '../src/config';
import { API_MESSAGES } from '../src/messages';
import { countRows, createUserWithRole } from './support/accounts';
import { buildTestApp, type TestApp } from './support/apps';
import { listFiles, pdfForm } from './support/note-files';
import { expectApiSecurityHeaders } from './support/requests';
import { openSocket, parseRawResponse, type RawResponse } from './support/sockets';

const LIMITS: HttpTimeouts = {
  headersMs: 600,
  requestMs: 4_000,
  keepAliveMs: 1_000,
  idleSocketMs: 2_500,
  checkIntervalMs: 100,
};
/** How late a limit may fire: Node's check interval plus a busy test machine. */
const SLACK_MS = 700;
const UPLOAD_QUERY = new URLSearchParams({
  branch: 'CSE',
  year: 'Third Year',
  semester: '6',
  subject: 'CS-601',
  unit: '2',
}).toString();

let t: TestApp;
let port: number;
let adminToken: string;

beforeAll(async () => {
  t = await buildTestApp({ httpTimeouts: LIMITS });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
  adminToken = (await createUserWithRole(t, 'admin')).token;
});
afterAll(async () => {
  await t.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes the pieces one by one, `everyMs` apart, until done or the server has closed the connection. */
async function trickle(socket: Socket, pieces: (string | Buffer)[], everyMs: number): Promise<void> {
  for (const piece of pieces) {
    if (socket.destroyed || socket.writableEnded) return;
    socket.write(piece);
    await sleep(everyMs);
  }
}

/** The API's error shape with the security headers (HSTS too: the suite's PUBLIC_URL is https). */
function expectJsonError(answer: RawResponse, status: number, message: string): void {
  expect({ status: answer.status, body: answer.body }).toEqual({ status, body: { message } });
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(Number(answer.headers['content-length'])).toBe(JSON.stringify({ message }).length);
  expectApiSecurityHeaders({ headers: answer.headers });
  expect(answer.headers['strict-transport-security']).toBe('max-age=31536000');
}

async function snapshot() {
  const filesDir = t.app.context.config.filesDir;
  return { rows: await countRows(t.db, 'note_files'), files: listFiles(filesDir) };
}

async function smallPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  // Padded so the upload takes some 20 writes.
  return Buffer.concat([Buffer.from(await doc.save()), Buffer.alloc(40 * 1024, 0x20)]);
}

function uploadHead(contentType: string, length: number): string {
  return [
    `POST /api/upload/upload?${UPLOAD_QUERY} HTTP/1.1`,
    'Host: studyhub.test',
    `Authorization: Bearer ${adminToken}`,
    `Content-Type: ${contentType}`,
    `Content-Length: ${length}`,
    'Connection: close',
    '',
    '',
  ].join('\r\n');
}

/** `bytes` cut into `count` pieces of about the same size. */
function pieces(bytes: Buffer, count: number): Buffer[] {
  const size = Math.ceil(bytes.length / count);
  return Array.from({ length: count }, (_, index) => bytes.subarray(index * size, (index + 1) * size));
}

describe('time limits (docs/security.md item 40)', () => {
  it('the defaults reach the server: 30 s for headers, the slowest 25 MB upload for a request, 65 s keep-alive', async () => {
    const defaults = await buildTestApp();
    try {
      const server = defaults.app.server;
      expect(server.headersTimeout).toBe(30_000);
      expect(server.requestTimeout).toBe(830_000);
      expect(server.keepAliveTimeout).toBe(65_000);
      expect(server.timeout).toBe(120_000);
    } finally {
      await defaults.close();
    }
  });

  it('a slowloris client sending its headers a byte at a time is cut off with 408 after the header limit', async () => {
    const { socket, closed } = openSocket(port);
    const head = 'GET /api/health HTTP/1.1\r\nHost: studyhub.test\r\nX-Slow: ';
    // A byte every 100 ms keeps the socket busy, so only the header limit can end it.
    void trickle(socket, [head, ...'abcdefghijklmnopqrstuvwxyz'.repeat(4)], 100);
    const { raw, closedAfterMs } = await closed;
    expect(closedAfterMs).toBeGreaterThanOrEqual(LIMITS.headersMs);
    expect(closedAfterMs).toBeLessThan(LIMITS.headersMs + SLACK_MS);
    expectJsonError(parseRawResponse(raw), 408, API_MESSAGES.requestTimeout);
  });

  it('an upload whose body trickles past the request limit is cut off with 408; nothing is stored or left behind', async () => {
    const before = await snapshot();
    const { payload, contentType } = pdfForm(await smallPdf(), 'slow.pdf');
    const { socket, closed } = openSocket(port);
    socket.write(uploadHead(contentType, payload.length));
    // 200 pieces 50 ms apart would take 10 s; the limit is 4 s.
    void trickle(socket, pieces(payload, 200), 50);
    const { raw, closedAfterMs } = await closed;
    expect(closedAfterMs).toBeGreaterThanOrEqual(LIMITS.requestMs);
    expect(closedAfterMs).toBeLessThan(LIMITS.requestMs + SLACK_MS);
    expectJsonError(parseRawResponse(raw), 408, API_MESSAGES.requestTimeout);
    // The handler learns of the cut-off through its stream; give it a moment to clean up.
    await sleep(300);
    expect(await snapshot()).toEqual(before);
    expect(listFiles(path.join(t.app.context.config.filesDir, '.incoming'))).toEqual([]);
  });

  it('a slow but steady upload that takes longer than the header limit succeeds', async () => {
    const before = await snapshot();
    const { payload, contentType } = pdfForm(await smallPdf(), 'steady.pdf');
    const { socket, closed } = openSocket(port);
    socket.write(uploadHead(contentType, payload.length));
    // 20 pieces 100 ms apart: about 2 s, over three times the header limit, half the request limit.
    await trickle(socket, pieces(payload, 20), 100);
    const { raw, closedAfterMs } = await closed;
    expect(closedAfterMs).toBeGreaterThan(3 * LIMITS.headersMs);
    const answer = parseRawResponse(raw);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ message: API_MESSAGES.uploaded });
    expect((await snapshot()).rows).toBe(before.rows + 1);
  });

  it('an idle keep-alive connection is closed after the keep-alive limit it advertises', async () => {
    const { socket, closed } = openSocket(port);
    socket.write('GET /api/health HTTP/1.1\r\nHost: studyhub.test\r\n\r\n');
    const { raw, closedAfterMs } = await closed;
    expect(raw).toMatch(/^HTTP\/1\.1 200 /);
    expect(parseRawResponse(raw).headers['keep-alive']).toBe(`timeout=${LIMITS.keepAliveMs / 1000}`);
    // Node waits a second longer than it advertises, so the client gives up first.
    expect(closedAfterMs).toBeGreaterThanOrEqual(LIMITS.keepAliveMs);
    expect(closedAfterMs).toBeLessThan(LIMITS.keepAliveMs + 1000 + SLACK_MS);
  });

  it('a connection that never sends a byte is cut off with 408 after the header limit', async () => {
    const { closed } = openSocket(port);
    const { raw, closedAfterMs } = await closed;
    expect(closedAfterMs).toBeGreaterThanOrEqual(LIMITS.headersMs);
    expect(closedAfterMs).toBeLessThan(LIMITS.headersMs + SLACK_MS);
    expectJsonError(parseRawResponse(raw), 408, API_MESSAGES.requestTimeout);
  });

  it('an upload that stalls halfway is closed after the idle limit; nothing is stored or left behind', async () => {
    const before = await snapshot();
    const { payload, contentType } = pdfForm(await smallPdf(), 'stalled.pdf');
    const { socket, closed } = openSocket(port);
    socket.write(uploadHead(contentType, payload.length));
    socket.write(payload.subarray(0, payload.length / 2));
    const { closedAfterMs } = await closed;
    expect(closedAfterMs).toBeGreaterThanOrEqual(LIMITS.idleSocketMs);
    expect(closedAfterMs).toBeLessThan(LIMITS.requestMs);
    await sleep(300);
    expect(await snapshot()).toEqual(before);
    expect(listFiles(path.join(t.app.context.config.filesDir, '.incoming'))).toEqual([]);
  });
});

describe("what Node refuses itself, in the API's shape (docs/security.md items 40, 45)", () => {
  it('headers past the size limit → 431 JSON', async () => {
    const { socket, closed } = openSocket(port);
    socket.write(
      `GET /api/health HTTP/1.1\r\nHost: studyhub.test\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`,
    );
    expectJsonError(parseRawResponse((await closed).raw), 431, API_MESSAGES.bodyTooLarge);
  });

  it.each([
    ['a garbage request line', 'GARBAGE\r\n\r\n'],
    ['a header without a colon', 'GET /api/health HTTP/1.1\r\nHost: studyhub.test\r\nNo colon here\r\n\r\n'],
    [
      'a bad Content-Length',
      'POST /api/contact HTTP/1.1\r\nHost: studyhub.test\r\nContent-Length: x\r\n\r\n',
    ],
    [
      'a Content-Length beside chunked encoding',
      'POST /api/contact HTTP/1.1\r\nHost: studyhub.test\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n',
    ],
  ])('%s → 400 JSON', async (_label, request) => {
    const { socket, closed } = openSocket(port);
    socket.write(request);
    expectJsonError(parseRawResponse((await closed).raw), 400, 'Bad Request');
  });
});
