/**
 * Notes uploaded straight through the API (POST /api/upload/upload), for tests whose subject is not the
 * upload form: an admin's upload is current at once, a teacher's waits for review (decision 026).
 */
import { createHash, randomUUID } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { url } from './env';
import { demoSession, type DemoRole } from './session';

/** A one-page PDF (pdf-lib) whose text names the upload, so its bytes are this upload's alone. */
export async function makePdf(title: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595, 842]).drawText(`${title} — ${randomUUID()}`, { x: 50, y: 780, size: 14, font });
  return Buffer.from(await pdf.save());
}

/** A PDF of A4 pages (pdf-lib), each holding its line of text: a file whose words a search finds page by page. */
export async function makePdfOfPages(lines: readonly string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const line of lines) pdf.addPage([595, 842]).drawText(line, { x: 50, y: 780, size: 14, font });
  return Buffer.from(await pdf.save());
}

/** A file's SHA-256, to tell that a download holds the very bytes uploaded. */
export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export interface UnitOfNotes {
  year: 'First Year' | 'Second Year' | 'Third Year' | 'Final Year';
  semester: number;
  subject: string;
  unit: number;
}

/**
 * Uploads a unit of a CSE subject as the demo account of `role` (the file `bytes`, or a one-page PDF naming the
 * unit); answers the upload's id.
 */
export async function uploadThroughApi(
  role: DemoRole,
  { year, semester, subject, unit }: UnitOfNotes,
  bytes?: Buffer,
) {
  const form = new FormData();
  const pdf = new Blob([new Uint8Array(bytes ?? (await makePdf(`${subject} unit ${unit}`)))], {
    type: 'application/pdf',
  });
  form.append('pdf', pdf, `${subject}-unit-${unit}.pdf`);
  const query = new URLSearchParams({
    branch: 'CSE',
    year,
    semester: String(semester),
    subject,
    unit: String(unit),
  });
  const reply = await fetch(url(`/api/upload/upload?${query}`), {
    method: 'POST',
    headers: { authorization: `Bearer ${demoSession(role).token}` },
    body: form,
  });
  if (reply.status !== 201) throw new Error(`The upload answered ${reply.status}: ${await reply.text()}`);
  return ((await reply.json()) as { note: { _id: string } }).note._id;
}

/** An admin approves a waiting upload. */
export async function approveThroughApi(id: string): Promise<void> {
  const reply = await fetch(url(`/api/admin/reviews/${id}`), {
    method: 'POST',
    headers: { authorization: `Bearer ${demoSession('admin').token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ decision: 'approve' }),
  });
  if (!reply.ok) throw new Error(`The approval answered ${reply.status}: ${await reply.text()}`);
}

/** Which units of each subject have notes, as GET /api/notes/availability says. */
export async function unitsWithNotes(subject: string): Promise<number[]> {
  const reply = (await (await fetch(url('/api/notes/availability'))).json()) as {
    subjects: Record<string, { units: number[] } | undefined>;
  };
  return reply.subjects[subject]?.units ?? [];
}
