/**
 * How every route that sends a stored PDF sends it (a unit's notes, a question paper, a pending upload for its
 * reader): one way, sandboxed, with Range, by Node or, behind nginx, by nginx (decision 015).
 */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config';
import { NOT_MODIFIED } from '../plugins/contract';
import { FILE_CONTENT_SECURITY_POLICY } from '../plugins/security-headers';
import { STORAGE_NAME, type NoteStore } from '../services/note-store';

/**
 * How much of a file each read takes while Node sends it: 1 MiB, not @fastify/send's 64 KiB, costs a third of the
 * CPU per GB (decision 015 has the measurements). A download in flight holds up to about two reads (one ahead,
 * one in the socket's queue): about 2 MB, so 100 slow clients at once hold about 200 MB. Deployments with many
 * slow clients let nginx send the files (DOWNLOAD_ACCEL_PREFIX).
 */
export const DOWNLOAD_READ_BYTES = 1024 * 1024;
/** @fastify/static hands every option on to @fastify/send, which reads highWaterMark (its own types omit it). */
const FILE_SEND_OPTIONS = {
  cacheControl: false,
  dotfiles: 'deny',
  highWaterMark: DOWNLOAD_READ_BYTES,
} as const;

/**
 * A stored PDF as it is, never serialised: named for the OpenAPI document. Behind nginx this process answers with
 * no body and nginx sends the file (X-Accel-Redirect).
 */
export function pdfFileReply(description: string) {
  return { description, content: { 'application/pdf': { schema: z.file().optional() } } };
}

/** What a file route answers besides the whole file: a Range's part (416 is an error), and a conditional GET's 304. */
export const FILE_REPLIES = {
  206: pdfFileReply('The byte range the request asked for (Range)'),
  ...NOT_MODIFIED,
};

/** Where stored files are and who sends them. */
export interface StoredPdfFiles {
  config: Pick<Config, 'downloadAccelPrefix'>;
  noteStore: Pick<NoteStore, 'filesDir'>;
}

/**
 * Sends a stored PDF (its row's id and storage name): inline, or as an attachment named `fileName`, sandboxed
 * (docs/security.md item 42), with Range. `fileName` is ours, never the uploader's.
 */
export function sendStoredPdf(
  reply: FastifyReply,
  file: { id: string; storage_name: string },
  fileName: string,
  files: StoredPdfFiles,
  options: { download: boolean },
): FastifyReply {
  const accelPrefix = files.config.downloadAccelPrefix;
  // The name goes into a path or a header: only the names the note store chooses (docs/security.md item 26).
  if (!STORAGE_NAME.test(file.storage_name)) {
    throw new Error(`Upload ${file.id} has a storage name the note store never chooses`);
  }
  reply
    .header('Content-Disposition', `${options.download ? 'attachment' : 'inline'}; filename="${fileName}"`)
    // Only signed-in users may read it, by a link or the bearer header: no cache keeps it (item 50).
    .header('Cache-Control', 'no-store')
    .header('Content-Security-Policy', FILE_CONTENT_SECURITY_POLICY);
  // Behind nginx (docs/deploy-behind-nginx.md): the checks are done; nginx sends the bytes (sendfile, Range,
  // ETag) from its internal location and keeps Content-Type, Content-Disposition and Cache-Control from this
  // answer. The security headers it drops are set in that location (tooling/src/nginx/nginx-config.ts).
  if (accelPrefix !== null) {
    return reply
      .header('X-Accel-Redirect', `${accelPrefix}${file.storage_name}`)
      .type('application/pdf')
      .send();
  }
  return reply.sendFile(file.storage_name, files.noteStore.filesDir, FILE_SEND_OPTIONS);
}
