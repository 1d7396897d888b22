/**
 * docs/security.md item 32, against the real server process (`node --import tsx src/server.ts`): `kill -9` in the
 * middle of an upload leaves no partial file visible and the SQLite database intact, stale temp files are cleared
 * at start-up while recent ones stay, and SIGTERM lets the requests in flight finish before the process exits 0.
 * Always on SQLite, whatever STUDYHUB_TEST_DB says: the rule is about the embedded default.
 */
import { spawn } from 'node:child_process';
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
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import SQLite from 'better-sqlite3';
import { loadConfig } from '../src/config';
import { tempFileOwner } from '../src/services/note-store';
import { JWT_SECRET } from './support/apps';
import {
  cleanUpProcesses,
  createAdmin,
  login,
  openSocket,
  paddedPdf,
  rawUpload,
  refused,
  responseOn,
  sha256,
  sleep,
  startServerProcess,
  stillRunning,
  units,
  upload,
  waitFor,
  within,
} from './server-processes';

const ADMIN = {
  email: 'crash-admin@example.com',
  name: 'Crash Admin',
  password: 'correct horse battery staple',
};
const TEST_TIMEOUT_MS = 60_000;

// ---------------------------------------------------------------------------------------------------------------
// Processes, folders and sockets, all cleaned up after each test whatever happened in it.

const roots: string[] = [];

afterEach(async () => {
  await cleanUpProcesses();
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

/** The server as `npm start` runs it: the TypeScript sources through tsx. */
const startServer = (deployment: Deployment) =>
  startServerProcess(['--import', 'tsx', 'api/src/server.ts'], deployment.env);

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
      await createAdmin(deployment.env, ADMIN);
      const first = await startServer(deployment);
      const token = await login(first.base, ADMIN);
      // A committed upload before the crash, so the database has work of its own in the WAL when killed.
      const before = await paddedPdf('before the crash', 300_000);
      expect(await upload(first.base, token, 2, before)).toBe(201);

      const partial = rawUpload(first.port, token, 3, await paddedPdf('cut off by kill -9', 400_000));
      const socket = openSocket(first.port);
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
      // The half-written upload is in the temp folder only, named after the process that wrote it.
      expect(tempFiles(deployment)).toEqual([
        expect.stringMatching(new RegExp(`\\.pdf\\.[0-9a-f]{16}-${first.child.pid}\\.part$`)),
      ]);

      // Its writer is gone: the next start on this machine removes it at once, however recent.
      const second = await startServer(deployment);
      expect(tempFiles(deployment)).toEqual([]);
      expect((await units(second.base, token)).map((entry) => entry.unit)).toEqual([2]);
      const after = await paddedPdf('after the restart', 300_000);
      expect(await upload(second.base, token, 3, after)).toBe(201);
      const listed = await units(second.base, token);
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
    'removes temp files of processes gone from this machine, and others once older than a whole request may take',
    async () => {
      const deployment = newDeployment(1);
      const { requestMs } = loadConfig(deployment.env).httpTimeouts;
      mkdirSync(deployment.incomingDir, { recursive: true, mode: 0o700 });
      const now = Date.now();
      const machine = tempFileOwner()!.split('-')[0]!;
      const ended = spawn(process.execPath, ['-e', '']);
      await new Promise((resolve) => ended.once('exit', resolve));
      // Name and age (ms) of each planted file.
      const planted: [string, number][] = [
        // Written on this machine by a process that is gone (killed): removed however recent.
        [`killed-here.pdf.${machine}-${ended.pid}.part`, 0],
        // Written on this machine by a process still running (this test): kept.
        [`running-here.pdf.${machine}-${process.pid}.part`, 0],
        // Another machine's pids mean nothing here: kept until they are old.
        [`another-machine.pdf.${'0'.repeat(16)}-${ended.pid}.part`, 0],
        [`another-machine-long-ago.pdf.${'0'.repeat(16)}-${ended.pid}.part`, requestMs + 60_000],
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
        `another-machine.pdf.${'0'.repeat(16)}-${ended.pid}.part`,
        'another-replica-just-started.pdf.part',
        'another-replica-slow-upload.pdf.part',
        'not-a-temp-file.txt',
        `running-here.pdf.${machine}-${process.pid}.part`,
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
      await createAdmin(deployment.env, ADMIN);
      const server = await startServer(deployment);
      const token = await login(server.base, ADMIN);
      const large = await paddedPdf('a large download', 32 * 1024 * 1024);
      expect(await upload(server.base, token, 4, large)).toBe(201);

      // A download begun before SIGTERM and then not read: its response is under way when closing begins.
      const downloadSocket = openSocket(server.port);
      const downloaded = responseOn(downloadSocket);
      const firstBytes = new Promise((resolve) => downloadSocket.once('data', resolve));
      downloadSocket.write(
        `GET /api/download/CSE/Third_Year/Semester_6/CS-601/4 HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
          `Authorization: Bearer ${token}\r\n\r\n`,
      );
      await within(firstBytes, 5_000, 'the download to start');
      downloadSocket.pause();

      // An upload whose body is half sent, and whose handler is writing it to disk.
      const file = await paddedPdf('in flight at SIGTERM', 400_000);
      const inFlight = rawUpload(server.port, token, 3, file);
      const uploadSocket = openSocket(server.port);
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

  it(
    'SHUTDOWN_DRAIN_S: readiness fails at once, requests are still answered, each closing its connection, then the listener closes',
    async () => {
      const deployment = newDeployment(1);
      deployment.env.SHUTDOWN_DRAIN_S = '2';
      const server = await startServer(deployment);
      const get = (socket: ReturnType<typeof openSocket>, url: string) => {
        const answered = responseOn(socket);
        socket.write(`GET ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
        return within(answered, 5_000, `GET ${url}`);
      };
      // A keep-alive connection opened before SIGTERM and idle when it comes, as a load balancer keeps them.
      const kept = openSocket(server.port);
      const before = await get(kept, '/api/health');
      expect([before.status, before.headers.connection]).toEqual([200, 'keep-alive']);
      expect((await get(openSocket(server.port), '/api/health/ready')).status).toBe(200);

      server.child.kill('SIGTERM');
      const signalled = Date.now();
      await sleep(300);
      const ready = await get(openSocket(server.port), '/api/health/ready');
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.body.toString())).toEqual({
        status: 'not ready',
        message: 'Not ready: shutting down.',
        down: ['shutting down'],
        checks: { database: 'ok', files: 'ok', redis: 'not configured' },
      });
      // Liveness stays: the process is healthy, only leaving.
      const live = await get(openSocket(server.port), '/api/health');
      expect([live.status, live.headers.connection]).toEqual([200, 'close']);
      // The idle connection's next request is answered (not 503), and the connection closed after it.
      const again = await get(kept, '/api/health');
      expect([again.status, again.headers.connection]).toEqual([200, 'close']);

      while (!(await refused(server.port))) {
        if (Date.now() - signalled > 5_000) throw new Error('Still listening 5 s after SIGTERM');
        await sleep(20);
      }
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(1_900);
      expect(await within(server.exited, 5_000, 'the server to exit')).toEqual({ code: 0, signal: null });
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'SHUTDOWN_GRACE_S: an upload still in flight at the deadline is cut, nothing of it is kept, and the process exits 0',
    async () => {
      const deployment = newDeployment(1);
      deployment.env.SHUTDOWN_GRACE_S = '1';
      await createAdmin(deployment.env, ADMIN);
      const server = await startServer(deployment);
      const token = await login(server.base, ADMIN);
      const stalled = rawUpload(server.port, token, 5, await paddedPdf('never finished', 400_000));
      const socket = openSocket(server.port);
      const closed = new Promise((resolve) => socket.once('close', resolve));
      socket.write(stalled.head);
      socket.write(stalled.body.subarray(0, stalled.body.length / 2));
      await waitFor('the upload to reach the disk', () =>
        tempFiles(deployment).length > 0 ? true : undefined,
      );

      server.child.kill('SIGTERM');
      const signalled = Date.now();
      expect(await within(server.exited, 5_000, 'the server to exit')).toEqual({ code: 0, signal: null });
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(900);
      await within(closed, 1_000, 'the upload connection to be closed');
      expect(inspectDatabase(deployment).notes).toEqual([]);
      expect(storedFiles(deployment)).toEqual([]);
      // Removed by its request when cut, or else at the next start (its writer is gone).
      await startServer(deployment);
      expect(tempFiles(deployment)).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
});
