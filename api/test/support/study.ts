/** Files and questions students can see, or cannot yet (study.test.ts, digest.test.ts, the progress bench). */
import { randomBytes } from 'node:crypto';
import { expect } from '@jest/globals';
import { findSubject } from '@studyhub/contract/catalog';
import { type TestApp } from './apps';
import { uploadNote } from './note-files';
import { addQuestion, uploadPaper } from './papers';
import { request } from './requests';

/** A PDF no two uploads share. */
export const uniquePdf = () => Buffer.from(`%PDF-1.7\n% ${randomBytes(8).toString('hex')}\n`);

/** The upload query of a unit of a catalog subject. */
export function unitQuery(subjectCode: string, unit: number) {
  const subject = findSubject(subjectCode)!;
  return {
    branch: 'CSE',
    year: String(subject.year),
    semester: String(subject.semester),
    subject: subject.code,
    unit: String(unit),
  };
}

/** Uploads a unit's notes as `token`'s user (an admin's are published at once); the note file's id. */
export async function uploadUnitNotes(t: TestApp, token: string, subjectCode: string, unit: number) {
  t.clock.advance(1000);
  const reply = await uploadNote(t, unitQuery(subjectCode, unit), uniquePdf(), token);
  expect(reply.status).toBe(201);
  return reply.body.note._id as string;
}

/** Uploads a paper of `session` as `token`'s user; its id. */
export async function uploadSessionPaper(t: TestApp, token: string, subjectCode: string, session: string) {
  t.clock.advance(1000);
  const reply = await uploadPaper(t, { subject: subjectCode, session }, uniquePdf(), token);
  expect(reply.status).toBe(201);
  return reply.body.paper._id as string;
}

/** Adds an important question under a unit as `token`'s user; its id. */
export async function addUnitQuestion(t: TestApp, token: string, subjectCode: string, unit: number) {
  t.clock.advance(1000);
  const text = `Explain topic ${randomBytes(4).toString('hex')} with an example.`;
  const reply = await addQuestion(t, { subject: subjectCode, unit, text }, token);
  expect(reply.status).toBe(201);
  return reply.body.question._id as string;
}

/** An admin's decision on a pending upload. */
export async function decideUpload(t: TestApp, adminToken: string, id: string, approve: boolean) {
  const body = approve ? { decision: 'approve' } : { decision: 'reject', reason: 'Blurred scan.' };
  const reply = await request(t.app, 'POST', `/api/admin/reviews/${id}`, body, { token: adminToken });
  expect(reply.status).toBe(200);
}
