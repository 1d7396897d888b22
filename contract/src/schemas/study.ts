/**
 * Picking up where a student left off (decision 039): their semester, how far they read each file, bookmarks and
 * followed subjects. Every call acts on the signed-in user's own rows; none takes a user id, so nobody reads or
 * writes another's.
 */
import { z } from 'zod';
import { isPlainText, lengthLimit } from './fields';
import { subjectField } from './papers';

export const BOOKMARKS_MAX = 200;
export const FOLLOWS_MAX = 50;
export const BOOKMARK_NOTE_MAX_LENGTH = 200;
/** Pages read that one progress write may carry: what a phone queued while offline goes in one request. */
export const PROGRESS_BATCH_MAX = 20;
/** How many files "Continue reading" lists. */
export const CONTINUE_READING_MAX = 10;
/** No note or paper has more pages than this. */
export const PAGE_NUMBER_MAX = 10_000;

export const STUDY_MESSAGES = {
  semester: 'Choose a semester from 1 to 8.',
  file: 'Choose the file of a unit or a paper.',
  page: `Choose a page from 1 to ${PAGE_NUMBER_MAX}.`,
  pageBeyond: 'The page is beyond the last page of the file.',
  readAt: 'Say when the page was read as an ISO date and time.',
  batch: `Send from 1 to ${PROGRESS_BATCH_MAX} pages read at once.`,
  unit: 'Choose a unit of the subject.',
  pageWithoutUnit: 'A page bookmark needs its unit.',
  note: `A bookmark's note must be at most ${BOOKMARK_NOTE_MAX_LENGTH} characters of plain text on one line.`,
  bookmarksFull: `You have ${BOOKMARKS_MAX} bookmarks, the most StudyHub keeps. Remove one to add another.`,
  followsFull: `You follow ${FOLLOWS_MAX} subjects, the most StudyHub keeps. Unfollow one to follow another.`,
  unfollowLink: 'This unfollow link is not valid. Open Following on StudyHub to stop mails about a subject.',
} as const;

const pageNumber = (message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(PAGE_NUMBER_MAX, message);

/** GET and PUT /api/me/semester: the semester a student's Home starts with; null until they browse one. */
export const semesterBody = z.object({
  semester: z
    .number({ error: STUDY_MESSAGES.semester })
    .int(STUDY_MESSAGES.semester)
    .min(1, STUDY_MESSAGES.semester)
    .max(8, STUDY_MESSAGES.semester),
});
export const semesterReply = z.object({ semester: z.number().int().nullable() });
export type SemesterReply = z.infer<typeof semesterReply>;

/**
 * One page read: of a note file or a paper (its `fileId`, as the units and papers lists and search hits name it),
 * out of how many pages, and when on the reader's clock. The server keeps the latest `readAt` per user and file (a
 * time ahead of its own clock counts as now), so progress sent late from an offline phone never overwrites newer
 * progress from another device.
 */
export const progressEntry = z
  .object({
    kind: z.enum(['note', 'paper'], { error: STUDY_MESSAGES.file }),
    fileId: z.string({ error: STUDY_MESSAGES.file }).min(1, STUDY_MESSAGES.file).max(64, STUDY_MESSAGES.file),
    page: pageNumber(STUDY_MESSAGES.page),
    pages: pageNumber(STUDY_MESSAGES.page),
    readAt: z.iso.datetime({ offset: true, error: STUDY_MESSAGES.readAt }),
  })
  .refine((entry) => entry.page <= entry.pages, { message: STUDY_MESSAGES.pageBeyond, path: ['page'] });
export type ProgressEntry = z.infer<typeof progressEntry>;

/** PUT /api/progress: the pages read since the last write, coalesced by the reader (one entry per file). */
export const progressBody = z.object({
  entries: z
    .array(progressEntry, { error: STUDY_MESSAGES.batch })
    .min(1, STUDY_MESSAGES.batch)
    .max(PROGRESS_BATCH_MAX, STUDY_MESSAGES.batch),
});
export type ProgressBody = z.infer<typeof progressBody>;
/** `saved`: entries kept; `skipped`: of files no longer current (replaced, removed: they start over) or older. */
export const progressWriteReply = z.object({ saved: z.number().int(), skipped: z.number().int() });

/** GET /api/progress?subject=: that subject's current files read, or without it "Continue reading". */
export const progressQuery = z.object({ subject: subjectField.optional() });

/** How far the user read one current file. */
export const readingProgress = z.object({
  kind: z.enum(['note', 'paper']),
  fileId: z.string(),
  subjectCode: z.string(),
  subject: z.string(),
  /** The note file's unit; null for a paper. */
  unit: z.number().nullable(),
  /** The paper's exam session ("May 2024"); null for notes. */
  session: z.string().nullable(),
  page: z.number().int(),
  pages: z.number().int(),
  readAt: z.string(),
});
export type ReadingProgress = z.infer<typeof readingProgress>;
/** Most recently read first; at most CONTINUE_READING_MAX without `subject`. */
export const progressReply = z.object({ items: z.array(readingProgress) });
export type ProgressReply = z.infer<typeof progressReply>;

const bookmarkNote = z
  .string({ error: STUDY_MESSAGES.note })
  .max(...lengthLimit(BOOKMARK_NOTE_MAX_LENGTH, STUDY_MESSAGES.note))
  .trim()
  .refine((note) => isPlainText(note), STUDY_MESSAGES.note)
  .transform((note) => (note === '' ? null : note))
  .nullable()
  .optional()
  .transform((note) => note ?? null);

const optionalNumber = (message: string) =>
  z
    .number({ error: message })
    .int(message)
    .min(1, message)
    .nullable()
    .optional()
    .transform((value) => value ?? null);

/**
 * POST /api/bookmarks: a subject, a unit of it, or a page of that unit's file, with an optional note. Starring what
 * is already starred replaces its note (200); a new one is 201.
 */
export const bookmarkBody = z
  .object({
    subject: subjectField,
    unit: optionalNumber(STUDY_MESSAGES.unit),
    page: optionalNumber(STUDY_MESSAGES.page),
    note: bookmarkNote,
  })
  .refine((body) => body.unit === null || body.unit <= body.subject.units.length, {
    message: STUDY_MESSAGES.unit,
    path: ['unit'],
  })
  .refine((body) => body.page === null || body.unit !== null, {
    message: STUDY_MESSAGES.pageWithoutUnit,
    path: ['page'],
  })
  .refine((body) => body.page === null || body.page <= PAGE_NUMBER_MAX, {
    message: STUDY_MESSAGES.page,
    path: ['page'],
  });
export type BookmarkBody = z.input<typeof bookmarkBody>;

export const bookmarkSchema = z.object({
  _id: z.string(),
  subjectCode: z.string(),
  subject: z.string(),
  unit: z.number().nullable(),
  /** The unit's topic from the catalog, when the bookmark is of a unit or a page. */
  unitTitle: z.string().nullable(),
  page: z.number().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type Bookmark = z.infer<typeof bookmarkSchema>;
export const bookmarkReply = z.object({ message: z.string(), bookmark: bookmarkSchema });
/** GET /api/bookmarks: newest first. DELETE /api/bookmarks/{id} answers `{ message }`; another user's id is a 404. */
export const bookmarksReply = z.object({ bookmarks: z.array(bookmarkSchema) });
export type BookmarksReply = z.infer<typeof bookmarksReply>;

export const followSchema = z.object({ subjectCode: z.string(), subject: z.string(), since: z.string() });
export type Follow = z.infer<typeof followSchema>;
/** PUT and DELETE /api/follows/{subjectCode}: both idempotent (following twice is one follow). */
export const followParams = z.object({ subjectCode: subjectField });
export const followReply = z.object({ message: z.string(), follow: followSchema });
/** GET /api/follows: oldest first, the order they were followed in. */
export const followsReply = z.object({ follows: z.array(followSchema) });
export type FollowsReply = z.infer<typeof followsReply>;

/**
 * POST /api/follows/unfollow?token=: the digest mail's link, open to anyone holding it (no session). The token is
 * signed, names one user and one subject, and is good for nothing else. The query (not a body) carries it, so a
 * mail client's one-click unsubscribe (RFC 8058, `List-Unsubscribe-Post`) works too.
 */
export const unfollowQuery = z.object({
  token: z
    .string({ error: STUDY_MESSAGES.unfollowLink })
    .min(1, STUDY_MESSAGES.unfollowLink)
    .max(2000, STUDY_MESSAGES.unfollowLink),
});
/**
 * `message` names every subject the link stopped (a mail's one-click unsubscribe names all of the mail's subjects);
 * `subjectCode` and `subject` are the first of them.
 */
export const unfollowReply = z.object({ message: z.string(), subjectCode: z.string(), subject: z.string() });
export type UnfollowReply = z.infer<typeof unfollowReply>;
