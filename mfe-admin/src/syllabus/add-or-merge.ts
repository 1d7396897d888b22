/**
 * product §4 "Syllabus add": add the entry; when the server answers 400 with "Duplicate", fetch the existing entry,
 * let the new non-empty links overwrite its links, and update it.
 */
import { apiErrorMessage, apiErrorReply, getSyllabus } from '@studyhub/shared';
import type { SyllabusEntry, SyllabusEntryBody } from '@studyhub/contract/schemas';
import { addSyllabus } from '../api/add-syllabus';
import { updateSyllabus } from '../api/update-syllabus';

export type AddOutcome = { kind: 'added' | 'merged'; entry: SyllabusEntry };

/** Why a merge did not happen: no existing entry to merge into, or the lookup or update failed. */
export class MergeFailed extends Error {
  constructor(
    readonly reason: 'not-found' | 'update-failed',
    options?: { cause?: unknown },
  ) {
    super(`Merging into the existing syllabus entry failed: ${reason}`, options);
    this.name = 'MergeFailed';
  }
}

const isDuplicate = (error: unknown) =>
  apiErrorReply(error)?.status === 400 && apiErrorMessage(error, '').includes('Duplicate');

/** The same key the server's unique index uses. */
const sameKey = (entry: SyllabusEntry, body: SyllabusEntryBody) =>
  entry.code === body.code &&
  entry.program === body.program &&
  entry.system === body.system &&
  entry.grading === body.grading &&
  entry.uploadType === (body.uploadType ?? 'Syllabus');

/** Throws the add call's own error for anything but a duplicate, and MergeFailed when merging fails. */
export async function addOrMerge(body: SyllabusEntryBody): Promise<AddOutcome> {
  try {
    return { kind: 'added', entry: await addSyllabus(body) };
  } catch (error) {
    if (!isDuplicate(error)) throw error;
  }
  let existing: SyllabusEntry | undefined;
  try {
    const { code, program, system, grading, uploadType } = body;
    existing = (await getSyllabus({ code, program, system, grading, uploadType })).find((entry) =>
      sameKey(entry, body),
    );
  } catch (error) {
    throw new MergeFailed('update-failed', { cause: error });
  }
  if (!existing) throw new MergeFailed('not-found');
  const { name, code, program, system, grading, uploadType, pdfs } = existing;
  // An empty new link never blanks an old one.
  const newLinks = Object.entries(body.pdfs ?? {}).filter(([, link]) => link.trim() !== '');
  try {
    const entry = await updateSyllabus(existing._id, {
      name,
      code,
      program,
      system,
      grading,
      uploadType,
      pdfs: { ...pdfs, ...Object.fromEntries(newLinks) },
    });
    return { kind: 'merged', entry };
  } catch (error) {
    throw new MergeFailed('update-failed', { cause: error });
  }
}
