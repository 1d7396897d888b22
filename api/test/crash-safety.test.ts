/**
 * docs/security.md item 32, against the real server process (`node --import tsx src/server.ts`): `kill -9` in the
 * middle of an upload leaves no partial file visible and the SQLite database intact, stale temp files are cleared
 * at start-up while recent ones stay, and SIGTERM lets the requests in flight finish before the process exits 0.
 * Always on SQLite, whatever STUDYHUB_TEST_DB says: the rule is about the embedded default.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import SQLite from 'better-sqlite3';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { loadConfig } from '../src/config';
import { JWT_SECRET, parseResponseHead, pdfForm } from './helpers';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ADMIN = {
  email: 'crash-admin@example.com',
  name: 'Crash Admin',
  password: 'correct horse battery staple',
};
/** A server start takes a second or two; a busy machine running the whole suite, more. */
const START_TIMEOUT_MS = 30_000;
const TEST_TIMEOUT_MS = 60_000;

const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let basePdf: Buffer;

/** A real PDF (pdf-lib) padded to about `bytes` with trailing comment lines, unique by its label. */
function pdf(label: string, bytes: number): Buffer {
  const line = `% ${label} ${'x'.repeat(100)}\n`;
  const lines = Math.max(1, Math.ceil((bytes - basePdf.length) / line.length));
  return Buffer.concat([basePdf, Buffer.from(`\n${line.repeat(lines)}`)]);
}

beforeAll(async () => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([200, 200]).drawText('StudyHub crash-safety notes', { x: 10, y: 100, size: 10, font });
  basePdf = Buffer.from(await doc.save());
});

// ---------------------------------------------------------------------------------------------------------------
// Processes, folders and sockets, all cleaned up after each test whatever happened in it.

const children = new Set<ChildProcess>();
const sockets = new Set<Socket>();
const roots: string[] = [];

afterEach(async () => {
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
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

interface Deployment {
  dataDir: string;
  filesDir: string;
  incomingDir: string;
  env: NodeJS.ProcessEnv;
}

/** A fresh DATA_DIR and empty DEPLOY_DIR, and the environment a server and the CLI get for them. */
function newDeployment(uploadMaxMb: number): Deployment {
  const root = mkdtempSync(path.join(tmpdir(), 'studyhub-crash-'));
  roots.push(root);
  const dataDir = path.join(root, 'data');
  const deployDir = path.join(root, 'deploy');
  mkdirSync(deployDir);
  const env: NodeJS.ProcessEnv = {
    // Nothing else from ours (NODE_OPTIONS, FILES_DIR, SMTP_URL…) leaks into the server.
    PATH: process.env.PATH,
    ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
    DATA_DIR: dataDir,
    DEPLOY_DIR: deployDir,
    DATABASE_URL: path.join(dataDir, 'studyhub.db'),
    JWT_SECRET,
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    UPLOAD_MAX_MB: String(uploadMaxMb),
  };
  const filesDir = path.join(dataDir, 'files');
  return { dataDir, filesDir, incomingDir: path.join(filesDir, '.incoming'), env };
}

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

interface Run {
  child: ChildProcess;
  exited: Promise<Exit>;
  output(): string;
}

/**
 * `node --import tsx`, not the tsx command: that one runs the script in a child process of its own, which a
 * SIGKILL sent to it would leave running.
 */
function runScript(script: string, args: string[], env: NodeJS.ProcessEnv): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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

/** Resolves with the promise's value, or fails naming what did not happen in time. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
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

async function waitFor<T>(what: string, check: () => T | undefined, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** The CLI a real deployment makes its first admin with, against the deployment's DATA_DIR. */
async function createAdmin(deployment: Deployment): Promise<void> {
  const run = runScript('api/src/cli/create-admin.ts', ['--email', ADMIN.email, '--name', ADMIN.name], {
    ...deployment.env,
    ADMIN_PASSWORD: ADMIN.password,
  });
  const exit = await within(run.exited, START_TIMEOUT_MS, 'create-admin');
  if (exit.code !== 0) throw new Error(`create-admin failed (${JSON.stringify(exit)}): ${run.output()}`);
}

interface Server extends Run {
  port: number;
  base: string;
}

async function startServer(deployment: Deployment): Promise<Server> {
  const run = runScript('api/src/server.ts', [], deployment.env);
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

const stillRunning = (server: Server) => server.child.exitCode === null && server.child.signalCode === null;

// ---------------------------------------------------------------------------------------------------------------
// Requests.

async function login(server: Server): Promise<string> {
  const reply = await fetch(`${server.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  expect(reply.status).toBe(200);
  return ((await reply.json()) as { token: string }).token;
}

const uploadPath = (unit: number) =>
  `/api/upload/upload?${new URLSearchParams({
    branch: 'CSE',
    year: 'Third Year',
    semester: 'Semester_6',
    subject: 'CS-601',
    unit: `Unit ${unit}`,
  })}`;

/** An upload's request, as raw bytes: the head and the multipart body, to be sent in pieces. */
function rawUpload(
  server: Server,
  token: string,
  unit: number,
  file: Buffer,
): { head: string; body: Buffer } {
  const { payload, contentType } = pdfForm(file);
  const head = [
    `POST ${uploadPath(unit)} HTTP/1.1`,
    `Host: 127.0.0.1:${server.port}`,
    `Authorization: Bearer ${token}`,
    `Content-Type: ${contentType}`,
    `Content-Length: ${payload.length}`,
  ].join('\r\n');
  return { head: `${head}\r\n\r\n`, body: payload };
}

async function upload(server: Server, token: string, unit: number, file: Buffer): Promise<number> {
  const { payload, contentType } = pdfForm(file);
  const reply = await fetch(`${server.base}${uploadPath(unit)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body: payload,
  });
  return reply.status;
}

interface UnitsReply {
  units: { unit: number; url: string }[];
}

async function units(server: Server, token: string): Promise<UnitsReply['units']> {
  const reply = await fetch(`${server.base}/api/notes/units?subject=CS-601`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(reply.status).toBe(200);
  return ((await reply.json()) as UnitsReply).units;
}

function openSocket(server: Server): Socket {
  const socket = connect({ host: '127.0.0.1', port: server.port });
  sockets.add(socket);
  // A killed server resets the connection.
  socket.on('error', () => {});
  return socket;
}

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** The first response on a socket, once its head and Content-Length bytes of body are in. */
function responseOn(socket: Socket): Promise<RawResponse> {
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
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

// ---------------------------------------------------------------------------------------------------------------
// What is on disk.

interface NoteRow {
  unit: number;
  storage_name: string;
  size: number;
  sha256: string;
  current: number;
}

/** The SQLite file as the next start would find it, opened with the server stopped. */
function inspectDatabase(deployment: Deployment) {
  const db = new SQLite(deployment.env.DATABASE_URL!, { fileMustExist: true });
  try {
    return {
      // WAL is a property of the file itself: the mode it was left in.
      journalMode: db.pragma('journal_mode', { simple: true }),
      integrity: db.pragma('integrity_check', { simple: true }),
      foreignKeyViolations: db.pragma('foreign_key_check') as unknown[],
      notes: db
        .prepare('select unit, storage_name, size, sha256, current from note_files order by unit')
        .all() as NoteRow[],
    };
  } finally {
    db.close();
  }
}

/** The files a download could reach: those in the files folder itself, temp files aside. */
const storedFiles = (deployment: Deployment) =>
  readdirSync(deployment.filesDir, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .sort();

const tempFiles = (deployment: Deployment) => readdirSync(deployment.incomingDir).sort();

/** Every stored file has its row and every row its file, with the size and hash the row records. */
function expectFilesMatchRows(deployment: Deployment, notes: NoteRow[]): void {
  expect(storedFiles(deployment)).toEqual(notes.map((note) => note.storage_name).sort());
  for (const note of notes) {
    const bytes = readFileSync(path.join(deployment.filesDir, note.storage_name));
    expect({ size: bytes.length, sha256: sha256(bytes) }).toEqual({ size: note.size, sha256: note.sha256 });
  }
}

// ---------------------------------------------------------------------------------------------------------------

describe('kill -9 during an upload (docs/security.md item 32)', () => {
  it(
    'leaves no partial file visible, the database intact and the unit without a file; uploads work after a restart',
    async () => {
      const deployment = newDeployment(1);
      await createAdmin(deployment);
      const first = await startServer(deployment);
      const token = await login(first);
      // A committed upload before the crash, so the database has work of its own in the WAL when killed.
      const before = pdf('before the crash', 300_000);
      expect(await upload(first, token, 2, before)).toBe(201);

      const partial = rawUpload(first, token, 3, pdf('cut off by kill -9', 400_000));
      const socket = openSocket(first);
      socket.write(partial.head);
      socket.write(partial.body.subarray(0, partial.body.length / 2));
      // Killed only once the server is writing the upload to disk, wherever it writes it.
      const storedBefore = storedFiles(deployment);
      await waitFor('the upload to reach the disk', () =>
        [
          ...tempFiles(deployment).map((name) => path.join(deployment.incomingDir, name)),
          ...storedFiles(deployment)
            .filter((name) => !storedBefore.includes(name))
            .map((name) => path.join(deployment.filesDir, name)),
        ].find((file) => statSync(file).size > 0),
      );
      first.child.kill('SIGKILL');
      expect(await within(first.exited, 5_000, 'the killed server to exit')).toEqual({
        code: null,
        signal: 'SIGKILL',
      });

      // As the crash left it: the database intact, nothing for unit 3, and no file without its row.
      const crashed = inspectDatabase(deployment);
      expect(crashed.journalMode).toBe('wal');
      expect(crashed.integrity).toBe('ok');
      expect(crashed.foreignKeyViolations).toEqual([]);
      expect(crashed.notes).toEqual([
        {
          unit: 2,
          storage_name: expect.any(String),
          size: before.length,
          sha256: sha256(before),
          current: 1,
        },
      ]);
      expectFilesMatchRows(deployment, crashed.notes);
      // The half-written upload is in the temp folder only.
      expect(tempFiles(deployment)).toEqual([expect.stringMatching(/\.pdf\.part$/)]);

      const second = await startServer(deployment);
      expect((await units(second, token)).map((entry) => entry.unit)).toEqual([2]);
      const after = pdf('after the restart', 300_000);
      expect(await upload(second, token, 3, after)).toBe(201);
      const listed = await units(second, token);
      expect(listed.map((entry) => entry.unit)).toEqual([2, 3]);
      const download = await fetch(`${second.base}${listed[1]!.url}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(after)).toBe(true);

      second.child.kill('SIGTERM');
      expect(await within(second.exited, 10_000, 'the server to stop')).toEqual({ code: 0, signal: null });
      const restarted = inspectDatabase(deployment);
      expect(restarted.integrity).toBe('ok');
      expectFilesMatchRows(deployment, restarted.notes);
    },
    TEST_TIMEOUT_MS,
  );
});

describe('stale temp files at start-up (docs/security.md item 32)', () => {
  it(
    'removes temp files untouched for longer than a whole request may take, and keeps the recent ones',
    async () => {
      const deployment = newDeployment(1);
      const { requestMs } = loadConfig(deployment.env).httpTimeouts;
      mkdirSync(deployment.incomingDir, { recursive: true, mode: 0o700 });
      const now = Date.now();
      // Name and age (ms) of each planted file.
      const planted: [string, number][] = [
        ['left-by-a-crash.pdf.part', requestMs + 60_000],
        ['long-ago.pdf.part', 30 * 24 * 3600_000],
        // Another replica sharing FILES_DIR may still be writing these.
        ['another-replica-slow-upload.pdf.part', requestMs - 30_000],
        ['another-replica-just-started.pdf.part', 0],
        // Not a temp file of ours.
        ['not-a-temp-file.txt', requestMs + 60_000],
      ];
      for (const [name, age] of planted) {
        const file = path.join(deployment.incomingDir, name);
        writeFileSync(file, '%PDF-1.7\n% partial');
        utimesSync(file, new Date(now - age), new Date(now - age));
      }

      const server = await startServer(deployment);
      expect(tempFiles(deployment)).toEqual([
        'another-replica-just-started.pdf.part',
        'another-replica-slow-upload.pdf.part',
        'not-a-temp-file.txt',
      ]);
      server.child.kill('SIGTERM');
      expect(await within(server.exited, 10_000, 'the server to stop')).toEqual({ code: 0, signal: null });
    },
    TEST_TIMEOUT_MS,
  );
});

describe('graceful shutdown (docs/security.md item 32)', () => {
  it(
    'SIGTERM refuses new connections, finishes the upload and the download in flight, then exits 0',
    async () => {
      // Room for a download large enough to be still under way, past the socket buffers, when SIGTERM comes.
      const deployment = newDeployment(40);
      await createAdmin(deployment);
      const server = await startServer(deployment);
      const token = await login(server);
      const large = pdf('a large download', 32 * 1024 * 1024);
      expect(await upload(server, token, 4, large)).toBe(201);

      // A download begun before SIGTERM and then not read: its response is under way when closing begins.
      const downloadSocket = openSocket(server);
      const downloaded = responseOn(downloadSocket);
      const firstBytes = new Promise((resolve) => downloadSocket.once('data', resolve));
      downloadSocket.write(
        `GET /api/download/CSE/Third_Year/Semester_6/CS-601/4 HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
          `Authorization: Bearer ${token}\r\n\r\n`,
      );
      await within(firstBytes, 5_000, 'the download to start');
      downloadSocket.pause();

      // An upload whose body is half sent, and whose handler is writing it to disk.
      const file = pdf('in flight at SIGTERM', 400_000);
      const inFlight = rawUpload(server, token, 3, file);
      const uploadSocket = openSocket(server);
      const uploaded = responseOn(uploadSocket);
      uploadSocket.write(inFlight.head);
      uploadSocket.write(inFlight.body.subarray(0, inFlight.body.length / 2));
      await waitFor('the upload to reach the disk', () =>
        tempFiles(deployment).length > 0 ? true : undefined,
      );

      server.child.kill('SIGTERM');
      const deadline = Date.now() + 5_000;
      while (!(await refused(server.port))) {
        if (Date.now() > deadline) throw new Error('New connections were still accepted 5 s after SIGTERM');
        await sleep(20);
      }
      // Still running: it waits for the requests in flight.
      await sleep(200);
      expect(stillRunning(server)).toBe(true);

      uploadSocket.write(inFlight.body.subarray(inFlight.body.length / 2));
      const answer = await within(uploaded, 10_000, 'the upload to be answered');
      expect(answer.status).toBe(201);
      // Told so, a client sends its next request elsewhere instead of down a connection about to close.
      expect(answer.headers.connection).toBe('close');
      downloadSocket.resume();
      const download = await within(downloaded, 10_000, 'the download to finish');
      expect(download.status).toBe(200);
      // Its head went out before closing began (so it could not say `Connection: close`).
      expect(download.headers.connection).toBe('keep-alive');
      expect(download.body.equals(large)).toBe(true);

      // Neither client closes its connection: the server must, rather than wait for the keep-alive limit.
      expect(await within(server.exited, 5_000, 'the server to exit after its last response')).toEqual({
        code: 0,
        signal: null,
      });
      // The database was closed, not abandoned: closing the last connection checkpoints the WAL and removes it.
      expect(readdirSync(deployment.dataDir).filter((name) => name.startsWith('studyhub.db'))).toEqual([
        'studyhub.db',
      ]);
      const database = inspectDatabase(deployment);
      expect(database.integrity).toBe('ok');
      expect(database.notes.map((note) => [note.unit, note.sha256])).toEqual([
        [3, sha256(file)],
        [4, sha256(large)],
      ]);
      expectFilesMatchRows(deployment, database.notes);
      expect(tempFiles(deployment)).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
});
