/**
 * The upload review queue (decision 026): a teacher's upload waits as `pending` until an admin approves
 * or rejects it, or it expires; what the review and "My uploads" calls answer, and what a decision sends.
 */
import { z } from 'zod';
import { lengthLimit, multiLineTextField } from './fields';
import { pageOf, personSchema } from './admin';
import { recentNote } from './notes';

/** pending → approved | rejected | expired, and nothing else: a decided upload keeps its state. */
export const UPLOAD_STATES = ['pending', 'approved', 'rejected', 'expired'] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

export const REVIEW_REASON_MAX_LENGTH = 1000;

export const REVIEW_MESSAGES = {
  uploadId: 'No upload has that id.',
  decision: 'Choose to approve or to reject the upload.',
  reason: 'Please say why the upload is rejected.',
  reasonTooLong: `The reason must be at most ${REVIEW_REASON_MAX_LENGTH} characters.`,
  reasonCharacters: 'The reason contains characters that are not allowed.',
} as const;

/** `/{id}` of the review and file calls: uploads are named by the UUID the server gave them. */
export const uploadIdParams = z.object({
  id: z
    .string({ error: REVIEW_MESSAGES.uploadId })
    .max(...lengthLimit(36, REVIEW_MESSAGES.uploadId))
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, REVIEW_MESSAGES.uploadId)
    .transform((id) => id.toLowerCase()),
});

/** What a rejection tells the teacher: required, a few lines at most, plain text (docs/security.md item 43). */
const reasonField = multiLineTextField(REVIEW_REASON_MAX_LENGTH, {
  required: REVIEW_MESSAGES.reason,
  tooLong: REVIEW_MESSAGES.reasonTooLong,
  characters: REVIEW_MESSAGES.reasonCharacters,
});

/** POST /api/admin/reviews/{id}: approve, or reject with the reason the teacher will read. */
export const reviewDecisionBody = z.discriminatedUnion(
  'decision',
  [
    z.object({ decision: z.literal('approve') }),
    z.object({ decision: z.literal('reject'), reason: reasonField }),
  ],
  { error: REVIEW_MESSAGES.decision },
);
export type ReviewDecisionBody = z.input<typeof reviewDecisionBody>;

/** Short-lived signed links to a pending upload's PDF, for the in-page reader (decision 016). */
export const uploadFileLinks = z.object({ url: z.string(), downloadUrl: z.string() });
export type UploadFileLinks = z.infer<typeof uploadFileLinks>;

/** What every kind of upload shows of itself to its uploader and the admins. */
const uploadItemBase = recentNote.omit({ createdAt: true, unit: true }).extend({
  uploadedAt: z.string(),
  state: z.enum(UPLOAD_STATES),
  /** When it was approved, rejected or expired; null while pending. */
  decidedAt: z.string().nullable(),
  /** Why it was rejected; null otherwise. */
  reason: z.string().nullable(),
  /** When a pending upload expires unless decided; null once decided. */
  expiresAt: z.string().nullable(),
});

/** A PDF upload: its file name, size and, while pending, the PDF for the reader. */
const fileFields = {
  /** The uploader's file name, sanitised. */
  fileName: z.string(),
  size: z.number(),
  /** The PDF for the reader, while pending (a decided upload's file is the subject's, or gone). */
  file: uploadFileLinks.nullable(),
};

/** The kinds the review queue holds (decision 034): a unit's notes, a question paper, an important question. */
export const UPLOAD_KINDS = ['note', 'paper', 'question'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/**
 * One upload of each kind, with what identifies it: a note's unit ("Unit 3"), a paper's session ("May 2024"), a
 * question's unit and text. `extra` adds what the admins' queue shows of each item.
 */
function uploadItemOf<Extra extends z.ZodRawShape>(extra: Extra) {
  return z.discriminatedUnion('kind', [
    uploadItemBase.extend({ kind: z.literal('note'), unit: z.string(), ...fileFields, ...extra }),
    uploadItemBase.extend({
      kind: z.literal('paper'),
      session: z.string(),
      scheme: z.string().nullable(),
      ...fileFields,
      ...extra,
    }),
    uploadItemBase.extend({
      kind: z.literal('question'),
      unit: z.string(),
      text: z.string(),
      marks: z.number().nullable(),
      askedIn: z.array(z.string()),
      ...extra,
    }),
  ]);
}

/** One upload as its uploader and the admins see it: what a recent-note card says of it, and more. */
export const uploadItem = uploadItemOf({});
export type UploadItem = z.infer<typeof uploadItem>;

/** A pending upload in the admins' queue: who sent it, too. */
export const reviewItem = uploadItemOf({ uploader: personSchema.nullable() });
export type ReviewItem = z.infer<typeof reviewItem>;

/** GET /api/admin/reviews: the pending uploads of every kind, oldest first; `total` is how many wait. */
export const reviewPage = pageOf(reviewItem);
export type ReviewPage = z.infer<typeof reviewPage>;

/** GET /api/uploads/mine: the caller's uploads of every kind, newest first. */
export const myUploadsPage = pageOf(uploadItem);
export type MyUploadsPage = z.infer<typeof myUploadsPage>;

export const reviewDecisionReply = z.object({ message: z.string(), upload: uploadItem });
export type ReviewDecisionReply = z.infer<typeof reviewDecisionReply>;

/** A refused decision (409): the state the upload is in now, so the page can show it. */
export const reviewConflictReply = z.object({ message: z.string(), state: z.enum(UPLOAD_STATES) });
export type ReviewConflictReply = z.infer<typeof reviewConflictReply>;

/** POST /api/upload/upload: an admin's upload is published (`approved`), a teacher's waits (`pending`). */
export const uploadReply = z.object({
  message: z.string(),
  state: z.enum(['approved', 'pending']),
  note: recentNote,
});
export type UploadReply = z.infer<typeof uploadReply>;
