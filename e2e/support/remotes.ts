/**
 * Rewrites the deploy folder's remotes.json, which the server reads on every request, to change which build
 * of an area the browser loads; restoreRemotes puts the original back.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deployDir } from './env';

let original: string | undefined;

const remotesFile = () => path.join(deployDir(), 'remotes.json');

/** Write via a temporary file and rename, so the server never reads a half-written file. */
export function replaceRemotesText(text: string): void {
  const temporary = `${remotesFile()}.e2e-tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, remotesFile());
}

export function readRemotes(): Record<string, { version: string; entry: string }> {
  return JSON.parse(readFileSync(remotesFile(), 'utf8')) as Record<
    string,
    { version: string; entry: string }
  >;
}

export function writeRemotes(remotes: object): void {
  original ??= readFileSync(remotesFile(), 'utf8');
  replaceRemotesText(`${JSON.stringify(remotes, null, 2)}\n`);
}

export function restoreRemotes(): void {
  if (original === undefined) return;
  replaceRemotesText(original);
  original = undefined;
}
