/**
 * Previous-year question papers and important questions (decision 034): what their calls accept and answer.
 * A paper is one subject's exam PDF of one session (`May 2024`); an important question is text under one unit of a
 * subject, with the sessions it was asked in. Both wait in the upload review queue like a teacher's notes.
 */
import { z } from 'zod';
import { findSubject, type Subject } from '../catalog/index';
import { isPlainText, lengthLimit, multiLineTextField } from './fields';
import { UPLOAD_MESSAGES } from './notes';

/** The months an exam session is named by, as the universities print them. */
export const SESSION_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** No paper of an engineering syllabus still taught is older than this. */
export const EARLIEST_SESSION_YEAR = 1990;
export const SCHEME_MAX_LENGTH = 40;
export const QUESTION_MAX_LENGTH = 1000;
export const QUESTION_MARKS_MAX = 100;
/** Sessions one question may list as asked in. */
export const ASKED_IN_MAX = 12;

export const PAPER_MESSAGES = {
  subject: 'Choose a subject of the catalog.',
  session: 'Name the exam session as a month and a year, like "May 2024".',
  sessionFuture: 'That exam session has not happened yet.',
  scheme: `The scheme must be at most ${SCHEME_MAX_LENGTH} characters of plain text.`,
  question: 'Please write the question.',
  questionTooLong: `The question must be at most ${QUESTION_MAX_LENGTH} characters.`,
  questionCharacters: 'The question contains characters that are not allowed.',
  marks: `Marks are a whole number from 1 to ${QUESTION_MARKS_MAX}.`,
  askedIn: `List at most ${ASKED_IN_MAX} different exam sessions, each like "May 2024".`,
} as const;

/** An exam session: its month (1–12) and year; `label` is how every page and mail names it. */
export interface ExamSession {
  year: number;
  month: number;
  label: string;
}

export function sessionLabel(session: { year: number; month: number }): string {
  return `${SESSION_MONTHS[session.month - 1]} ${session.year}`;
}

/**
 * Reads `May 2024` (any case, one space or more between): a three-letter month and a four-digit year, not before
 * EARLIEST_SESSION_YEAR and not after the month of `now`. Null for anything else; `future` when it is yet to come.
 */
export function parseExamSession(text: string, now: Date = new Date()): ExamSession | 'future' | null {
  const match = /^([a-z]{3})\s+(\d{4})$/i.exec(text.trim());
  if (!match) return null;
  const month = SESSION_MONTHS.findIndex((name) => name.toLowerCase() === match[1]!.toLowerCase()) + 1;
  const year = Number(match[2]);
  if (month === 0 || year < EARLIEST_SESSION_YEAR) return null;
  if (year * 12 + month > now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) return 'future';
  return { year, month, label: sessionLabel({ year, month }) };
}

/** Newest session first: how paper lists and "Asked in" read. */
export function compareSessionsNewestFirst(a: ExamSession, b: ExamSession): number {
  return b.year - a.year || b.month - a.month;
}

const sessionField = z
  .string({ error: PAPER_MESSAGES.session })
  .max(...lengthLimit(20, PAPER_MESSAGES.session))
  .transform((text, context) => {
    const session = parseExamSession(text);
    if (session === null || session === 'future') {
      context.addIssue({
        code: 'custom',
        message: session === 'future' ? PAPER_MESSAGES.sessionFuture : PAPER_MESSAGES.session,
      });
      return z.NEVER;
    }
    return session;
  });

/** A catalog subject by code, in any case (`cs-502`). */
export const subjectField = z
  .string({ error: PAPER_MESSAGES.subject })
  .max(...lengthLimit(40, PAPER_MESSAGES.subject))
  .transform((code, context) => {
    const subject = findSubject(code);
    if (!subject) {
      context.addIssue({ code: 'custom', message: PAPER_MESSAGES.subject });
      return z.NEVER;
    }
    return subject as Subject;
  });

/** The scheme a paper was set under ("2019 scheme", "CBGS"): a short label, blank for none. */
const schemeField = z
  .string({ error: PAPER_MESSAGES.scheme })
  .max(...lengthLimit(SCHEME_MAX_LENGTH, PAPER_MESSAGES.scheme))
  .trim()
  .refine((scheme) => isPlainText(scheme), PAPER_MESSAGES.scheme)
  .transform((scheme) => (scheme === '' ? null : scheme))
  .optional()
  .transform((scheme) => scheme ?? null);

/** POST /api/papers/upload's query; the body is a multipart form holding the one PDF in the field `pdf`. */
export const paperUploadQuery = z.object({
  subject: subjectField,
  session: sessionField,
  scheme: schemeField,
});
export type PaperUploadQuery = z.input<typeof paperUploadQuery>;

/** A paper as a subject's paper list shows it: signed, short-lived links like a unit's (decision 016). */
export const paperSchema = z.object({
  _id: z.string(),
  /** `May 2024`. */
  session: z.string(),
  scheme: z.string().nullable(),
  uploadedAt: z.string(),
  size: z.number(),
  url: z.string(),
  downloadUrl: z.string(),
});
export type Paper = z.infer<typeof paperSchema>;

/** GET /api/papers?subject=CS-502: the subject's approved papers, one per session, newest session first. */
export const papersQuery = z.object({ subject: subjectField });
export const papersReply = z.object({ subject: z.string(), papers: z.array(paperSchema) });
export type PapersReply = z.infer<typeof papersReply>;

/** What an upload reply says of the paper it stored. */
export const uploadedPaper = z.object({
  _id: z.string(),
  subject: z.string(),
  subjectCode: z.string(),
  session: z.string(),
  scheme: z.string().nullable(),
});
export type UploadedPaper = z.infer<typeof uploadedPaper>;

export const paperUploadReply = z.object({
  message: z.string(),
  state: z.enum(['approved', 'pending']),
  paper: uploadedPaper,
});
export type PaperUploadReply = z.infer<typeof paperUploadReply>;

/** "Asked in": distinct sessions, stored and shown newest first. */
const askedInField = z
  .array(sessionField, { error: PAPER_MESSAGES.askedIn })
  .max(ASKED_IN_MAX, PAPER_MESSAGES.askedIn)
  .optional()
  .transform((sessions) => {
    const distinct = new Map((sessions ?? []).map((session) => [session.label, session]));
    return [...distinct.values()].sort(compareSessionsNewestFirst).map((session) => session.label);
  });

/** POST /api/questions: a question under one unit of a subject; the unit must be one the subject has. */
export const questionBody = z
  .object({
    subject: subjectField,
    unit: z.number({ error: UPLOAD_MESSAGES.unit }).int(UPLOAD_MESSAGES.unit),
    text: multiLineTextField(QUESTION_MAX_LENGTH, {
      required: PAPER_MESSAGES.question,
      tooLong: PAPER_MESSAGES.questionTooLong,
      characters: PAPER_MESSAGES.questionCharacters,
    }),
    marks: z
      .number({ error: PAPER_MESSAGES.marks })
      .int(PAPER_MESSAGES.marks)
      .min(1, PAPER_MESSAGES.marks)
      .max(QUESTION_MARKS_MAX, PAPER_MESSAGES.marks)
      .nullable()
      .optional()
      .transform((marks) => marks ?? null),
    askedIn: askedInField,
  })
  .refine((body) => body.unit >= 1 && body.unit <= body.subject.units.length, {
    message: UPLOAD_MESSAGES.unit,
    path: ['unit'],
  });
export type QuestionBody = z.input<typeof questionBody>;

/** An important question as students read it. */
export const questionSchema = z.object({
  _id: z.string(),
  text: z.string(),
  marks: z.number().nullable(),
  /** Newest first: `['May 2024', 'Dec 2023']`. */
  askedIn: z.array(z.string()),
});
export type Question = z.infer<typeof questionSchema>;

/**
 * GET /api/questions?subject=CS-502: every unit of the subject, in order, each with its approved questions,
 * most-asked first (then the most recently asked, then the newest).
 */
export const questionsQuery = z.object({ subject: subjectField });
export const questionsReply = z.object({
  subject: z.string(),
  units: z.array(
    z.object({
      unit: z.number(),
      /** The unit's topic, as the subject page shows it. */
      title: z.string(),
      questions: z.array(questionSchema),
    }),
  ),
});
export type QuestionsReply = z.infer<typeof questionsReply>;

export const questionReply = z.object({
  message: z.string(),
  state: z.enum(['approved', 'pending']),
  question: questionSchema.extend({ subjectCode: z.string(), unit: z.number() }),
});
export type QuestionReply = z.infer<typeof questionReply>;
