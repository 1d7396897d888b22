/**
 * Syllabus entries (product §3, §7): a department's semester PDFs for one program, system, grading and upload type.
 */
import { z } from 'zod';
import { SYLLABUS_SEMESTER_SLOTS, SYLLABUS_SEMESTERS } from '../constants';
import { isPlainText, lengthLimit } from './fields';

export const UPLOAD_TYPES = ['Syllabus', 'Scheme'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

export const SYLLABUS_MESSAGES = {
  department: 'Choose a department.',
  field: (name: string) => `${name} is required.`,
  tooLong: (name: string, max: number) => `${name} must be at most ${max} characters.`,
  characters: (name: string) => `${name} contains characters that are not allowed.`,
  url: 'Semester links must be http:// or https:// URLs.',
  semester: `Semesters are numbered 1 to ${SYLLABUS_SEMESTER_SLOTS}.`,
} as const;

const text = (name: string, max: number) =>
  z
    .string({ error: SYLLABUS_MESSAGES.field(name) })
    .trim()
    .max(...lengthLimit(max, SYLLABUS_MESSAGES.tooLong(name, max)))
    .min(1, SYLLABUS_MESSAGES.field(name))
    .refine((value) => isPlainText(value), SYLLABUS_MESSAGES.characters(name));

export const SYLLABUS_LINK_MAX_LENGTH = 2048;

/** Only http: and https: links are stored (docs/security.md item 27): never `javascript:`, `data:` or the like. */
export function isSyllabusLink(value: string): boolean {
  // The URL parser drops tabs and line breaks; the stored text must not hold them either.
  if (value.length > SYLLABUS_LINK_MAX_LENGTH || !isPlainText(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Empty links are dropped, not stored. */
const pdfLink = z
  .string({ error: SYLLABUS_MESSAGES.url })
  .trim()
  .max(...lengthLimit(SYLLABUS_LINK_MAX_LENGTH, SYLLABUS_MESSAGES.url))
  .refine((value) => value === '' || isSyllabusLink(value), SYLLABUS_MESSAGES.url);

const pdfs = z
  .record(z.string(), pdfLink)
  .default({})
  .refine(
    (links) =>
      Object.keys(links).every((key) => SYLLABUS_SEMESTERS.some((semester) => String(semester) === key)),
    SYLLABUS_MESSAGES.semester,
  )
  .transform((links) => Object.fromEntries(Object.entries(links).filter(([, link]) => link !== '')));

export const syllabusEntryBody = z.object({
  name: text('Department', 100),
  code: text('Department code', 20),
  program: text('Program', 60),
  system: text('System', 30),
  grading: text('Grading', 60),
  uploadType: z.enum(UPLOAD_TYPES).default('Syllabus'),
  pdfs,
});
export type SyllabusEntryBody = z.input<typeof syllabusEntryBody>;

/** product §7 filters; `system=All` (or no system) means both systems. */
export const syllabusQuery = z.object({
  program: z.string().max(60).trim().optional(),
  system: z.string().max(30).trim().optional(),
  grading: z.string().max(60).trim().optional(),
  code: z.string().max(20).trim().optional(),
  uploadType: z.enum(UPLOAD_TYPES).optional(),
});

export const syllabusEntry = z.object({
  _id: z.string(),
  name: z.string(),
  code: z.string(),
  program: z.string(),
  system: z.string(),
  grading: z.string(),
  uploadType: z.enum(UPLOAD_TYPES),
  pdfs: z.record(z.string(), z.string()),
  createdAt: z.string(),
});
export type SyllabusEntry = z.infer<typeof syllabusEntry>;

/** GET /api/syllabus: the entries matching the filters. */
export const syllabusListReply = z.array(syllabusEntry);

/** POST /api/syllabus (201) and PUT /api/syllabus/{id}: the stored entry as the list would show it. */
export const syllabusSaveReply = z.object({ message: z.string(), entry: syllabusEntry });
export type SyllabusSaveReply = z.infer<typeof syllabusSaveReply>;

/** DELETE /api/syllabus/cleanup/duplicates: product §7's message, and how many entries were merged away. */
export const syllabusCleanupReply = z.object({ message: z.string(), removed: z.number() });
export type SyllabusCleanupReply = z.infer<typeof syllabusCleanupReply>;
