/**
 * Starts the composed production site (`npx tsx scripts/start.ts`) for the suite and stops it again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const READY_LINE = /StudyHub is running at (http:\/\/\S+)/;
/** The first run builds the shell and every area from scratch. */
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 10_000;
/** Enough of the server's output to explain a failed start. */
const OUTPUT_LIMIT = 20_000;

/** The server's DATA_DIR for a run: SQLite file, JWT secret and the mail outbox the tests read codes from. */
export function dataDir(deployDir: string): string {
  return path.join(deployDir, 'data');
}

export interface RunningSite {
  url: string;
  child: ChildProcess;
}

export function startSite(deployDir: string): Promise<RunningSite> {
  // detached: the server gets its own process group, so stopSite ends npx, tsx and node together.
  const child = spawn('npx', ['tsx', 'scripts/start.ts'], {
    cwd: REPO_ROOT,
    // The database, JWT secret and mail outbox live in the run's own temp folder too (dataDir below).
    env: {
      ...process.env,
      DEPLOY_DIR: deployDir,
      DATA_DIR: dataDir(deployDir),
      PORT: '0',
      LOG_LEVEL: 'warn',
      // Accounts the support code makes say which client they stand for (accounts.ts); only loopback may.
      TRUST_PROXY: '127.0.0.1,::1',
      // The followers' digest runs every second and gathers what was approved in the last two (decision 041):
      // a test reads its mail within moments instead of the production day.
      DIGEST_INTERVAL_SECONDS: '1',
      DIGEST_GATHER_SECONDS: '2',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const capture = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_LIMIT);
  };
  child.stdout?.on('data', capture);
  child.stderr?.on('data', capture);
  guardAgainstOrphan(child);

  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      stopSite(child).finally(() =>
        reject(new Error(`The StudyHub site did not start: ${why}\n--- its output ---\n${output}`)),
      );
    };
    const timer = setTimeout(
      () => fail(`no "running at" line within ${START_TIMEOUT_MS / 1000} s`),
      START_TIMEOUT_MS,
    );
    child.once('error', (error) => fail(error.message));
    child.once('exit', (code, signal) => fail(`it exited early (code ${code}, signal ${signal})`));
    child.stdout?.on('data', () => {
      const ready = READY_LINE.exec(output);
      if (!ready?.[1]) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      child.removeAllListeners('error');
      resolve({ url: ready[1].replace(/\/$/, ''), child });
    });
  });
}

/** SIGTERM to the server's process group (it closes gracefully), SIGKILL if it lingers. */
export function stopSite(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined)
    return Promise.resolve();
  const group = -child.pid;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signalGroup(group, 'SIGKILL');
      resolve();
    }, STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      // npx may exit before its children; make sure nothing of the group is left.
      signalGroup(group, 'SIGKILL');
      resolve();
    });
    signalGroup(group, 'SIGTERM');
  });
}

/**
 * The detached server is not in the terminal's process group, so a Ctrl-C or a crash of the runner would leave it
 * running; kill its group on the way out.
 */
function guardAgainstOrphan(child: ChildProcess): void {
  if (child.pid === undefined) return;
  const group = -child.pid;
  const killGroup = () => signalGroup(group, 'SIGKILL');
  process.once('exit', killGroup);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      killGroup();
      process.exit(130);
    });
  }
  child.once('exit', () => process.removeListener('exit', killGroup));
}

function signalGroup(group: number, signal: NodeJS.Signals): void {
  try {
    process.kill(group, signal);
  } catch {
    // The group is already gone.
  }
}
