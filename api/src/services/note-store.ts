/**
 * Where uploaded PDFs live (DESIGN §6, SECURITY.md items 24–25): streamed to a temp file while the size and the
 * `%PDF-` signature are checked, then renamed into place under a server-chosen name. A rejected or broken
 * upload leaves nothing behind; nothing partial is ever visible.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UPLOAD_MESSAGES } from '@studyhub/shared/schemas';
import { HttpError } from '../http-errors';

/** The signature must start within the first 1024 bytes (what PDF readers accept). */
const SIGNATURE_WINDOW = 1024;
const PDF_SIGNATURE = Buffer.from('%PDF-');

export interface StoredFile {
  storageName: string;
  size: number;
  sha256: string;
}

export function createNoteStore(filesDir: string, maxBytes: number) {
  const incomingDir = path.join(filesDir, '.incoming');
  mkdirSync(incomingDir, { recursive: true });
  const tooLarge = () => new HttpError(413, UPLOAD_MESSAGES.tooLarge(Math.round(maxBytes / 1024 / 1024)));

  return {
    filesDir,

    async save(source: Readable & { truncated?: boolean }): Promise<StoredFile> {
      const storageName = `${randomUUID()}.pdf`;
      const temp = path.join(incomingDir, `${storageName}.part`);
      const hash = createHash('sha256');
      let size = 0;
      let head = Buffer.alloc(0);
      let checked = false;
      const check = () => {
        checked = true;
        if (head.indexOf(PDF_SIGNATURE) === -1) throw new HttpError(415, UPLOAD_MESSAGES.notPdf);
      };
      const inspect = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (size > maxBytes) return done(tooLarge());
          hash.update(chunk);
          if (!checked) {
            head = Buffer.concat([head, chunk]).subarray(0, SIGNATURE_WINDOW);
            if (head.length >= SIGNATURE_WINDOW) {
              try {
                check();
              } catch (error) {
                return done(error as Error);
              }
            }
          }
          done(null, chunk);
        },
        flush(done) {
          try {
            if (!checked) check();
            done();
          } catch (error) {
            done(error as Error);
          }
        },
      });
      const writer = createWriteStream(temp, { flags: 'wx' });
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
        // (SECURITY.md items 28, 31).
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
