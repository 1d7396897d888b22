/**
 * How the Activity page words an audit row: who did it, what it was, and the particulars worth reading.
 * Actions the page does not know yet are shown by their name, so a newer server never hides a row.
 */
import type { AuditEntry } from '@studyhub/contract/schemas';

const ACTIONS: Record<string, string> = {
  'admin.created-by-cli': 'Admin created from the command line',
  'admin.user.role': 'Changed a role',
  'admin.user.delete': 'Deleted a user',
  'auth.register': 'Signed up',
  'auth.verify-email': 'Verified their email',
  'auth.login.success': 'Signed in',
  'auth.login.google': 'Signed in with Google',
  'auth.login.failure': 'Failed to sign in',
  'auth.password-reset.requested': 'Asked for a password reset',
  'auth.password-reset.completed': 'Reset their password',
  'contact.sent': 'Sent a contact message',
  'notes.upload': 'Uploaded notes',
  'notes.submit': 'Uploaded notes for review',
  'notes.approve': 'Approved uploaded notes',
  'notes.reject': 'Rejected uploaded notes',
  'notes.expire': 'Uploaded notes expired unreviewed',
  // Decision 034: question papers and important questions go through the same queue.
  'papers.upload': 'Uploaded a question paper',
  'papers.submit': 'Uploaded a question paper for review',
  'papers.approve': 'Approved an uploaded question paper',
  'papers.reject': 'Rejected an uploaded question paper',
  'papers.expire': 'Uploaded question paper expired unreviewed',
  'questions.add': 'Added an important question',
  'questions.submit': 'Proposed an important question for review',
  'questions.approve': 'Approved a proposed question',
  'questions.reject': 'Rejected a proposed question',
  'questions.expire': 'Proposed question expired unreviewed',
  'syllabus.add': 'Added a syllabus entry',
  'syllabus.update': 'Edited a syllabus entry',
  'syllabus.delete': 'Deleted a syllabus entry',
  'syllabus.cleanup': 'Cleaned syllabus duplicates',
};

export function actionLabel(action: string): string {
  return ACTIONS[action] ?? action;
}

/** An upload of any kind that nobody reviewed in time: StudyHub removes it on its own. */
const EXPIRES = new Set(['notes.expire', 'papers.expire', 'questions.expire']);

/**
 * "Asha (asha@example.com)", "Deleted user" once the account is gone, "Someone not signed in" for no actor, and
 * StudyHub itself for what it does on its own (an upload expiring).
 */
export function actorLabel(entry: AuditEntry): string {
  if (!entry.actor) return EXPIRES.has(entry.action) ? 'StudyHub, automatically' : 'Someone not signed in';
  if (entry.actor.name === null) return 'Deleted user';
  return `${entry.actor.name} (${entry.actor.email})`;
}

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : null;

/**
 * A deleted syllabus entry as the API recorded it at delete time: "Computer Science (CSE) · B.Tech · Semester ·
 * Grading · Syllabus · semester PDFs 1, 3". Rows written before the API kept these details read as they always did.
 */
function deletedSyllabusEntry(details: Record<string, unknown>): string {
  const name = text(details.name);
  const code = text(details.code);
  if (name === null && code === null) return '';
  const semesters = Array.isArray(details.semesters) ? details.semesters.map(text).filter(Boolean) : [];
  return [
    [name, code === null ? null : `(${code})`].filter(Boolean).join(' '),
    text(details.program),
    text(details.system),
    text(details.grading),
    text(details.uploadType),
    semesters.length > 0 ? `semester PDFs ${semesters.join(', ')}` : 'no semester PDFs',
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * An upload of the review queue: "CSE CS-601 unit 3 · ml.pdf", "CS-502 paper May 2024 · may.pdf", "CS-502 unit 2
 * question · “Define BCNF…”", and a rejection's reason.
 */
function reviewedUpload(target: string | null, details: Record<string, unknown>): string {
  const question = text(details.question);
  const reason = text(details.reason);
  return [target, text(details.file), question && `“${question}”`, reason && `reason: ${reason}`]
    .filter(Boolean)
    .join(' · ');
}

/** The particulars: a role change reads "asha@example.com: student → teacher". */
export function entryDetails(entry: AuditEntry): string {
  const details = entry.details ?? {};
  switch (entry.action) {
    case 'admin.user.role':
      return `${text(details.email) ?? entry.target ?? ''}: ${text(details.from)} → ${text(details.to)}`;
    case 'admin.user.delete':
      return `${text(details.email) ?? entry.target ?? ''} (${text(details.role) ?? 'unknown role'})`;
    case 'syllabus.cleanup':
      return `${text(details.removed) ?? 0} removed`;
    case 'syllabus.delete':
      return deletedSyllabusEntry(details);
    case 'notes.upload':
    case 'notes.submit':
    case 'notes.approve':
    case 'notes.expire':
    case 'notes.reject':
    case 'papers.upload':
    case 'papers.submit':
    case 'papers.approve':
    case 'papers.expire':
    case 'papers.reject':
    case 'questions.add':
    case 'questions.submit':
    case 'questions.approve':
    case 'questions.expire':
    case 'questions.reject':
      return reviewedUpload(entry.target, details);
    default: {
      const parts = Object.entries(details)
        .map(([key, value]) => (text(value) === null ? null : `${key}: ${text(value)}`))
        .filter((part): part is string => part !== null);
      // A login failure's target is the email typed; other targets are ids, not worth a reader's time.
      const target = entry.action === 'auth.login.failure' ? entry.target : null;
      return [target, ...parts].filter(Boolean).join(' · ');
    }
  }
}
