/**
 * Where uploaded PDFs live (architecture §6, docs/security.md items 24–25): streamed to a temp file while the size and the
 * `%PDF-` signature are checked, then renamed into place under a server-chosen name. A rejected or broken
 * upload leaves nothing behind; nothing partial is ever visible.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, lstatSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isAlive } from '@studyhub/deploy-folder';
import { UPLOAD_MESSAGES } from '@studyhub/contract/schemas';
import { HttpError } from '../http-errors';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../lib/private-files';

/**
 * A PDF starts with its signature at byte 0 (docs/security.md item 42). Readers that look further in would also
 * take an HTML page with `%PDF-` somewhere in its first kilobyte, which a browser might render as a page.
 */
const PDF_SIGNATURE = Buffer.from('%PDF-');

/**
 * Every stored file's name: chosen here (a random UUID), never taken from a request. Whatever puts a name into a
 * path or a header (the nginx deployment's X-Accel-Redirect) checks it against this first.
 */
export const STORAGE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.pdf$/;

export interface StoredFile {
  storageName: string;
  size: number;
  sha256: string;
}

/**
 * The process writing a temp file, in its name: `<storage name>.<machine>-<pid>.part`. The machine is a hash of
 * the kernel's boot id and the process's pid namespace, so two processes with the same `machine` can see each
 * other's pids. Null where /proc does not say (not Linux): the age rule below is then the only one.
 */
export function tempFileOwner(): string | null {
  try {
    const machine = createHash('sha256')
      .update(readFileSync('/proc/sys/kernel/random/boot_id', 'utf8'))
      .update(readlinkSync('/proc/self/ns/pid'))
      .digest('hex')
      .slice(0, 16);
    return `${machine}-${process.pid}`;
  } catch {
    return null;
  }
}

const OWNED_TEMP_FILE = /\.([0-9a-f]{16})-(\d+)\.part$/;

/**
 * A temp file outlives its upload only when its process died while writing it (`kill -9`, a crash, power loss):
 * those are removed at start-up (docs/security.md item 32). A file whose writer ran on this machine and is gone
 * (or whose pid is this very process's, as after a container restart) goes at once. Any other goes once it is
 * older than the longest upload may take (the whole-request time limit, derived from UPLOAD_MAX_MB): replicas on
 * other machines sharing FILES_DIR may be writing it right now.
 */
function removeLeftTempFiles(incomingDir: string, staleAfterMs: number, owner: string | null): void {
  const now = Date.now();
  const machine = owner?.split('-')[0];
  for (const name of readdirSync(incomingDir)) {
    if (!name.endsWith('.part')) continue;
    const file = path.join(incomingDir, name);
    const writer = OWNED_TEMP_FILE.exec(name);
    const writerGone =
      writer !== null &&
      writer[1] === machine &&
      (Number(writer[2]) === process.pid || !isAlive(Number(writer[2])));
    try {
      const stat = lstatSync(file);
      if (stat.isFile() && (writerGone || now - stat.mtimeMs > staleAfterMs)) rmSync(file, { force: true });
    } catch {
      // Renamed into place, or removed by its request or another replica's clean-up, since the listing.
    }
  }
}

/** `staleAfterMs`: the whole-request time limit; a temp file older than that belongs to no live upload. */
export function createNoteStore(filesDir: string, maxBytes: number, staleAfterMs: number) {
  const incomingDir = path.join(filesDir, '.incoming');
  ensurePrivateDir(filesDir);
  ensurePrivateDir(incomingDir);
  const owner = tempFileOwner();
  removeLeftTempFiles(incomingDir, staleAfterMs, owner);
  const tooLarge = () => new HttpError(413, UPLOAD_MESSAGES.tooLarge(Math.round(maxBytes / 1024 / 1024)));

  return {
    filesDir,
    /** Where uploads are written before they are renamed into place (readiness checks it takes a write). */
    incomingDir,

    async save(source: Readable & { truncated?: boolean }): Promise<StoredFile> {
      const storageName = `${randomUUID()}.pdf`;
      const temp = path.join(incomingDir, `${storageName}${owner ? `.${owner}` : ''}.part`);
      const hash = createHash('sha256');
      let size = 0;
      let head = Buffer.alloc(0);
      const notPdf = () => new HttpError(415, UPLOAD_MESSAGES.notPdf);
      const inspect = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (size > maxBytes) return done(tooLarge());
          hash.update(chunk);
          if (head.length < PDF_SIGNATURE.length) {
            head = Buffer.concat([head, chunk]).subarray(0, PDF_SIGNATURE.length);
            // Refused at the first byte that differs, without waiting for the rest of the signature.
            if (!PDF_SIGNATURE.subarray(0, head.length).equals(head)) return done(notPdf());
          }
          done(null, chunk);
        },
        flush(done) {
          done(head.length < PDF_SIGNATURE.length ? notPdf() : null);
        },
      });
      const writer = createWriteStream(temp, { flags: 'wx', mode: PRIVATE_FILE_MODE });
      try {
        await pipeline(source, inspect, writer);
        // The multipart parser stops at its own limit and marks the stream truncated.
        if (source.truncated) throw tooLarge();
        await rename(temp, path.join(filesDir, storageName));
        return { storageName, size, sha256: hash.digest('hex') };
      } catch (error) {
        // pipeline rejects as soon as a stream fails, maybe before the temp file is even open; removed before
        // the writer has closed it, the file would appear afterwards and stay.
        if (!writer.closed) await new Promise<void>((resolve) => writer.once('close', () => resolve()));
        await rm(temp, { force: true });
        const status = (error as { statusCode?: number }).statusCode;
        if (error instanceof HttpError) throw error;
        if (status === 413) throw tooLarge();
        // The file system's failures (they name their syscall) are the server's; anything else broke in the
        // upload stream itself (a multipart body that ends early or is malformed): the client's doing, a 400
        // (docs/security.md items 28, 31).
        if ((error as { syscall?: string }).syscall !== undefined) throw error;
        throw new HttpError(400, UPLOAD_MESSAGES.file);
      }
    },

    async remove(storageName: string): Promise<void> {
      await rm(path.join(filesDir, path.basename(storageName)), { force: true });
    },
  };
}

export type NoteStore = ReturnType<typeof createNoteStore>;
