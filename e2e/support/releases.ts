/**
 * The release commands as an operator runs them (`npm run release|rollback|releases -- …`) against the suite's
 * deploy folder, and the version marker the shell shows for each area it loaded.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { deployDir } from './env';
import { readRemotes } from './remotes';
import { dataDir } from './server';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

export interface CommandResult {
  code: number | null;
  output: string;
  /** When the command had finished: what the next page load is measured from. */
  finishedAt: number;
  seconds: number;
}

/** `npm run <script> -- <args>` in the repository, on the suite's deploy folder and the server's database. */
export function npmRun(script: string, args: string[]): Promise<CommandResult> {
  const started = Date.now();
  const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DEPLOY_DIR: deployDir(), DATA_DIR: dataDir(deployDir()) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      const finishedAt = Date.now();
      resolve({ code, output, finishedAt, seconds: (finishedAt - started) / 1000 });
    }),
  );
}

/** The command's exit code, and its output only when it failed: a failed release says why in the test's report. */
export const outcome = ({ code, output }: CommandResult) => ({ code, output: code === 0 ? '' : output });

export const deployPath = (...parts: string[]) => path.join(deployDir(), ...parts);
export const readDeployFile = (...parts: string[]) => readFileSync(deployPath(...parts), 'utf8');

/** A digest of every file of a folder (name and bytes), to show that it did not change. */
export function folderDigest(dir: string): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    hash.update(file);
    try {
      hash.update(readFileSync(path.join(dir, file)));
    } catch {
      // A folder: its name is enough.
    }
  }
  return hash.digest('hex');
}

/** The live version of an area, from remotes.json. */
export function liveVersion(area: string): string {
  const version = readRemotes()[area]?.version;
  if (!version) throw new Error(`${area} is not live`);
  return version;
}

/** The lines of remotes.json of every area but `area`. */
export function otherAreaLines(area: string): string[] {
  return readDeployFile('remotes.json')
    .split('\n')
    .filter((line) => !line.startsWith(`  "${area}": `));
}

/** The version of `area` this page loaded, as the module reports itself in the footer's release line. */
export async function shownVersion(page: Page, area: string): Promise<string> {
  const marker = page.getByTestId('release-line').locator(`[data-app="${area}"]`);
  await marker.waitFor();
  return (await marker.getAttribute('data-version')) ?? '';
}

/** The remote entry of an area build whose `./Area` is `component`: a real federated container, written by hand. */
function areaContainer(area: string, version: string, contractVersion: number, component: string): string {
  const module = `{ default: ${component}, area: ${JSON.stringify(area)}, contractVersion: ${contractVersion}, buildVersion: ${JSON.stringify(version)} }`;
  return `var ${area};${area} = { init: function () {}, get: function () { return Promise.resolve(function () { return ${module}; }); } };`;
}

/**
 * The remote entry of an area build whose `./Area` loads and then throws as soon as it renders, for a release
 * fixture (tooling/test-support/fixture-builds.ts) the browser can load.
 */
export function areaThatThrows(
  area: string,
  version: string,
  contractVersion: number,
  message: string,
): string {
  return areaContainer(
    area,
    version,
    contractVersion,
    `function BrokenArea() { throw new Error(${JSON.stringify(message)}); }`,
  );
}

/** The remote entry of an area build whose `./Area` loads and renders nothing: a healthy canary. */
export function areaThatRendersNothing(area: string, version: string, contractVersion: number): string {
  return areaContainer(area, version, contractVersion, 'function QuietArea() { return null; }');
}
