/**
 * Demo data for the embedded default: on an empty database, one verified admin, teacher and student whose
 * logins start-up prints, a few real PDF notes so Home shows uploads on first start, previous-year papers and
 * important questions of a few Third Year subjects so their pages are filled too (decision 034), and a handful
 * of syllabus entries (SEED_DEMO=0 or --no-demo turns this off).
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { findSubject, type Subject } from '@studyhub/contract/catalog';
import { parseExamSession, type ExamSession } from '@studyhub/contract/schemas';
import type { AppContext } from '../context';
import { hashPassword } from '../lib/passwords';
import { askedInColumns, insertQuestion } from '../repositories/important-questions';
import { insertCurrentNoteFile } from '../repositories/note-files';
import { insertCurrentPaper } from '../repositories/question-papers';
import { insertSyllabusEntry } from '../repositories/syllabus-entries';
import { countUsers, findUsersByEmail, insertUser } from '../repositories/users';
import type { Database } from './schema';

export const DEMO_LOGINS = [
  { role: 'admin', name: 'Demo Admin', email: 'admin@studyhub.local', password: 'studyhub-admin' },
  { role: 'teacher', name: 'Demo Teacher', email: 'teacher@studyhub.local', password: 'studyhub-teacher' },
  { role: 'student', name: 'Demo Student', email: 'student@studyhub.local', password: 'studyhub-student' },
] as const;

/** Units that get a generated PDF: subject code and unit number. */
const DEMO_NOTES: readonly [string, number][] = [
  ['BT-102', 1],
  ['CS-502', 1],
  ['CS-501', 2],
  ['CS-501', 1],
];

/** Papers that get a generated PDF: subject code, the sessions of its papers, the scheme they were set under. */
const DEMO_PAPERS: readonly [string, readonly string[], string | null][] = [
  ['CS-501', ['May 2024', 'Dec 2023', 'Jun 2023'], '2019 scheme'],
  ['CS-502', ['Nov 2024', 'May 2024'], '2019 scheme'],
  ['CS-601', ['May 2024', 'May 2023'], null],
];

/** Questions students see first: subject code, unit, text, marks, and the sessions it was asked in. */
const DEMO_QUESTIONS: readonly [string, number, string, number | null, readonly string[]][] = [
  [
    'CS-501',
    1,
    'Design a DFA that accepts all binary strings ending in 01.',
    7,
    ['May 2024', 'Dec 2023', 'Jun 2023'],
  ],
  ['CS-501', 1, 'Convert the given NFA to an equivalent DFA using subset construction.', 7, ['Dec 2023']],
  [
    'CS-501',
    2,
    'Explain the difference between Moore and Mealy machines with an example of each.',
    7,
    ['May 2024', 'Jun 2023'],
  ],
  ['CS-501', 3, 'State and prove the pumping lemma for regular languages.', 10, ['May 2024', 'Dec 2023']],
  ['CS-501', 3, 'Write a context-free grammar for palindromes over {a, b}.', null, []],
  ['CS-501', 4, 'Construct a PDA that accepts { aⁿbⁿ | n ≥ 1 } by empty stack.', 7, ['Dec 2023']],
  [
    'CS-501',
    5,
    'Explain the halting problem and why it is undecidable.',
    10,
    ['May 2024', 'Dec 2023', 'Jun 2023'],
  ],
  ['CS-502', 2, 'Explain the relational algebra operations with examples.', 7, ['Nov 2024', 'May 2024']],
  [
    'CS-502',
    3,
    'Normalise the given relation up to BCNF, stating each functional dependency used.',
    10,
    ['Nov 2024'],
  ],
  [
    'CS-502',
    4,
    'What is a serializable schedule? Explain conflict serializability with an example.',
    7,
    ['May 2024'],
  ],
  ['CS-601', 2, 'Explain backpropagation in a multilayer perceptron.', 10, ['May 2024', 'May 2023']],
  ['CS-601', 5, 'Explain the kernel trick in support vector machines.', 7, ['May 2023']],
];

/**
 * RGPV publishes every scheme and syllabus on one public page; the demo links lead there (each semester's own
 * PDF address changes with every revision). An admin replaces them with direct PDF links.
 */
const RGPV_SCHEME_PAGE = 'https://www.rgpv.ac.in/Uni/frm_ViewScheme.aspx';

const semesterLinks = (semesters: readonly number[]) =>
  Object.fromEntries(semesters.map((semester) => [String(semester), RGPV_SCHEME_PAGE]));

/** A handful of real-looking syllabus entries: name, code, program, system, grading, type, semesters. */
const DEMO_SYLLABUS = [
  ['Computer Science', 'CSE', 'B.Tech', 'Semester', 'Grading', 'Syllabus', [1, 2, 3, 4, 5, 6, 7, 8]],
  ['Computer Science', 'CSE', 'B.Tech', 'Semester', 'Grading', 'Scheme', [1, 2, 3, 4, 5, 6, 7, 8]],
  ['Information Technology', 'IT', 'B.Tech', 'Semester', 'Grading', 'Syllabus', [1, 2, 3, 4, 5, 6]],
  ['Civil Engineering', 'CE', 'B.Tech', 'Semester', 'CBCS', 'Syllabus', [1, 2, 3, 4]],
  ['Electronics & Communication', 'EC', 'B.Tech', 'Semester', 'Grading', 'Syllabus', [3, 4, 5]],
  ['Computer Science', 'CSE', 'MCA', 'Semester', 'CBGS', 'Syllabus', [1, 2, 3, 4]],
] as const;

/** A small but real PDF: a title page and a page of the unit's topic, as a reader would open it. */
export async function notePdf(subject: Subject, unit: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${subject.code} ${subject.name} — Unit ${unit}`);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const cover = pdf.addPage([595, 842]);
  cover.drawText('StudyHub notes', { x: 60, y: 760, size: 14, font });
  cover.drawText(`${subject.code}  ${subject.name}`, { x: 60, y: 700, size: 20, font: bold });
  cover.drawText(`Unit ${unit}: ${subject.units[unit - 1] ?? ''}`, { x: 60, y: 660, size: 16, font });
  const body = pdf.addPage([595, 842]);
  body.drawText('Demo notes generated for a first start.', { x: 60, y: 760, size: 12, font });
  body.drawText('Upload real notes from Admin > Upload Notes.', { x: 60, y: 740, size: 12, font });
  return pdf.save();
}

/** A small but real exam paper: a cover naming the subject and session, as a reader would open it. */
async function paperPdf(subject: Subject, session: ExamSession): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${subject.code} ${subject.name} — ${session.label}`);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([595, 842]);
  page.drawText('StudyHub previous-year paper', { x: 60, y: 760, size: 14, font });
  page.drawText(`${subject.code}  ${subject.name}`, { x: 60, y: 700, size: 20, font: bold });
  page.drawText(`Examination, ${session.label}`, { x: 60, y: 660, size: 16, font });
  page.drawText('Demo paper generated for a first start.', { x: 60, y: 600, size: 12, font });
  return pdf.save();
}

/** The demo sessions are past ones, spelled as the contract reads them. */
function pastSession(label: string): ExamSession {
  const session = parseExamSession(label);
  if (session === null || session === 'future')
    throw new Error(`Demo session ${label} is not a past session`);
  return session;
}

/** Approved papers and questions of a few Third Year subjects, published by the demo admin at `now`. */
async function seedPapersAndQuestions(
  { db, dialect, noteStore }: Pick<AppContext, 'db' | 'dialect' | 'noteStore'>,
  adminId: string | null,
  now: Date,
): Promise<void> {
  const publishedAt = now.toISOString();
  const decided = { decided_by: null, decided_at: null, reason: null };
  for (const [code, sessions, scheme] of DEMO_PAPERS) {
    const subject = findSubject(code)!;
    for (const label of sessions) {
      const session = pastSession(label);
      const stored = await noteStore.save(Readable.from([Buffer.from(await paperPdf(subject, session))]));
      await insertCurrentPaper(db, dialect, {
        id: randomUUID(),
        subject_code: code,
        session_year: session.year,
        session_month: session.month,
        scheme,
        storage_name: stored.storageName,
        original_name: `${code} ${session.label}.pdf`,
        size: stored.size,
        sha256: stored.sha256,
        uploaded_by: adminId,
        uploaded_at: publishedAt,
        current: 1,
        state: 'approved',
        published_at: publishedAt,
        ...decided,
      });
    }
  }
  for (const [code, unit, text, marks, askedIn] of DEMO_QUESTIONS) {
    await insertQuestion(db, {
      id: randomUUID(),
      subject_code: code,
      unit,
      text,
      marks,
      ...askedInColumns(askedIn),
      uploaded_by: adminId,
      uploaded_at: publishedAt,
      state: 'approved',
      published_at: publishedAt,
      ...decided,
    });
  }
}

/** Seeds only an empty users table; returns whether it did. */
export async function seedDemoData(
  context: Pick<AppContext, 'db' | 'dialect' | 'clock' | 'noteStore'>,
): Promise<boolean> {
  const { db, dialect, clock, noteStore } = context;
  if ((await countUsers(db)) > 0) return false;
  const now = clock();
  const ids: Record<string, string> = {};
  for (const login of DEMO_LOGINS) {
    const user = await insertUser(
      db,
      {
        name: login.name,
        email: login.email,
        passwordHash: await hashPassword(login.password),
        role: login.role,
      },
      now,
    );
    ids[login.role] = user.id;
  }
  for (const [index, [code, unit]] of DEMO_NOTES.entries()) {
    const subject = findSubject(code)!;
    const stored = await noteStore.save(Readable.from([Buffer.from(await notePdf(subject, unit))]));
    // A minute apart, so "recent" has a stable order.
    const uploadedAt = new Date(now.getTime() - (DEMO_NOTES.length - index) * 60_000).toISOString();
    await insertCurrentNoteFile(db, dialect, {
      id: randomUUID(),
      branch: 'CSE',
      year: subject.year,
      semester: subject.semester,
      subject_code: subject.code,
      unit,
      storage_name: stored.storageName,
      original_name: `${subject.code}-unit-${unit}.pdf`,
      size: stored.size,
      sha256: stored.sha256,
      uploaded_by: ids.admin ?? null,
      uploaded_at: uploadedAt,
      current: 1,
      state: 'approved',
      published_at: uploadedAt,
      decided_by: null,
      decided_at: null,
      reason: null,
    });
  }
  await seedPapersAndQuestions(context, ids.admin ?? null, now);
  const seededAt = now.toISOString();
  for (const [name, code, program, system, grading, uploadType, semesters] of DEMO_SYLLABUS) {
    await insertSyllabusEntry(db, {
      id: randomUUID(),
      name,
      code,
      program,
      system,
      grading,
      upload_type: uploadType,
      pdfs: JSON.stringify(semesterLinks(semesters)),
      created_at: seededAt,
      updated_at: seededAt,
    });
  }
  return true;
}

/** The demo logins that still work as printed (an admin may have changed them since). */
export async function demoLoginsInUse(db: Kysely<Database>): Promise<(typeof DEMO_LOGINS)[number][]> {
  const rows = await findUsersByEmail(
    db,
    DEMO_LOGINS.map((login) => login.email),
  );
  return DEMO_LOGINS.filter((login) =>
    rows.some((row) => row.email === login.email && row.created_at === row.updated_at),
  );
}
