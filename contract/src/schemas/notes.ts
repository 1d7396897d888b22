/**
 * Note files (product §3 "Recent note", §7 upload/recent/download): what the upload call accepts and what the
 * recent, units and availability calls answer. The catalog decides which subject and unit exist.
 */
import { z } from 'zod';
import { UPLOAD_FORM, uploadSubjects } from '../catalog/index';
import { lengthLimit } from './fields';
import { normaliseSemester, normaliseYear, yearInfo, yearOfSemester, type SemesterNumber } from '../paths';

export const UPLOAD_MESSAGES = {
  branch: 'Choose a branch.',
  year: 'Choose a year.',
  semester: 'Choose a semester of that year.',
  subject: 'That subject is not taught in that branch and semester.',
  unit: 'That subject has no such unit.',
  file: 'Attach one PDF file in the field "pdf".',
  notPdf: 'Only PDF files can be uploaded.',
  tooLarge: (megabytes: number) => `The file is larger than ${megabytes} MB.`,
} as const;

/** `Unit 3` or `3`. */
function unitNumber(value: string): number | null {
  const match = /^(?:unit[\s_-]*)?(\d{1,2})$/i.exec(value.trim());
  return match ? Number(match[1]) : null;
}

/** The upload call's query (product §7), checked against the catalog so every upload is browsable (architecture §7). */
export const uploadQuery = z
  .object({
    branch: z.string({ error: UPLOAD_MESSAGES.branch }).max(...lengthLimit(40, UPLOAD_MESSAGES.branch)),
    year: z.string({ error: UPLOAD_MESSAGES.year }).max(...lengthLimit(40, UPLOAD_MESSAGES.year)),
    semester: z.string({ error: UPLOAD_MESSAGES.semester }).max(...lengthLimit(40, UPLOAD_MESSAGES.semester)),
    subject: z.string({ error: UPLOAD_MESSAGES.subject }).max(...lengthLimit(40, UPLOAD_MESSAGES.subject)),
    unit: z.string({ error: UPLOAD_MESSAGES.unit }).max(...lengthLimit(40, UPLOAD_MESSAGES.unit)),
  })
  .transform((query, context) => {
    const fail = (message: string) => {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    const branch = query.branch.trim().toUpperCase();
    if (!UPLOAD_FORM.branches.includes(branch)) return fail(UPLOAD_MESSAGES.branch);
    const year = normaliseYear(query.year);
    if (year === null) return fail(UPLOAD_MESSAGES.year);
    const semester = normaliseSemester(query.semester);
    if (semester === null || yearOfSemester(semester) !== year) return fail(UPLOAD_MESSAGES.semester);
    const subject = uploadSubjects(branch, semester).find(
      (candidate) => candidate.code.toUpperCase() === query.subject.trim().toUpperCase(),
    );
    if (!subject) return fail(UPLOAD_MESSAGES.subject);
    const unit = unitNumber(query.unit);
    if (unit === null || unit < 1 || unit > subject.units.length) return fail(UPLOAD_MESSAGES.unit);
    return { branch, year, semester: semester as SemesterNumber, subject, unit };
  });
export type UploadQuery = z.input<typeof uploadQuery>;

/** product §3 "Recent note", plus the subject's code so a card can link to it. */
export const recentNote = z.object({
  _id: z.string(),
  subject: z.string(),
  subjectCode: z.string(),
  unit: z.string(),
  branch: z.string(),
  year: z.string(),
  semester: z.string(),
  createdAt: z.string(),
});
export type RecentNote = z.infer<typeof recentNote>;

/** GET /api/notes/recent: the newest current files, newest first. */
export const recentNotesReply = z.array(recentNote);

export const unitsQuery = z.object({
  subject: z.string({ error: UPLOAD_MESSAGES.subject }).min(1, UPLOAD_MESSAGES.subject).max(40),
  branch: z.string().max(10).optional(),
});

/** One unit that has a file: where to preview it (inline) and to download it (attachment), signed and short-lived. */
export const availableUnit = z.object({
  unit: z.number(),
  /** The current file's id: what reading progress names it by (decision 041). */
  fileId: z.string(),
  size: z.number(),
  uploadedAt: z.string(),
  url: z.string(),
  downloadUrl: z.string(),
});
export type AvailableUnit = z.infer<typeof availableUnit>;

export const unitsReply = z.object({ subject: z.string(), units: z.array(availableUnit) });
export type UnitsReply = z.infer<typeof unitsReply>;

/**
 * GET /api/notes/availability: for every subject of the notes branch with anything students may read, the units
 * that have a file (current, approved files only), ascending, and how many question papers (one per session) and
 * important questions it has (approved only, decision 034). A subject that is absent has none of them.
 */
export const notesAvailabilityReply = z.object({
  branch: z.string(),
  subjects: z.record(
    z.string(),
    z.object({ units: z.array(z.number()), papers: z.number(), questions: z.number() }),
  ),
});
export type NotesAvailability = z.infer<typeof notesAvailabilityReply>;

/**
 * GET /api/download/{branch}/{year}/{semester}/{subjectCode}/{unitNumber}: any spelling the paths module reads
 * (`Third_Year`, `3`…); one it cannot read finds no file (404), so the parts are plain text here.
 */
export const downloadParams = z.object({
  branch: z.string(),
  year: z.string(),
  semester: z.string(),
  subjectCode: z.string(),
  unitNumber: z.string(),
});

/** A repeated parameter counts as absent: the link is then invalid or missing (401), never a 400. */
const linkPart = z.string().optional().catch(undefined);

/**
 * A signed link's expiry, the session it speaks for and its signature (the units call and the upload lists hand
 * them out); `download=1` asks for an attachment.
 */
export const downloadQuery = z.object({
  expires: linkPart,
  user: linkPart,
  ver: linkPart,
  session: linkPart,
  sig: linkPart,
  download: linkPart,
});

/** Labels a stored upload the way product §2's recent-note card shows it. */
export function describeUpload(row: { branch: string; semester: number; unit: number }) {
  const semester = row.semester as SemesterNumber;
  return {
    unit: `Unit ${row.unit}`,
    branch: row.branch,
    year: yearInfo(yearOfSemester(semester)).label,
    semester: `Semester ${semester}`,
  };
}
