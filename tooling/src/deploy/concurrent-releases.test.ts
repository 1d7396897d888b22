/** @jest-environment node */
import { spawn } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { AREAS } from '@studyhub/contract';
import { LOCK_FILE, readHistory, readRemotesStrict, releaseDir } from '@studyhub/deploy-folder';
import { tempDir, writeAreaBuild } from '../../test-support/fixture-builds';

let deployDir: string;
beforeEach(() => {
  deployDir = tempDir('lock');
});
afterEach(() => rmSync(deployDir, { recursive: true, force: true }));

describe('concurrent release commands', () => {
  const PER_AREA = 12;

  function run(area: string): Promise<number | null> {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(__dirname, '../../test-support/lock-contender.ts'),
        deployDir,
        area,
        String(PER_AREA),
      ],
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
