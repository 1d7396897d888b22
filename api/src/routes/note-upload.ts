/**
 * Note uploads (product §7, decision 006): one PDF streamed into the note store. An admin's becomes its unit's
 * current file at once; a teacher's waits for an admin's review, under per-teacher caps (decision 026).
 */
import { UPLOAD_MESSAGES, uploadQuery, uploadReply, type UploadReply } from '@studyhub/contract/schemas';
import type { Config } from '../config';
import type { Audit } from '../services/audit';
import type { NoteStore } from '../services/note-store';
import type { Metrics } from '../services/metrics';
import { HttpError } from '../http-errors';
import { API_MESSAGES } from '../messages';
import { replies, type FastifyZod } from '../plugins/contract';
import { signedInSession, signedInUser } from '../plugins/authenticate';
import { auditTarget, type UploadReviews } from '../services/upload-reviews';
import { toRecentNote } from '../presenters/note-files';
import { rateLimit } from './route-limits';

/** What the upload route uses. */
export interface NoteUploadRoutesOptions {
  config: Pick<Config, 'uploadMaxBytes'>;
  audit: Audit;
  noteStore: NoteStore;
  uploadReviews: UploadReviews;
  metrics: Metrics;
  /** Multiplies the per-IP rate limits (route-limits.ts). */
  rateLimitFactor: number;
}

export async function noteUploadRoutes(
  app: FastifyZod,
  { config, audit, noteStore, uploadReviews, metrics, rateLimitFactor }: NoteUploadRoutesOptions,
): Promise<void> {
  app.post(
    '/api/upload/upload',
    {
      config: {
        access: 'teacher',
        rateLimit: rateLimit(rateLimitFactor, 'upload'),
        documentedBody: {
          type: 'object',
          required: ['pdf'],
          properties: {
            pdf: { type: 'string', contentMediaType: 'application/pdf', description: 'The one PDF' },
          },
        },
      },
      onResponse: metrics.uploadAnswered,
      // The body is a multipart form holding the one PDF (read as a stream below, not validated as JSON).
      schema: {
        summary: "Upload a unit's notes as a PDF",
        querystring: uploadQuery,
        consumes: ['multipart/form-data'],
        response: replies({ 201: uploadReply }),
      },
    },
    async (request, reply) => {
      const uploader = signedInUser(request);
      const target = request.query;
      if (!request.isMultipart()) throw new HttpError(400, UPLOAD_MESSAGES.file);
      // A teacher at a cap is told before sending the whole file.
      await uploadReviews.checkCaps(uploader);
      // Whatever the multipart parser refuses here (no boundary, a body that ends early, a text field) is the
      // client's malformed form, not a server error (docs/security.md items 28, 31).
      const parts = request.parts({ limits: { fileSize: config.uploadMaxBytes } });
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
      // Who the sender is now decides, not who they were when the upload started (docs/security.md item 48). The
      // unit's previous file stays as history when this one becomes current (decision 006).
      const upload = { target, stored, originalName: file.filename, uploaderId: uploader.id };
      const { row, state } = await uploadReviews
        .record(upload, signedInSession(request))
        .catch(async (error) => {
          await noteStore.remove(stored.storageName);
          throw error;
        });
      metrics.uploadStored(row.size);
      await audit({
        action: state === 'approved' ? 'notes.upload' : 'notes.submit',
        actorId: uploader.id,
        target: auditTarget(row),
        ip: request.ip,
        details: { upload: row.id, size: row.size, sha256: row.sha256, file: row.original_name },
      });
      const sent: UploadReply = {
        message: state === 'approved' ? API_MESSAGES.uploaded : API_MESSAGES.submitted,
        state,
        note: toRecentNote(row),
      };
      return reply.code(201).send(sent);
    },
  );
}
