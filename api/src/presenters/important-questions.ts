/** How the API shows an important question (decision 034): as students read it, under its unit. */
import type { Subject } from '@studyhub/contract/catalog';
import type { Question, QuestionsReply } from '@studyhub/contract/schemas';
import { askedInOf, type QuestionRow } from '../repositories/important-questions';

export function toQuestion(row: QuestionRow): Question {
  return { _id: row.id, text: row.text, marks: row.marks, askedIn: askedInOf(row) };
}

/** Every unit of `subject` in order, each with its questions in the order `rows` come in. */
export function toQuestionsReply(subject: Subject, rows: readonly QuestionRow[]): QuestionsReply {
  return {
    subject: subject.code,
    units: subject.units.map((title, index) => ({
      unit: index + 1,
      title,
      questions: rows.filter((row) => row.unit === index + 1).map(toQuestion),
    })),
  };
}
