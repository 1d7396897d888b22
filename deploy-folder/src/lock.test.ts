/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { tempDir } from '../test-support/temp-dir';
import { LOCK_FILE, withDeployLock } from './lock';

let deployDir: string;
beforeEach(() => {
  deployDir = tempDir('lock');
});
afterEach(() => rmSync(deployDir, { recursive: true, force: true }));

const lockFile = () => path.join(deployDir, LOCK_FILE);
const holdLock = (holder: object) => writeFileSync(lockFile(), JSON.stringify(holder));

describe('withDeployLock', () => {
  it('runs the operation, returns its result and removes the lock, also when it throws', () => {
    expect(withDeployLock(deployDir, () => existsSync(lockFile()))).toBe(true);
    expect(existsSync(lockFile())).toBe(false);
    expect(() =>
      withDeployLock(deployDir, () => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(existsSync(lockFile())).toBe(false);
  });

  it('lets an operation call another under the same lock', () => {
    expect(withDeployLock(deployDir, () => withDeployLock(deployDir, () => 'inner'))).toBe('inner');
    expect(existsSync(lockFile())).toBe(false);
  });

  it('waits for a live holder, then gives up naming it, and leaves its lock alone', () => {
    holdLock({ pid: process.pid, host: hostname(), since: 'earlier' });
    const started = Date.now();
    expect(() => withDeployLock(deployDir, () => 'never', 300)).toThrow(
      new RegExp(`holds .*${LOCK_FILE} \\(pid ${process.pid} on ${hostname()} since earlier\\)`),
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toMatchObject({ pid: process.pid });
  });

  it('takes over a lock left by a process of this machine that has died', () => {
    const { pid } = spawnSync(process.execPath, ['-e', '0']);
    holdLock({ pid, host: hostname(), since: 'a crash' });
    expect(withDeployLock(deployDir, () => 'ran', 1000)).toBe('ran');
    expect(existsSync(lockFile())).toBe(false);
  });

  it('never takes over a lock of another machine, whose processes it cannot see', () => {
    holdLock({ pid: 1, host: `not-${hostname()}`, since: 'elsewhere' });
    expect(() => withDeployLock(deployDir, () => 'never', 200)).toThrow(/holds/);
    expect(existsSync(lockFile())).toBe(true);
  });
});
