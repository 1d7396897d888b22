import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pointArea, pointShell, publishBuild } from '@studyhub/shared/deploy';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';

export const SHELL_VERSION = '1.0.0-aaaaaaaa';
export const NOTES_VERSION = '1.0.0-bbbbbbbb';

function writeFiles(dir: string, files: Record<string, string>): string {
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

/** A deploy folder with a small shell and notes release, published with the real deploy functions. */
export function makeDeployDir(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'studyhub-api-'));
  const deployDir = path.join(root, 'deploy');
  const shellBuild = writeFiles(path.join(root, 'shell-dist'), {
    'index.html': '<!doctype html><div id="root"></div><script defer src="/main.js"></script>',
    'main.js': 'console.log("shell")',
    'src_bootstrap_tsx.0a1b2c3d.js': 'console.log("chunk")',
  });
  const notesBuild = writeFiles(path.join(root, 'notes-dist'), {
    'mf-manifest.json': '{"id":"notes"}',
    'remoteEntry.js': 'console.log("notes")',
    '__federation_expose_Area.1a2b3c4d.js': 'console.log("area")',
  });
  publishBuild(deployDir, 'shell', SHELL_VERSION, shellBuild);
  publishBuild(deployDir, 'notes', NOTES_VERSION, notesBuild);
  pointShell(deployDir, SHELL_VERSION);
  pointArea(deployDir, 'notes', NOTES_VERSION);
  return deployDir;
}

export async function buildTestApp(deployDir: string): Promise<FastifyInstance> {
  const dataDir = path.join(path.dirname(deployDir), 'data');
  return buildApp(
    loadConfig({
      DEPLOY_DIR: deployDir,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'x'.repeat(32),
      SEED_DEMO: '0',
    }),
  );
}

export function removeDeployDir(deployDir: string): void {
  rmSync(path.dirname(deployDir), { recursive: true, force: true });
}
