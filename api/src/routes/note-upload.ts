/**
 * Note uploads (product §7, decision 006): one PDF streamed into the note store. An admin's becomes its unit's
 * current file at once; a teacher's waits for an admin's review, under per-teacher caps (decision 026).
 */
import { uploadQuery, uploadReply, type UploadReply } from '@studyhub/contract/schemas';
import type { Config } from '../config';
import type { NoteStore } from '../services/note-store';
import type { Metrics } from '../services/metrics';
import { API_MESSAGES } from '../messages';
import { replies, type FastifyZod } from '../plugins/contract';
import { signedInSession, signedInUser } from '../plugins/authenticate';
import { PDF_FORM_BODY, receiveOnePdf } from '../plugins/pdf-form';
import type { UploadReviews } from '../services/upload-reviews';
import { toRecentNote } from '../presenters/note-files';
import { rateLimit } from './route-limits';

/** What the upload route uses. */
export interface NoteUploadRoutesOptions {
  config: Pick<Config, 'uploadMaxBytes'>;
  noteStore: NoteStore;
  uploadReviews: UploadReviews;
  metrics: Metrics;
  /** Multiplies the per-IP rate limits (route-limits.ts). */
  rateLimitFactor: number;
}

export async function noteUploadRoutes(
  app: FastifyZod,
  { config, noteStore, uploadReviews, metrics, rateLimitFactor }: NoteUploadRoutesOptions,
): Promise<void> {
  app.post(
    '/api/upload/upload',
    {
      config: {
        access: 'teacher',
        rateLimit: rateLimit(rateLimitFactor, 'upload'),
        documentedBody: PDF_FORM_BODY,
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
      // A teacher at a cap is told before sending the whole file.
      await uploadReviews.checkCaps(uploader);
      const pdf = await receiveOnePdf(request, noteStore, config.uploadMaxBytes);
      // Who the sender is now decides, not who they were when the upload started (docs/security.md item 48). The
      // unit's previous file stays as history when this one becomes current (decision 006).
      const { row, state } = await uploadReviews.record(
        { kind: 'note', target: request.query, pdf, uploaderId: uploader.id },
        { session: signedInSession(request), ip: request.ip },
      );
      metrics.uploadStored(row.size);
      const sent: UploadReply = {
        message: state === 'approved' ? API_MESSAGES.uploaded : API_MESSAGES.submitted,
        state,
        note: toRecentNote(row),
      };
      return reply.code(201).send(sent);
    },
  );
}
