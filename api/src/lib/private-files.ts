/**
 * docs/security.md item 44: what the server keeps on disk (the SQLite database and its -wal/-shm files, the JWT
 * secret, the mail outbox, uploaded PDFs) is readable by the server's own user only: folders 0700, files 0600.
 * Folders made by an earlier version (or by hand) with wider modes are narrowed at start-up.
 */
import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `dir` (and missing parents) as 0700 and narrows it to 0700 if it was wider. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  narrow(dir, PRIVATE_DIR_MODE);
}

/**
 * Creates `file` empty as 0600 when missing, or narrows an existing one to 0600. SQLite gives the -wal and -shm
 * files it creates beside a database the database file's own mode, so doing this before opening covers all three.
 */
export function ensurePrivateFile(file: string): void {
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  narrow(file, PRIVATE_FILE_MODE);
}

function narrow(target: string, mode: number): void {
  if ((statSync(target).mode & 0o777 & ~mode) !== 0) chmodSync(target, mode);
}
