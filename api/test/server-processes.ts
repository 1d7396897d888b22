/**
 * Real server processes for the tests that stop, kill and restart them (crash-safety.test.ts, the replicas system
 * test): started with plain `node`, told apart by the port they print, their sockets and children tracked so
 * `cleanUpProcesses()` leaves nothing running whatever a test did. Also the requests such tests send by hand: an
 * upload in pieces over a raw socket, and the response read off it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { pdfForm } from './support/note-files';
import { parseResponseHead } from './support/sockets';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** A server start takes a second or two; a busy machine running the whole suite, more. */
export const START_TIMEOUT_MS = 30_000;

export const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves with the promise's value, or fails naming what did not happen in time. */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function waitFor<T>(what: string, check: () => T | undefined, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(10);
  }
}

let basePdf: Promise<Buffer> | undefined;

/** A real PDF (pdf-lib) padded to about `bytes` with trailing comment lines, unique by its label. */
export async function paddedPdf(label: string, bytes: number): Promise<Buffer> {
  const base = await (basePdf ??= (async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage([200, 200]).drawText('StudyHub notes', { x: 10, y: 100, size: 10, font });
    return Buffer.from(await doc.save());
  })());
  const line = `% ${label} ${'x'.repeat(100)}\n`;
  const lines = Math.max(1, Math.ceil((bytes - base.length) / line.length));
  return Buffer.concat([base, Buffer.from(`\n${line.repeat(lines)}`)]);
}

// ---------------------------------------------------------------------------------------------------------------
// Processes.

const children = new Set<ChildProcess>();
const sockets = new Set<Socket>();

/** Kills every process started here and closes every socket opened here (afterEach/afterAll). */
export async function cleanUpProcesses(): Promise<void> {
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  await Promise.all(
    [...children].map(async (child) => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
      }
    }),
  );
  children.clear();
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Run {
  child: ChildProcess;
  exited: Promise<Exit>;
  output(): string;
}

/**
 * `node <args>` in the repository, with exactly `env`. Plain node (`--import tsx` for TypeScript), not a wrapper
 * such as the tsx command or npm: a signal sent to the child must reach the server itself.
 */
export function runNode(args: string[], env: NodeJS.ProcessEnv): Run {
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => {
      output += String(error);
      resolve({ code: null, signal: null });
    });
  });
  return { child, exited, output: () => output };
}

export interface ServerProcess extends Run {
  port: number;
  base: string;
}

/** Starts a server (`node <args>`) and resolves once it prints the address it listens at. */
export async function startServerProcess(args: string[], env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const run = runNode(args, env);
  const port = await within(
    Promise.race([
      waitFor(
        'the server to start',
        () => run.output().match(/StudyHub is running at http:\/\/\S+:(\d+)/)?.[1],
        START_TIMEOUT_MS,
      ),
      run.exited.then((exit) => {
        throw new Error(`The server exited on start (${JSON.stringify(exit)}): ${run.output()}`);
      }),
    ]),
    START_TIMEOUT_MS,
    'server start',
  );
  return { ...run, port: Number(port), base: `http://127.0.0.1:${port}` };
}

export const stillRunning = (server: Run) =>
  server.child.exitCode === null && server.child.signalCode === null;

export interface Account {
  email: string;
  name: string;
  password: string;
}

/** The CLI a real deployment makes its first admin with, in the deployment's environment. */
export async function createAdmin(env: NodeJS.ProcessEnv, admin: Account): Promise<void> {
  const run = runNode(
    ['--import', 'tsx', 'api/src/cli/create-admin.ts', '--email', admin.email, '--name', admin.name],
    { ...env, ADMIN_PASSWORD: admin.password },
  );
  const exit = await within(run.exited, START_TIMEOUT_MS, 'create-admin');
  if (exit.code !== 0) throw new Error(`create-admin failed (${JSON.stringify(exit)}): ${run.output()}`);
}

/** A session token for the account, from POST /api/auth/login at `base`. */
export async function login(base: string, account: Account): Promise<string> {
  const reply = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (reply.status !== 200) throw new Error(`login answered ${reply.status}: ${await reply.text()}`);
  return ((await reply.json()) as { token: string }).token;
}

// ---------------------------------------------------------------------------------------------------------------
// Requests by hand.

/** The upload route for one unit of the subject the tests use (CS-601, semester 6). */
export const uploadPath = (unit: number) =>
  `/api/upload/upload?${new URLSearchParams({
    branch: 'CSE',
    year: 'Third Year',
    semester: 'Semester_6',
    subject: 'CS-601',
    unit: `Unit ${unit}`,
  })}`;

/** An upload's request, as raw bytes: the head and the multipart body, to be sent in pieces. */
export function rawUpload(
  port: number,
  token: string,
  unit: number,
  file: Buffer,
): { head: string; body: Buffer } {
  const { payload, contentType } = pdfForm(file);
  const head = [
    `POST ${uploadPath(unit)} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    `Authorization: Bearer ${token}`,
    `Content-Type: ${contentType}`,
    `Content-Length: ${payload.length}`,
  ].join('\r\n');
  return { head: `${head}\r\n\r\n`, body: payload };
}

/** POST of `file` as unit `unit`'s notes at `base`; resolves with the status. */
export async function upload(base: string, token: string, unit: number, file: Buffer): Promise<number> {
  const { payload, contentType } = pdfForm(file);
  const reply = await fetch(`${base}${uploadPath(unit)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body: payload,
  });
  return reply.status;
}

export interface UnitEntry {
  unit: number;
  url: string;
}

/** The units of CS-601 that have a file, as GET /api/notes/units lists them at `base`. */
export async function units(base: string, token: string): Promise<UnitEntry[]> {
  const reply = await fetch(`${base}/api/notes/units?subject=CS-601`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (reply.status !== 200) throw new Error(`units answered ${reply.status}`);
  return ((await reply.json()) as { units: UnitEntry[] }).units;
}

export function openSocket(port: number): Socket {
  const socket = connect({ host: '127.0.0.1', port });
  sockets.add(socket);
  // A killed server resets the connection.
  socket.on('error', () => {});
  return socket;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** The first response on a socket, once its head and Content-Length bytes of body are in. */
export function responseOn(socket: Socket): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    // Chunks joined once at the end: joining at every chunk copies a large download over and over.
    const chunks: Buffer[] = [];
    let received = 0;
    let head: { end: number; status: number; headers: Record<string, string> } | undefined;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
      if (!head) {
        const sofar = Buffer.concat(chunks);
        const end = sofar.indexOf('\r\n\r\n');
        if (end < 0) return;
        head = { end: end + 4, ...parseResponseHead(sofar.subarray(0, end).toString('latin1')) };
      }
      const length = Number(head.headers['content-length']);
      if (received < head.end + length) return;
      socket.off('data', onData);
      const body = Buffer.concat(chunks).subarray(head.end, head.end + length);
      resolve({ status: head.status, headers: head.headers, body });
    };
    socket.on('data', onData);
    socket.once('close', () => reject(new Error(`Connection closed before a whole response: ${received} B`)));
  });
}

/** Whether a new connection to the port is refused. */
export function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}
