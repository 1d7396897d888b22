/**
 * An important question in the review queue (decision 034): text under one unit of a subject, with the sessions
 * it was asked in. It has no file; approved, it is listed under its unit.
 */
import {
  approvePendingQuestion,
  askedInColumns,
  askedInOf,
  insertQuestion,
  type QuestionRow,
} from '../repositories/important-questions';
import { newPendingColumns, subjectPlace, subjectTitle, type UploadKindPolicy } from './upload-kinds';

const EXCERPT_LENGTH = 60;

/**
 * The question's start on one line, as mails and the Activity trail name it: "Explain LR(1) parsing with…", cut
 * after a whole word where one ends in its last third.
 */
function excerpt(row: Pick<QuestionRow, 'text'>): string {
  const characters = Array.from(row.text.replace(/\s+/g, ' ').trim());
  if (characters.length <= EXCERPT_LENGTH) return characters.join('');
  const cut = characters.slice(0, EXCERPT_LENGTH).join('');
  const lastSpace = characters[EXCERPT_LENGTH] === ' ' ? cut.length : cut.lastIndexOf(' ');
  const whole = lastSpace >= (EXCERPT_LENGTH * 2) / 3 ? cut.slice(0, lastSpace) : cut;
  return `${whole.trimEnd()}…`;
}

export const QUESTION_UPLOADS: UploadKindPolicy<'question'> = {
  auditArea: 'questions',
  publishAction: 'questions.add',

  newRow({ question, uploaderId }, at) {
    return {
      ...newPendingColumns(uploaderId, at),
      subject_code: question.subject.code,
      unit: question.unit,
      text: question.text,
      marks: question.marks,
      ...askedInColumns(question.askedIn),
    };
  },

  insert: (trx, _dialect, row) => insertQuestion(trx, row),
  approve: (db, _dialect, id, decision) => approvePendingQuestion(db, id, decision),
  auditTarget: (row) => `${row.subject_code} unit ${row.unit} question`,
  auditDetails: (row) => ({ question: excerpt(row) }),
  label: (row) => `${subjectTitle(row.subject_code)}, Unit ${row.unit} question “${excerpt(row)}”`,
  subjectUpdate: (row) => ({
    subject_code: row.subject_code,
    kind: 'question',
    unit: row.unit,
    session: null,
  }),
  storageName: () => null,

  toItem: (row, review) => ({
    kind: 'question',
    ...review,
    ...subjectPlace(row.subject_code),
    unit: `Unit ${row.unit}`,
    text: row.text,
    marks: row.marks,
    askedIn: askedInOf(row),
  }),
};
