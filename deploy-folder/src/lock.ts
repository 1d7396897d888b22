/**
 * One release operation at a time per deploy folder: an exclusive lock file (O_EXCL create), so two releases
 * started together cannot both read remotes.json and each write back a copy without the other's change.
 */
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

export const LOCK_FILE = '.release.lock';
const POLL_MS = 50;
const DEFAULT_WAIT_MS = 30_000;

interface LockHolder {
  pid: number;
  host: string;
  since: string;
}

/** Lock depth per deploy folder in this process, so an operation may call another under the same lock. */
const held = new Map<string, number>();

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function readHolder(file: string): { text: string; holder: LockHolder | null } | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  try {
    return { text, holder: JSON.parse(text) as LockHolder };
  } catch {
    return { text, holder: null };
  }
}

/** Whether a process of this machine (its pid namespace) runs with this pid; EPERM: it does, as another user. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A lock left by a process of this machine that has died (a crashed release) is taken over. */
function removeIfStale(file: string): boolean {
  const seen = readHolder(file);
  if (!seen?.holder) return false;
  const { pid, host } = seen.holder;
  if (host !== hostname() || !Number.isInteger(pid) || isAlive(pid)) return false;
  // Only the lock we judged stale is removed, never one a live process took meanwhile.
  if (readHolder(file)?.text !== seen.text) return false;
  unlinkSync(file);
  return true;
}

function acquire(file: string, waitMs: number): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const deadline = Date.now() + waitMs;
  const holder: LockHolder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  for (;;) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, JSON.stringify(holder));
      closeSync(fd);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (removeIfStale(file)) continue;
    if (Date.now() >= deadline) {
      const current = readHolder(file);
      const who = current?.holder
        ? `pid ${current.holder.pid} on ${current.holder.host} since ${current.holder.since}`
        : 'an unknown process';
      throw new Error(
        `Another release operation holds ${file} (${who}). Wait for it to finish; if none is running, ` +
          'delete that file and try again.',
      );
    }
    sleepSync(POLL_MS);
  }
}

/** Runs `operation` holding the deploy folder's lock; waits up to `waitMs` for another holder to finish. */
export function withDeployLock<T>(deployDir: string, operation: () => T, waitMs = DEFAULT_WAIT_MS): T {
  const file = path.join(path.resolve(deployDir), LOCK_FILE);
  const depth = held.get(file) ?? 0;
  if (depth === 0) acquire(file, waitMs);
  held.set(file, depth + 1);
  try {
    return operation();
  } finally {
    if (depth === 0) {
      held.delete(file);
      unlinkSync(file);
    } else {
      held.set(file, depth);
    }
  }
}
