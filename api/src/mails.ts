/**
 * Every mail the server sends, in one place. User text in a mail body is quoted line by line, so what a user
 * wrote can never pass for the server's own words or fake lines of the mail (docs/security.md item 43); names
 * cannot hold line breaks (the schemas refuse them).
 */
import type { UploadKind } from '@studyhub/contract/schemas';
import type { Mail } from './services/mailer';

/** How the decision mails speak of each kind of upload (decision 034). */
const UPLOAD_WORDS: Record<UploadKind, { live: string; use: string; again: string }> = {
  note: {
    live: 'Your notes are live',
    use: 'read and download it',
    again: 'You can upload a corrected file from Upload Notes',
  },
  paper: {
    live: 'Your question paper is live',
    use: 'read and download it',
    again: 'You can upload a corrected paper from the upload page',
  },
  question: {
    live: 'Your question is live',
    use: 'read it under its unit',
    again: 'You can send the question again, corrected, from the upload page',
  },
};

/** One followed subject in a digest: what became visible there, its page, and the link that stops its mails. */
export interface DigestSubject {
  /** "CS-502 Compiler Design". */
  title: string;
  /** "Unit 3 notes", "May 2024 paper", "2 important questions". */
  lines: string[];
  pageUrl: string;
  unfollowUrl: string;
}

/** Text for HTML: every character that means something there escaped. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** `> ` before every line of what a user wrote. */
export function quoted(text: string): string {
  return text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
}

export const MAILS = {
  /** No name: the address has not been proven yet, and the name was typed by whoever registered it. */
  verificationCode: (to: string, code: string): Mail => ({
    kind: 'verification-code',
    to,
    subject: 'Your StudyHub verification code',
    text: `Hello,\n\nYour StudyHub verification code is ${code}.\nIt is valid for 10 minutes. If you did not sign up, ignore this mail.\n`,
  }),

  accountExists: (to: string, name: string): Mail => ({
    kind: 'account-exists',
    to,
    subject: 'Someone tried to register with your email',
    text: `Hello ${name},\n\nSomeone tried to create a StudyHub account with this email. You already have one: log in, or reset your password if you forgot it. If this was not you, ignore this mail.\n`,
  }),

  resetLink: (to: string, name: string, link: string): Mail => ({
    kind: 'reset-link',
    to,
    subject: 'Reset your StudyHub password',
    text: `Hello ${name},\n\nOpen this link to set a new password (valid for 30 minutes, once):\n${link}\n\nIf you did not ask for this, ignore this mail; your password stays as it is.\n`,
  }),

  passwordChanged: (to: string, name: string): Mail => ({
    kind: 'password-changed',
    to,
    subject: 'Your StudyHub password was changed',
    text: `Hello ${name},\n\nYour StudyHub password was just reset and every signed-in device was signed out. If this was not you, reset it again at once and contact us.\n`,
  }),

  /**
   * What the uploader reads of a decision on their upload (decisions 026, 034); `upload` names it as its kind's
   * label does ("CS-601 Machine Learning, Unit 3 (ml-unit-3.pdf)").
   */
  uploadApproved: (to: string, name: string, kind: UploadKind, upload: string): Mail => ({
    kind: 'upload-approved',
    to,
    subject: `${UPLOAD_WORDS[kind].live} on StudyHub`,
    text: `Hello ${name},\n\nAn admin approved your upload ${upload}. Students can now ${UPLOAD_WORDS[kind].use}.\n\nThank you for sharing.\n`,
  }),

  /** The reason is an admin's own text: quoted, like any text a user wrote. */
  uploadRejected: (to: string, name: string, kind: UploadKind, upload: string, reason: string): Mail => ({
    kind: 'upload-rejected',
    to,
    subject: 'Your StudyHub upload was not approved',
    text: `Hello ${name},\n\nAn admin did not approve your upload ${upload}. Their reason:\n${quoted(reason)}\n\n${UPLOAD_WORDS[kind].again}; My uploads lists all your uploads.\n`,
  }),

  uploadsExpired: (to: string, name: string, uploads: string[], days: number): Mail => ({
    kind: 'uploads-expired',
    to,
    subject: 'Your StudyHub uploads expired before review',
    text: `Hello ${name},\n\nNo admin reviewed ${uploads.length === 1 ? 'this upload' : 'these uploads'} within ${days} days, so ${uploads.length === 1 ? 'it was' : 'they were'} removed:\n${uploads.map((upload) => `- ${upload}`).join('\n')}\n\nUpload again if ${uploads.length === 1 ? 'it is' : 'they are'} still useful.\n`,
  }),

  /**
   * The daily digest of followed subjects (decision 039): the server's own words, catalog names and the user's own
   * name, escaped in the HTML; `oneClickUrl` is where a mail client's one-click unsubscribe posts (it stops every
   * subject of the mail).
   */
  digest: (to: string, name: string, subjects: DigestSubject[], oneClickUrl: string): Mail => {
    const more = subjects.length - 1;
    const text = subjects
      .map(
        (subject) =>
          `${subject.title}\n${subject.lines.map((line) => `- ${line}`).join('\n')}\n` +
          `Open: ${subject.pageUrl}\nStop mails about it: ${subject.unfollowUrl}\n`,
      )
      .join('\n');
    const html = subjects
      .map(
        (subject) =>
          `<h2 style="font-size:17px;margin:20px 0 4px">${escapeHtml(subject.title)}</h2>` +
          `<ul style="margin:4px 0;padding-left:20px">${subject.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` +
          `<p style="margin:4px 0"><a href="${escapeHtml(subject.pageUrl)}">Open the subject</a></p>` +
          `<p style="margin:4px 0 16px;font-size:13px"><a style="color:#666" href="${escapeHtml(subject.unfollowUrl)}">` +
          `Stop mails about ${escapeHtml(subject.title)}</a></p>`,
      )
      .join('');
    const footer = 'You get at most one of these mails a day, about the subjects you follow on StudyHub.';
    return {
      kind: 'digest',
      to,
      subject: `New on StudyHub: ${subjects[0]?.title ?? ''}${more > 0 ? ` and ${more} more subject${more === 1 ? '' : 's'}` : ''}`,
      text: `Hello ${name},\n\nNew in the subjects you follow:\n\n${text}\n${footer}\n`,
      html:
        `<div style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;line-height:1.5;max-width:560px">` +
        `<p>Hello ${escapeHtml(name)},</p><p>New in the subjects you follow:</p>${html}` +
        `<p style="color:#666;font-size:13px">${footer}</p></div>`,
      headers: {
        'List-Unsubscribe': `<${oneClickUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  },

  contactMessage: (to: string, from: { name: string; email: string }, sentAt: string, message: string) => ({
    kind: 'contact-message',
    to,
    subject: `StudyHub contact message from ${from.name}`,
    text: `From: ${from.name} <${from.email}>\nSent: ${sentAt}\n\nTheir message:\n${quoted(message)}\n`,
  }),
} satisfies Record<string, (...args: never[]) => Mail>;
