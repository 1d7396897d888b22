/**
 * Issue 14's experiment, for real (decision 020): in a throwaway checkout of the repository (root configuration,
 * copies of the workspace packages, mfe-notes/ and shell/, installed packages linked one by one: isolatedCheckout),
 * add one export to the shared package's UI, render it on the notes page, and build notes and the shell from
 * those sources. The repository itself is never touched.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isolatedCheckout, WORKSPACE_PACKAGES } from '@studyhub/tooling/build/isolated-checkout';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const ROOT_FILES = ['package.json', 'package-lock.json', 'tsconfig.base.json'];
const FOLDERS = [...WORKSPACE_PACKAGES, 'mfe-notes', 'shell'];

/** The export the experiment adds, and what the notes page renders with it. */
export const PROBE_EXPORT = 'e2eSharedProbe';
export const PROBE_TEXT = 'Rendered by a @studyhub/shared export added for this release';

export interface ExperimentBuilds {
  checkout: string;
  notesDir: string;
  shellDir: string;
  version(app: 'notes' | 'shell'): string;
  seconds: number;
}

function edit(file: string, from: string, to: string): void {
  const text = readFileSync(file, 'utf8');
  // A source that moved on would make the experiment silently test nothing.
  if (!text.includes(from)) throw new Error(`${file} no longer contains ${JSON.stringify(from)}`);
  writeFileSync(file, text.replace(from, to));
}

function checkoutWithProbe(): string {
  const checkout = isolatedCheckout({
    root: REPO_ROOT,
    rootFiles: ROOT_FILES,
    folders: FOLDERS,
    prefix: 'studyhub-e2e-shared-',
  });

  const shared = path.join(checkout, 'shared', 'src');
  writeFileSync(
    path.join(shared, 'ui', 'e2e-probe.ts'),
    `export function ${PROBE_EXPORT}(area: string): string {\n  return \`${PROBE_TEXT} (\${area}).\`;\n}\n`,
  );
  appendFileSync(path.join(shared, 'index.ts'), "export * from './ui/e2e-probe';\n");
  const notesPage = path.join(checkout, 'mfe-notes', 'src', 'pages', 'notes-page.tsx');
  edit(notesPage, 'PageTitle }', `PageTitle, ${PROBE_EXPORT} }`);
  edit(
    notesPage,
    '</PageTitle>',
    `</PageTitle>\n      <p data-testid="e2e-shared-probe">{${PROBE_EXPORT}('notes')}</p>`,
  );
  return checkout;
}

function build(appDir: string, outDir: string, buildId: string): Promise<void> {
  const child = spawn('npm', ['run', '--silent', 'build', '--', '--out-dir', outDir], {
    cwd: appDir,
    env: { ...process.env, BUILD_ID: buildId },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`build in ${appDir} failed (${code}):\n${output}`)),
    ),
  );
}

/** The checkout, and notes and the shell built there (in parallel: each is mostly one process). */
export async function buildExperiment(buildId: string): Promise<ExperimentBuilds> {
  const started = Date.now();
  const checkout = checkoutWithProbe();
  const notesDir = path.join(checkout, 'out', 'notes');
  const shellDir = path.join(checkout, 'out', 'shell');
  try {
    await Promise.all([
      build(path.join(checkout, 'mfe-notes'), notesDir, buildId),
      build(path.join(checkout, 'shell'), shellDir, buildId),
    ]);
  } catch (error) {
    rmSync(checkout, { recursive: true, force: true });
    throw error;
  }
  const version = (app: 'notes' | 'shell') =>
    (
      JSON.parse(
        readFileSync(path.join(app === 'notes' ? notesDir : shellDir, 'build-info.json'), 'utf8'),
      ) as {
        version: string;
      }
    ).version;
  return { checkout, notesDir, shellDir, version, seconds: (Date.now() - started) / 1000 };
}
