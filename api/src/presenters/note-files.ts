/**
 * How the API shows a note file (decision 006): as a recent note in JSON, as a unit of the availability list, by
 * the download path its signed links cover, and as the PDF itself — one way for every route that sends one
 * (downloads, a pending upload's reader).
 */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { downloadPath } from '@studyhub/contract';
import { findSubject } from '@studyhub/contract/catalog';
import { describeUpload, type NotesAvailability, type RecentNote } from '@studyhub/contract/schemas';
import type { Config } from '../config';
import { NOT_MODIFIED } from '../plugins/contract';
import { FILE_CONTENT_SECURITY_POLICY } from '../plugins/security-headers';
import type { NoteRow } from '../repositories/note-files';
import { STORAGE_NAME, type NoteStore } from '../services/note-store';

export function toRecentNote(row: NoteRow): RecentNote {
  return {
    _id: row.id,
    subject: findSubject(row.subject_code)?.name ?? row.subject_code,
    subjectCode: row.subject_code,
    ...describeUpload(row),
    // When students could first see it: a teacher's upload is "recent" from its approval (decision 026).
    createdAt: row.published_at ?? row.uploaded_at,
  };
}

/** The units with a file, grouped by subject code (rows come sorted by subject and unit). */
export function toNotesAvailability(
  branch: string,
  rows: readonly Pick<NoteRow, 'subject_code' | 'unit'>[],
): NotesAvailability {
  const units = new Map<string, number[]>();
  for (const row of rows) units.set(row.subject_code, [...(units.get(row.subject_code) ?? []), row.unit]);
  // fromEntries defines own keys, so a code such as "__proto__" stays a subject, not the object's prototype.
  return { branch, subjects: Object.fromEntries([...units].map(([code, list]) => [code, { units: list }])) };
}

/** The download path of a stored file, which signed links cover. */
export function pathOf(row: NoteRow): string {
  return downloadPath({
    branch: row.branch,
    year: row.year,
    semester: row.semester,
    subjectCode: row.subject_code,
    unitNumber: row.unit,
  });
}

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
 * A note file as it is stored, never serialised: named for the OpenAPI document. Behind nginx this process
 * answers with no body and nginx sends the file (X-Accel-Redirect).
 */
export function pdfFileReply(description: string) {
  return { description, content: { 'application/pdf': { schema: z.file().optional() } } };
}

/** What a file route answers besides the whole file: a Range's part (416 is an error), and a conditional GET's 304. */
export const FILE_REPLIES = {
  206: pdfFileReply('The byte range the request asked for (Range)'),
  ...NOT_MODIFIED,
};

/**
 * Sends a stored note file: inline, or as an attachment named after its subject and unit (`nameTag` appended:
 * `CS-601-unit-1-pending.pdf`), sandboxed (docs/security.md item 42), with Range, by Node or, behind nginx, by
 * nginx (decision 015). The download route and a pending upload's reader (routes/my-uploads.ts) send files this
 * one way.
 */
export function sendNoteFile(
  reply: FastifyReply,
  row: NoteRow,
  files: { config: Pick<Config, 'downloadAccelPrefix'>; noteStore: Pick<NoteStore, 'filesDir'> },
  options: { download: boolean; nameTag?: string },
): FastifyReply {
  const tag = options.nameTag ? `-${options.nameTag}` : '';
  const filename = `${row.subject_code.replace(/[^A-Za-z0-9-]+/g, '')}-unit-${row.unit}${tag}.pdf`;
  const accelPrefix = files.config.downloadAccelPrefix;
  // The name goes into a path or a header: only the names the note store chooses (docs/security.md item 26).
  if (!STORAGE_NAME.test(row.storage_name)) {
    throw new Error(`note_files ${row.id} has a storage name the note store never chooses`);
  }
  reply
    .header('Content-Disposition', `${options.download ? 'attachment' : 'inline'}; filename="${filename}"`)
    // Only signed-in users may read it, by a link or the bearer header: no cache keeps it (item 50).
    .header('Cache-Control', 'no-store')
    .header('Content-Security-Policy', FILE_CONTENT_SECURITY_POLICY);
  // Behind nginx (docs/deploy-behind-nginx.md): the checks are done; nginx sends the bytes (sendfile, Range,
  // ETag) from its internal location and keeps Content-Type, Content-Disposition and Cache-Control from this
  // answer. The security headers it drops are set in that location (tooling/src/nginx/nginx-config.ts).
  if (accelPrefix !== null) {
    return reply
      .header('X-Accel-Redirect', `${accelPrefix}${row.storage_name}`)
      .type('application/pdf')
      .send();
  }
  return reply.sendFile(row.storage_name, files.noteStore.filesDir, FILE_SEND_OPTIONS);
}
