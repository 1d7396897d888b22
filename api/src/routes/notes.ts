/**
 * Note files (product §7): admin upload, recent uploads, which units of a subject have a file, and the download
 * path. Files are found through the database, never by joining request text into a path (docs/security.md item 26).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { findSubject, NOTES_BRANCH } from '@studyhub/shared/catalog';
import { downloadPath, normaliseSemester, normaliseYear } from '@studyhub/shared/paths';
import {
  describeUpload,
  recentNote,
  UPLOAD_MESSAGES,
  unitsQuery,
  uploadQuery,
  type RecentNote,
} from '@studyhub/shared/schemas';
import { z } from 'zod';
import type { AppContext } from '../context';
import { isUniqueViolation, lockForTransaction } from '../db/database';
import type { NoteFilesTable } from '../db/schema';
import { HttpError, parse } from '../http-errors';
import { API_MESSAGES } from '../messages';
import { signedInUser } from '../plugins/authenticate';
import { FILE_CONTENT_SECURITY_POLICY } from '../plugins/security-headers';
import { sendCached } from '../services/read-cache';
import { STORAGE_NAME } from '../services/note-store';
import { rateLimit } from './route-limits';

export const RECENT_NOTES_LIMIT = 8;
/**
 * How much of a file each read takes while Node sends it (@fastify/send's default is 64 KiB: 16 reads and socket
 * writes per MB, each a trip through libuv's thread pool). Measured with 8 parallel 20 MB downloads on loopback
 * (scripts/bench/downloads.ts, docs/deploy-behind-nginx.md): 1 MiB reads cost the server 0.7–2 s of CPU per GB
 * sent instead of 2–2.8 s, and raise throughput from about 0.4× nginx's to a median of 0.6× (0.5–1× in most
 * runs); 256–512 KiB were in between, 2 MiB was slower again. A download in flight holds up to about two reads
 * (one read ahead, one in the socket's queue): about 2 MB, so 100 slow clients at once hold about 200 MB.
 * Deployments with many slow clients let nginx send the files (DOWNLOAD_ACCEL_PREFIX).
 */
export const DOWNLOAD_READ_BYTES = 1024 * 1024;
/** @fastify/static hands every option on to @fastify/send, which reads highWaterMark (its own types omit it). */
const FILE_SEND_OPTIONS = {
  cacheControl: false,
  dotfiles: 'deny',
  highWaterMark: DOWNLOAD_READ_BYTES,
} as const;
const UNIQUE_RETRIES = 3;

type NoteRow = Selectable<NoteFilesTable>;

/** GET /api/notes/recent's reply, serialised from this schema (fast-json-stringify): every field of RecentNote. */
export const RECENT_NOTES_REPLY = z.toJSONSchema(z.array(recentNote), { target: 'draft-07' });

export function toRecentNote(row: NoteRow): RecentNote {
  return {
    _id: row.id,
    subject: findSubject(row.subject_code)?.name ?? row.subject_code,
    subjectCode: row.subject_code,
    ...describeUpload(row),
    createdAt: row.uploaded_at,
  };
}

function pathOf(row: NoteRow): string {
  return downloadPath({
    branch: row.branch,
    year: row.year,
    semester: row.semester,
    subjectCode: row.subject_code,
    unitNumber: row.unit,
  });
}

/** Keeps what a reader might want to see of the uploader's file name, and nothing that could act as a path. */
function sanitiseName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return base.replace(/[^\w.() -]+/g, '_').slice(0, 120) || 'upload.pdf';
}

export async function notesRoutes(app: FastifyInstance, { context }: { context: AppContext }): Promise<void> {
  const { db, dialect, clock, audit, noteStore, downloadLinks, readCache } = context;
  const accelPrefix = context.config.downloadAccelPrefix;

  app.post(
    '/api/upload/upload',
    { config: { access: 'admin', rateLimit: rateLimit(context, 'upload') } },
    async (request, reply) => {
      const admin = signedInUser(request);
      const target = parse(uploadQuery, request.query);
      if (!request.isMultipart()) throw new HttpError(400, UPLOAD_MESSAGES.file);
      // Whatever the multipart parser refuses here (no boundary, a body that ends early, a text field) is the
      // client's malformed form, not a server error (docs/security.md items 28, 31).
      const parts = request.parts({ limits: { fileSize: context.config.uploadMaxBytes } });
      const first = await parts.next().catch(() => {
        throw new HttpError(400, UPLOAD_MESSAGES.file);
      });
      const file = first.done ? undefined : first.value;
      if (file?.type !== 'file') throw new HttpError(400, UPLOAD_MESSAGES.file);
      if (file.fieldname !== 'pdf') {
        file.file.resume();
        throw new HttpError(400, UPLOAD_MESSAGES.file);
      }
      const stored = await noteStore.save(file.file);
      // The form holds that one file and nothing else (docs/security.md item 42). Parts arrive in order, so a
      // second one (refused by the parser's one-part limit) shows only now that the first is stored.
      const rest = await parts.next().catch(() => ({ done: false }));
      if (!rest.done) {
        await noteStore.remove(stored.storageName);
        throw new HttpError(400, API_MESSAGES.oneFileOnly);
      }
      const row: NoteRow = {
        id: randomUUID(),
        branch: target.branch,
        year: target.year,
        semester: target.semester,
        subject_code: target.subject.code,
        unit: target.unit,
        storage_name: stored.storageName,
        original_name: sanitiseName(file.filename),
        size: stored.size,
        sha256: stored.sha256,
        uploaded_by: admin.id,
        uploaded_at: clock().toISOString(),
        current: 1,
      };
      // The previous file of the unit stays as history; only the newest is current. Two uploads of the same unit
      // at once meet at the unique index: the later one retries and wins. A lock per unit queues them first:
      // without it, several at once on PostgreSQL each lost to the unique index round after round and ran out
      // of retries (a 500).
      for (let attempt = 1; ; attempt += 1) {
        try {
          await db.transaction().execute(async (trx) => {
            await lockForTransaction(
              trx,
              dialect,
              `note_files:${row.branch}:${row.subject_code}:${row.unit}`,
            );
            await trx
              .updateTable('note_files')
              .set({ current: 0 })
              .where('branch', '=', row.branch)
              .where('subject_code', '=', row.subject_code)
              .where('unit', '=', row.unit)
              .where('current', '=', 1)
              .execute();
            await trx.insertInto('note_files').values(row).execute();
          });
          break;
        } catch (error) {
          if (attempt >= UNIQUE_RETRIES || !isUniqueViolation(error)) {
            await noteStore.remove(stored.storageName);
            throw error;
          }
        }
      }
      await audit({
        action: 'notes.upload',
        actorId: admin.id,
        target: `${row.branch} ${row.subject_code} unit ${row.unit}`,
        ip: request.ip,
        details: { size: row.size, sha256: row.sha256, file: row.original_name },
      });
      return reply.code(201).send({ message: API_MESSAGES.uploaded, note: toRecentNote(row) });
    },
  );

  // Every write to note_files bumps the `notes` version: the reply is kept per version (services/read-cache.ts).
  app.get(
    '/api/notes/recent',
    // sendCached compresses (once per version): the compression hook is not asked.
    { config: { access: 'public' }, compress: false, schema: { response: { 200: RECENT_NOTES_REPLY } } },
    async (request, reply) => {
      const cached = await readCache.reply('notes', '', async () => {
        const rows = await db
          .selectFrom('note_files')
          .selectAll()
          .where('current', '=', 1)
          .orderBy('uploaded_at', 'desc')
          .orderBy('id')
          .limit(RECENT_NOTES_LIMIT)
          .execute();
        // The route's schema serialiser (fast-json-stringify) makes JSON text.
        return reply.serialize(rows.map(toRecentNote)) as string;
      });
      return sendCached(request, reply, cached);
    },
  );

  app.get('/api/notes/units', { config: { access: 'signed-in' } }, async (request) => {
    const query = parse(unitsQuery, request.query);
    const subject = findSubject(query.subject);
    if (!subject) throw new HttpError(404, API_MESSAGES.unknownSubject);
    const branch = (query.branch ?? NOTES_BRANCH).trim().toUpperCase();
    const rows = await db
      .selectFrom('note_files')
      .selectAll()
      .where('current', '=', 1)
      .where('branch', '=', branch)
      .where('subject_code', '=', subject.code)
      .orderBy('unit')
      .execute();
    return {
      subject: subject.code,
      units: rows.map((row) => ({
        unit: row.unit,
        size: row.size,
        uploadedAt: row.uploaded_at,
        url: downloadLinks.sign(pathOf(row)),
        downloadUrl: downloadLinks.sign(pathOf(row), { download: true }),
      })),
    };
  });

  app.get<{
    Params: { branch: string; year: string; semester: string; subjectCode: string; unitNumber: string };
    Querystring: { expires?: string; sig?: string; download?: string };
  }>(
    '/api/download/:branch/:year/:semester/:subjectCode/:unitNumber',
    // PDFs are compressed already: the compression hook is not even asked (decision 013).
    { config: { access: 'public' }, compress: false },
    async (request, reply) => {
      const { branch, year, semester, subjectCode, unitNumber } = request.params;
      const yearNumber = normaliseYear(year);
      const semesterNumber = normaliseSemester(semester);
      const subject = findSubject(subjectCode);
      const unit = /^\d{1,2}$/.test(unitNumber) ? Number(unitNumber) : null;
      const row =
        yearNumber && semesterNumber && subject && unit
          ? await db
              .selectFrom('note_files')
              .selectAll()
              .where('current', '=', 1)
              .where('branch', '=', branch.replace(/_/g, ' ').trim().toUpperCase())
              .where('subject_code', '=', subject.code)
              .where('unit', '=', unit)
              .where('semester', '=', semesterNumber)
              .where('year', '=', yearNumber)
              .executeTakeFirst()
          : undefined;
      // Links are for signed-in users: the bearer header, or a signature the units call handed out.
      if (!request.user) {
        const { expires, sig } = request.query;
        if (expires === undefined && sig === undefined)
          throw new HttpError(401, API_MESSAGES.downloadLoginRequired);
        const verdict = row ? downloadLinks.check(pathOf(row), expires, sig) : 'invalid';
        if (verdict !== 'valid') {
          throw new HttpError(
            401,
            verdict === 'expired' ? API_MESSAGES.downloadLinkExpired : API_MESSAGES.downloadLinkInvalid,
          );
        }
      }
      if (!row) throw new HttpError(404, API_MESSAGES.noteNotFound);
      const filename = `${row.subject_code.replace(/[^A-Za-z0-9-]+/g, '')}-unit-${row.unit}.pdf`;
      const disposition = request.query.download === '1' ? 'attachment' : 'inline';
      // The name goes into a path or a header: only the names the note store chooses (docs/security.md item 26).
      if (!STORAGE_NAME.test(row.storage_name)) {
        throw new Error(`note_files ${row.id} has a storage name the note store never chooses`);
      }
      reply
        .header('Content-Disposition', `${disposition}; filename="${filename}"`)
        .header('Cache-Control', 'private, no-cache')
        .header('Content-Security-Policy', FILE_CONTENT_SECURITY_POLICY);
      // Behind nginx (docs/deploy-behind-nginx.md): the checks above are done; nginx sends the bytes (sendfile,
      // Range, ETag) from its internal location and keeps Content-Type, Content-Disposition and Cache-Control
      // from this answer. The security headers it drops are set in that location (api/src/deploy/nginx-config.ts).
      if (accelPrefix !== null) {
        return reply
          .header('X-Accel-Redirect', `${accelPrefix}${row.storage_name}`)
          .type('application/pdf')
          .send();
      }
      return reply.sendFile(row.storage_name, noteStore.filesDir, FILE_SEND_OPTIONS);
    },
  );
}
