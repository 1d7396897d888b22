/**
 * The live pointers: remotes.json (each area's live version and canary) and shell.json (the live shell).
 * The server reads them leniently; release tools read them strictly and write them in one canonical form, so
 * changing one area rewrites that area's line and leaves every other byte of the file as it was.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  AREAS,
  isAreaName,
  parseRemoteEntry,
  parseRemotesFile,
  VERSION_PATTERN,
  type RemoteEntry,
  type RemotesFile,
} from '@studyhub/contract';
import { readJsonObjectFile, REMOTES_FILE, SHELL_POINTER_FILE, writeFileAtomic } from './layout';

const ENTRY_FIELDS = ['version', 'entry', 'canary'];
const CANARY_FIELDS = ['version', 'entry', 'percent'];

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** What the server serves and reports: bad entries dropped, so one broken line cannot take the site down. */
export function readRemotes(deployDir: string): RemotesFile {
  return parseRemotesFile(readJson(path.join(deployDir, REMOTES_FILE)));
}

export function readShellVersion(deployDir: string): string | null {
  const pointer = readJson(path.join(deployDir, SHELL_POINTER_FILE)) as { version?: unknown } | null;
  const version = pointer?.version;
  return typeof version === 'string' && VERSION_PATTERN.test(version) ? version : null;
}

const onlyFields = (value: object, fields: readonly string[]) =>
  Object.keys(value).every((key) => fields.includes(key));

/** Why one raw entry would not survive a rewrite unchanged, or null when it would. */
function entryProblem(value: unknown): string | null {
  const entry = parseRemoteEntry(value);
  if (!entry) return 'needs a "version" and a non-empty "entry"';
  if (!onlyFields(value as object, ENTRY_FIELDS)) return `may only have ${ENTRY_FIELDS.join(', ')}`;
  const canary = (value as { canary?: unknown }).canary;
  if (canary !== undefined && (!entry.canary || !onlyFields(canary as object, CANARY_FIELDS))) {
    return 'has a canary that needs exactly a "version", an "entry" and a whole "percent" from 1 to 99';
  }
  return null;
}

/**
 * What release tools start from. Anything the lenient read would drop is an error naming it instead, because
 * writing the file back would silently lose it.
 */
export function readRemotesStrict(deployDir: string): RemotesFile {
  const file = path.join(deployDir, REMOTES_FILE);
  const value = readJsonObjectFile(file) ?? {};
  for (const [key, entry] of Object.entries(value)) {
    if (!isAreaName(key)) {
      throw new Error(`${file} names "${key}", which is not an area (${AREAS.join(', ')}); repair it first`);
    }
    const problem = entryProblem(entry);
    if (problem) throw new Error(`${file}: the "${key}" entry ${problem}; repair it first`);
  }
  return parseRemotesFile(value);
}

function canonicalEntry({ version, entry, canary }: RemoteEntry): RemoteEntry {
  return {
    version,
    entry,
    ...(canary ? { canary: { version: canary.version, entry: canary.entry, percent: canary.percent } } : {}),
  };
}

/** Areas in AREAS order, one line each, fields in a fixed order: the same entry always gives the same bytes. */
export function serializeRemotes(remotes: RemotesFile): string {
  const lines = AREAS.flatMap((area) => {
    const entry = remotes[area];
    return entry ? [`  ${JSON.stringify(area)}: ${JSON.stringify(canonicalEntry(entry))}`] : [];
  });
  return lines.length === 0 ? '{}\n' : `{\n${lines.join(',\n')}\n}\n`;
}

export function writeRemotes(deployDir: string, remotes: RemotesFile): void {
  writeFileAtomic(path.join(deployDir, REMOTES_FILE), serializeRemotes(remotes));
}

export function writeShellPointer(deployDir: string, version: string): void {
  writeFileAtomic(path.join(deployDir, SHELL_POINTER_FILE), `${JSON.stringify({ version }, null, 2)}\n`);
}
