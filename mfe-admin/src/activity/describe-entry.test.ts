import { describe, expect, it } from '@jest/globals';
import type { AuditEntry } from '@studyhub/contract/schemas';
import { actionLabel, actorLabel, entryDetails } from './describe-entry';

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  at: '2025-05-09T10:30:00.000Z',
  action: 'auth.login.success',
  actor: { id: 'u1', name: 'Ravi Admin', email: 'ravi@example.com' },
  target: null,
  ip: '127.0.0.1',
  details: null,
  ...overrides,
});

describe('audit rows in words', () => {
  it('names the actor, a deleted one, or nobody', () => {
    expect(actorLabel(entry({}))).toBe('Ravi Admin (ravi@example.com)');
    expect(actorLabel(entry({ actor: { id: 'gone', name: null, email: null } }))).toBe('Deleted user');
    expect(actorLabel(entry({ actor: null }))).toBe('Someone not signed in');
    expect(actorLabel(entry({ actor: null, action: 'notes.expire' }))).toBe('StudyHub, automatically');
  });

  it('words the review queue’s actions (decision 026)', () => {
    expect(actionLabel('notes.submit')).toBe('Uploaded notes for review');
    expect(actionLabel('notes.approve')).toBe('Approved uploaded notes');
    expect(actionLabel('notes.reject')).toBe('Rejected uploaded notes');
    expect(actionLabel('notes.expire')).toBe('Uploaded notes expired unreviewed');
    const target = 'CSE CS-601 unit 3';
    expect(
      entryDetails(entry({ action: 'notes.approve', target, details: { upload: 'u1', file: 'ml.pdf' } })),
    ).toBe('CSE CS-601 unit 3 · ml.pdf');
    expect(
      entryDetails(
        entry({
          action: 'notes.reject',
          target,
          details: { upload: 'u1', file: 'ml.pdf', reason: 'Blank pages.' },
        }),
      ),
    ).toBe('CSE CS-601 unit 3 · ml.pdf · reason: Blank pages.');
  });

  it('words the papers’ and questions’ actions like the notes’ (decision 034)', () => {
    expect(actionLabel('papers.submit')).toBe('Uploaded a question paper for review');
    expect(actionLabel('questions.add')).toBe('Added an important question');
    expect(actionLabel('questions.expire')).toBe('Proposed question expired unreviewed');
    expect(actorLabel(entry({ actor: null, action: 'papers.expire' }))).toBe('StudyHub, automatically');
    expect(
      entryDetails(
        entry({
          action: 'papers.reject',
          target: 'CS-502 paper May 2024',
          details: { upload: 'p1', file: 'may.pdf', reason: 'Wrong subject.' },
        }),
      ),
    ).toBe('CS-502 paper May 2024 · may.pdf · reason: Wrong subject.');
    expect(
      entryDetails(
        entry({
          action: 'questions.approve',
          target: 'CS-502 unit 2 question',
          details: { upload: 'q1', question: 'Define BCNF with an example.' },
        }),
      ),
    ).toBe('CS-502 unit 2 question · “Define BCNF with an example.”');
  });

  it('words the known actions and shows an unknown one as it is', () => {
    expect(actionLabel('admin.user.role')).toBe('Changed a role');
    expect(actionLabel('syllabus.cleanup')).toBe('Cleaned syllabus duplicates');
    expect(actionLabel('something.new')).toBe('something.new');
  });

  it.each([
    [
      { action: 'admin.user.role', details: { email: 'a@x.in', from: 'student', to: 'teacher' } },
      'a@x.in: student → teacher',
    ],
    [{ action: 'admin.user.delete', details: { email: 'a@x.in', role: 'admin' } }, 'a@x.in (admin)'],
    [{ action: 'syllabus.cleanup', details: { removed: 2 } }, '2 removed'],
    [
      { action: 'notes.upload', target: 'CSE CS-501 unit 2', details: { file: 'toc.pdf', size: 10 } },
      'CSE CS-501 unit 2 · toc.pdf',
    ],
    [{ action: 'auth.login.failure', actor: null, target: 'who@x.in' }, 'who@x.in'],
    [{ action: 'syllabus.add', target: 'some-uuid', details: { code: 'CSE' } }, 'code: CSE'],
    [{ action: 'auth.login.success' }, ''],
    [
      {
        action: 'syllabus.delete',
        target: 'some-uuid',
        details: {
          name: 'Computer Science',
          code: 'CSE',
          program: 'B.Tech',
          system: 'Semester',
          grading: 'Grading',
          uploadType: 'Syllabus',
          semesters: [1, 3],
        },
      },
      'Computer Science (CSE) · B.Tech · Semester · Grading · Syllabus · semester PDFs 1, 3',
    ],
    [
      { action: 'syllabus.delete', details: { name: 'Civil', code: 'CE', semesters: [] } },
      'Civil (CE) · no semester PDFs',
    ],
    // Rows from before the API recorded what was deleted keep today's text.
    [{ action: 'syllabus.delete', target: 'some-uuid', details: null }, ''],
  ] as [Partial<AuditEntry>, string][])('details of %p read %p', (overrides, text) => {
    expect(entryDetails(entry(overrides))).toBe(text);
  });
});
