/**
 * The form of every PDF upload (decisions 006, 034): a multipart body holding one file in the field `pdf` and
 * nothing else (docs/security.md item 42), streamed into the note store, which checks its size and signature.
 */
import type { FastifyRequest } from 'fastify';
import { UPLOAD_MESSAGES } from '@studyhub/contract/schemas';
import { HttpError } from '../http-errors';
import { API_MESSAGES } from '../messages';
import type { NoteStore } from '../services/note-store';
import type { ReceivedPdf } from '../services/upload-kinds';

/** The form as the OpenAPI document shows it (routes read it as a stream, not as JSON). */
export const PDF_FORM_BODY = {
  type: 'object',
  required: ['pdf'],
  properties: {
    pdf: { type: 'string', contentMediaType: 'application/pdf', description: 'The one PDF' },
  },
} as const;

/**
 * Stores the form's one PDF and answers it with the sender's file name, or refuses the form with a 4xx and keeps
 * nothing. The caller checks whatever may refuse the upload before calling: this reads the body.
 */
export async function receiveOnePdf(
  request: FastifyRequest,
  noteStore: Pick<NoteStore, 'save' | 'remove'>,
  maxBytes: number,
): Promise<ReceivedPdf> {
  if (!request.isMultipart()) throw new HttpError(400, UPLOAD_MESSAGES.file);
  // Whatever the multipart parser refuses here (no boundary, a body that ends early, a text field) is the
  // client's malformed form, not a server error (docs/security.md items 28, 31).
  const parts = request.parts({ limits: { fileSize: maxBytes } });
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
  // The form holds that one file and nothing else. Parts arrive in order, so a second one (refused by the
  // parser's one-part limit) shows only now that the first is stored.
  const rest = await parts.next().catch(() => ({ done: false }));
  if (!rest.done) {
    await noteStore.remove(stored.storageName);
    throw new HttpError(400, API_MESSAGES.oneFileOnly);
  }
  return { stored, originalName: file.filename };
}
