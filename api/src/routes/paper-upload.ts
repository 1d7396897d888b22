/**
 * Question paper uploads (decision 034): one exam PDF of a subject and session, streamed into the note store
 * like a unit's notes. An admin's becomes that session's current paper at once; a teacher's waits for an admin's
 * review, under the caps every kind of upload shares (decision 026).
 */
import { paperUploadQuery, paperUploadReply, type PaperUploadReply } from '@studyhub/contract/schemas';
import type { Config } from '../config';
import type { NoteStore } from '../services/note-store';
import type { Metrics } from '../services/metrics';
import { API_MESSAGES } from '../messages';
import { replies, type FastifyZod } from '../plugins/contract';
import { signedInSession, signedInUser } from '../plugins/authenticate';
import { PDF_FORM_BODY, receiveOnePdf } from '../plugins/pdf-form';
import type { UploadReviews } from '../services/upload-reviews';
import { toUploadedPaper } from '../presenters/question-papers';
import { rateLimit } from './route-limits';

/** What the paper upload route uses. */
export interface PaperUploadRoutesOptions {
  config: Pick<Config, 'uploadMaxBytes'>;
  noteStore: NoteStore;
  uploadReviews: UploadReviews;
  metrics: Metrics;
  /** Multiplies the per-IP rate limits (route-limits.ts). */
  rateLimitFactor: number;
}

export async function paperUploadRoutes(
  app: FastifyZod,
  { config, noteStore, uploadReviews, metrics, rateLimitFactor }: PaperUploadRoutesOptions,
): Promise<void> {
  app.post(
    '/api/papers/upload',
    {
      config: {
        access: 'teacher',
        rateLimit: rateLimit(rateLimitFactor, 'upload'),
        documentedBody: PDF_FORM_BODY,
      },
      onResponse: metrics.uploadAnswered,
      // The query names the paper (subject, session, scheme), so the form holds the one PDF and nothing else.
      schema: {
        summary: "Upload a subject's question paper of one exam session as a PDF",
        querystring: paperUploadQuery,
        consumes: ['multipart/form-data'],
        response: replies({ 201: paperUploadReply }),
      },
    },
    async (request, reply) => {
      const uploader = signedInUser(request);
      // A teacher at a cap is told before sending the whole file.
      await uploadReviews.checkCaps(uploader);
      const pdf = await receiveOnePdf(request, noteStore, config.uploadMaxBytes);
      // Who the sender is now decides (docs/security.md item 48); the session's previous paper stays as history.
      const { row, state } = await uploadReviews.record(
        { kind: 'paper', target: request.query, pdf, uploaderId: uploader.id },
        { session: signedInSession(request), ip: request.ip },
      );
      metrics.uploadStored(row.size);
      const sent: PaperUploadReply = {
        message: state === 'approved' ? API_MESSAGES.uploaded : API_MESSAGES.submitted,
        state,
        paper: toUploadedPaper(row),
      };
      return reply.code(201).send(sent);
    },
  );
}
