/**
 * Demo data for the embedded default: on an empty database, one verified admin and one verified student whose
 * logins start-up prints, a few real PDF notes so Home shows uploads on first start, and a handful of syllabus
 * entries (SEED_DEMO=0 or --no-demo turns this off).
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { findSubject, type Subject } from '@studyhub/shared/catalog';
import type { AppContext } from '../context';
import { hashPassword } from '../services/passwords';
import { insertUser } from '../repositories/users';
import type { Database } from './schema';

export const DEMO_LOGINS = [
  { role: 'admin', name: 'Demo Admin', email: 'admin@studyhub.local', password: 'studyhub-admin' },
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
export async function seedDemoData(context: AppContext): Promise<boolean> {
  const { db, clock, noteStore } = context;
  const { count } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  if (Number(count) > 0) return false;
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
    await db
      .insertInto('note_files')
      .values({
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
        // A minute apart, so "recent" has a stable order.
        uploaded_at: new Date(now.getTime() - (DEMO_NOTES.length - index) * 60_000).toISOString(),
        current: 1,
      })
      .execute();
  }
  const seededAt = now.toISOString();
  await db
    .insertInto('syllabus_entries')
    .values(
      DEMO_SYLLABUS.map(([name, code, program, system, grading, uploadType, semesters]) => ({
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
      })),
    )
    .execute();
  return true;
}

/** The demo logins that still work as printed (an admin may have changed them since). */
export async function demoLoginsInUse(db: Kysely<Database>): Promise<(typeof DEMO_LOGINS)[number][]> {
  const emails = DEMO_LOGINS.map((login) => login.email);
  const rows = await db
    .selectFrom('users')
    .select(['email', 'created_at', 'updated_at'])
    .where('email', 'in', emails)
    .execute();
  return DEMO_LOGINS.filter((login) =>
    rows.some((row) => row.email === login.email && row.created_at === row.updated_at),
  );
}
