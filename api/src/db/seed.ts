/**
 * Demo data for the embedded default: on an empty database, one verified admin, teacher and student whose
 * logins start-up prints, a few real PDF notes so Home shows uploads on first start, and a handful of syllabus
 * entries (SEED_DEMO=0 or --no-demo turns this off).
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { findSubject, type Subject } from '@studyhub/contract/catalog';
import type { AppContext } from '../context';
import { hashPassword } from '../lib/passwords';
import { insertCurrentNoteFile } from '../repositories/note-files';
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
