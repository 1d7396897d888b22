/** @jest-environment node */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { releaseDir, sourceMapDir } from '@studyhub/deploy-folder';
import { canMakeFifos, makeFifo, tempDir, writeAreaBuild } from '../../test-support/fixture-builds';
import { publishBuild } from './publish';

let root: string;
let deployDir: string;
let build: string;
beforeEach(() => {
  root = tempDir('layout');
  deployDir = path.join(root, 'deploy');
  build = writeAreaBuild(path.join(root, 'build'), 'notes', 'n1', {
    extraFiles: { 'remoteEntry.js.map': '{"version":3}' },
  });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Nothing of the version is published, and no staging folder is left. */
function expectNothingPublished(): void {
  expect(existsSync(releaseDir(deployDir, 'notes', 'n1'))).toBe(false);
  expect(existsSync(sourceMapDir(deployDir, 'notes', 'n1'))).toBe(false);
  const left = existsSync(deployDir) ? readdirSync(deployDir, { recursive: true, encoding: 'utf8' }) : [];
  expect(left.filter((entry) => entry.includes('.staging'))).toEqual([]);
}

describe('publishBuild (docs/security.md items 37 and 45)', () => {
  it('copies regular files into the release and source maps beside it', () => {
    expect(publishBuild(deployDir, 'notes', 'n1', build)).toEqual({
      dir: releaseDir(deployDir, 'notes', 'n1'),
      copied: true,
    });
    expect(readdirSync(releaseDir(deployDir, 'notes', 'n1'))).not.toContain('remoteEntry.js.map');
    expect(readdirSync(sourceMapDir(deployDir, 'notes', 'n1'))).toEqual(['remoteEntry.js.map']);
  });

  it.each([
    ['a link to a file outside', () => symlinkSync(path.join(root, 'secret'), path.join(build, 'secret.js'))],
    ['a link to a folder', () => symlinkSync(root, path.join(build, 'assets'))],
    [
      'a link in a sub-folder',
      () => {
        mkdirSync(path.join(build, 'static'));
        symlinkSync(path.join(build, 'react.js'), path.join(build, 'static', 'react.js'));
      },
    ],
  ])('refuses %s rather than copy it as a link or follow it, and leaves nothing behind', (_label, plant) => {
    writeFileSync(path.join(root, 'secret'), 'secret');
    plant();
    expect(() => publishBuild(deployDir, 'notes', 'n1', build)).toThrow(
      /is a symbolic link; a release holds only regular files and folders, so nothing was published/,
    );
    expectNothingPublished();
  });

  (canMakeFifos() ? it : it.skip)('refuses a FIFO without waiting for a writer', () => {
    expect(makeFifo(path.join(build, 'pipe.js'))).toBe(true);
    expect(() => publishBuild(deployDir, 'notes', 'n1', build)).toThrow(
      /pipe\.js in .* is a named pipe \(FIFO\)/,
    );
    expectNothingPublished();
  });
});

describe('compressed copies (decision 013)', () => {
  it('are written beside each text file worth compressing, and decompress to it', () => {
    const text = 'export const notes = "unit-wise notes";\n'.repeat(200);
    mkdirSync(path.join(build, 'static'));
    const files = {
      'static/big.js': text,
      'static/page.html': `<!doctype html>${text}`,
      'static/tiny.js': 'console.log(1);',
      'static/logo.png': text,
    };
    for (const [file, content] of Object.entries(files)) writeFileSync(path.join(build, file), content);
    publishBuild(deployDir, 'notes', 'n1', build);
    const release = releaseDir(deployDir, 'notes', 'n1');
    for (const file of ['static/big.js', 'static/page.html']) {
      const original = readFileSync(path.join(release, file));
      const br = readFileSync(path.join(release, `${file}.br`));
      const gz = readFileSync(path.join(release, `${file}.gz`));
      expect(brotliDecompressSync(br).equals(original)).toBe(true);
      expect(gunzipSync(gz).equals(original)).toBe(true);
      expect(br.length).toBeLessThan(gz.length);
    }
    // Too small to gain, or not text: no copies. Source maps are not published, so neither are copies of them.
    const released = readdirSync(release, { recursive: true, encoding: 'utf8' });
    expect(released.filter((file) => /(tiny\.js|logo\.png)\.(br|gz)$/.test(file))).toEqual([]);
    const kept = readdirSync(sourceMapDir(deployDir, 'notes', 'n1'));
    expect(kept).toEqual(['remoteEntry.js.map']);
  });
});
