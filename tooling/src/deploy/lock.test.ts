/** @jest-environment node */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { AREAS } from '@studyhub/contract';
import { tempDir, writeAreaBuild } from './fixture-builds';
import { readHistory } from './history';
import { releaseDir } from './layout';
import { LOCK_FILE, withDeployLock } from './lock';
import { readRemotesStrict } from './pointers';

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

describe('concurrent release commands', () => {
  const PER_AREA = 12;

  function run(area: string): Promise<number | null> {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, 'lock-contender.ts'), deployDir, area, String(PER_AREA)],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    return new Promise((resolve) => child.once('exit', resolve));
  }

  it('lose no update: every area and every history event is there', async () => {
    for (const area of AREAS) {
      for (let index = 0; index < PER_AREA; index += 1) {
        const version = `1.0.${index}`;
        writeAreaBuild(releaseDir(deployDir, area, version), area, version);
      }
    }
    const codes = await Promise.all(AREAS.map(run));
    expect(codes).toEqual(AREAS.map(() => 0));

    const remotes = readRemotesStrict(deployDir);
    const history = readHistory(deployDir);
    for (const area of AREAS) {
      expect(remotes[area]?.version).toBe(`1.0.${PER_AREA - 1}`);
      expect(history[area]?.map((event) => event.version)).toEqual(
        Array.from({ length: PER_AREA }, (_, index) => `1.0.${index}`),
      );
    }
    expect(readdirSync(deployDir).filter((name) => name.endsWith('.tmp') || name === LOCK_FILE)).toEqual([]);
  }, 60_000);
});
