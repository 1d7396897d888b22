/**
 * The checks of a build's entry script (decision 011), run in a child node process, never in the release process
 * (docs/security.md item 37): a build's JavaScript is evaluated with a time limit (the child is killed when it
 * runs out), a memory limit, Node's permission model (no file, child process or worker access) and no
 * eval, and the child only reports what it saw.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** How long parsing or loading the entry script may take, node's start-up included (about 40 ms). */
export const ENTRY_CHECK_TIMEOUT_MS = 2000;
/** The child's JavaScript heap; a real remote entry needs a few MB. */
const ENTRY_CHECK_HEAP_MB = 64;
/** The child writes one short JSON line; anything longer is not the check talking. */
const ENTRY_CHECK_OUTPUT_BYTES = 64 * 1024;

/**
 * The child's program. It is given to `node -e` as text, so the child needs no file of its own and no
 * TypeScript loader, whichever way this module was loaded (CommonJS under jest, ESM under tsx). It reads the
 * script from stdin and writes {"error": message} when the script does not parse or throws, otherwise
 * {"container": whether it defined the federated container}; "parse" only parses.
 */
const CHILD_PROGRAM = `'use strict';
const { readFileSync } = require('node:fs');
const { runInNewContext, Script } = require('node:vm');
const [mode, filename, globalName] = process.argv.slice(1);
const source = readFileSync(0, 'utf8');
let result;
try {
  if (mode === 'parse') {
    new Script(source, { filename });
    result = {};
  } else {
    // Just enough of a page for a federated remote entry, as a browser's script tag would load it.
    const page = {};
    page.self = page;
    page.window = page;
    page.document = {
      defaultView: page,
      currentScript: { tagName: 'SCRIPT', src: 'https://release-check.invalid/' + filename },
      getElementsByTagName: () => [],
      // webpack's runtime reads the page's base URL for files a build links by URL (the notes area's pdf.js worker).
      baseURI: 'https://release-check.invalid/',
    };
    // An area takes Module Federation's runtime from the shell (decision 014). A stand-in answers every use of
    // it with itself: enough for the entry to define its container, which is what is checked here.
    const standIn = new Proxy(function () {}, { get: () => standIn, apply: () => standIn, construct: () => standIn });
    page._FEDERATION_RUNTIME_CORE = standIn;
    // No code from strings, as the site's Content-Security-Policy allows none.
    runInNewContext(source, page, { filename, contextCodeGeneration: { strings: false, wasm: false } });
    const container = page[globalName];
    result = { container: typeof container?.get === 'function' && typeof container.init === 'function' };
  }
} catch (error) {
  // An error from the page's realm is no instance of this realm's Error.
  const message = error !== null && typeof error === 'object' && 'message' in error ? error.message : error;
  result = { error: String(message) };
}
process.stdout.write(JSON.stringify(result));
`;

interface ChildReport {
  error?: string;
  container?: boolean;
}

/** Runs the child on one script: its report, or the refusal reason when it gave none. */
function runCheck(file: string, mode: 'parse' | 'load', globalName = ''): ChildReport | string {
  const name = path.basename(file);
  const child = spawnSync(
    process.execPath,
    [
      '--permission',
      '--disallow-code-generation-from-strings',
      `--max-old-space-size=${ENTRY_CHECK_HEAP_MB}`,
      '--no-warnings',
      '-e',
      CHILD_PROGRAM,
      '--',
      mode,
      name,
      globalName,
    ],
    {
      input: readFileSync(file),
      encoding: 'utf8',
      env: {},
      timeout: ENTRY_CHECK_TIMEOUT_MS,
      killSignal: 'SIGKILL',
      maxBuffer: ENTRY_CHECK_OUTPUT_BYTES,
    },
  );
  if ((child.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT') {
    const doing = mode === 'parse' ? 'parsing' : 'loading';
    return `${name} did not finish ${doing} within ${ENTRY_CHECK_TIMEOUT_MS / 1000} s`;
  }
  const failed = `${name} does not ${mode}`;
  if (/heap out of memory/.test(child.stderr ?? '')) {
    return `${failed}: it needs more than ${ENTRY_CHECK_HEAP_MB} MB of memory`;
  }
  if (child.status === 0) {
    try {
      return JSON.parse(child.stdout) as ChildReport;
    } catch {
      // The script wrote to the child's output itself: no report, as below.
    }
  }
  const ended =
    child.error?.message ?? (child.signal ? `killed by ${child.signal}` : `exit code ${child.status}`);
  return `${failed}: its check ended without a report (${ended})`;
}

/** Why the shell's entry script would not run in a browser, or null: it must at least parse. */
export function entryParseProblem(file: string): string | null {
  const report = runCheck(file, 'parse');
  if (typeof report === 'string') return report;
  return report.error === undefined ? null : `${path.basename(file)} does not parse: ${report.error}`;
}

/**
 * Why a remote entry would not work in the shell, or null: loaded the way a browser's script tag would, with
 * just enough of a page around it, it must define the federated container (get and init) named `globalName`.
 */
export function entryLoadProblem(file: string, globalName: string): string | null {
  const name = path.basename(file);
  const report = runCheck(file, 'load', globalName);
  if (typeof report === 'string') return report;
  if (report.error !== undefined) return `${name} does not load: ${report.error}`;
  return report.container ? null : `${name} loads but defines no federated container "${globalName}"`;
}
