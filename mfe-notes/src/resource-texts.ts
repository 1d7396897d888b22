/**
 * What the pages of previous-year papers and important questions say (decision 034), per kind: they are browsed
 * like notes (year → semester → subject), so each kind names the same places its own way.
 */
import type { YearInfo } from '@studyhub/contract';

export type ExtraKind = 'papers' | 'questions';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export const RESOURCE_TEXTS = {
  papers: {
    /** The Home card's title and the route table's name of the section. */
    section: 'Previous Year Questions',
    /** The section in a breadcrumb and in a link from another subject page: short enough for a phone's line. */
    short: 'Papers',
    intro: 'Past exam papers of every subject, newest session first. Choose your year.',
    yearTitle: (year: YearInfo) => `${year.label} Previous Year Questions`,
    subjectTitle: (name: string) => `${name} - Question Papers`,
    /** The filter chip that keeps the subjects with at least one. */
    withSome: 'With papers',
    noneWithSome: 'No subject here has papers yet.',
    count: (count: number) => (count === 0 ? 'No papers yet' : plural(count, 'paper', 'papers')),
    cue: 'View papers',
    empty: 'No papers of this subject yet.',
    loading: 'Loading the question papers…',
    failed: 'Could not load the question papers.',
    notFoundWayOn: 'Browse the papers',
  },
  questions: {
    section: 'Important Questions',
    short: 'Questions',
    intro: 'The questions that keep coming back, unit by unit, most-asked first. Choose your year.',
    yearTitle: (year: YearInfo) => `${year.label} Important Questions`,
    subjectTitle: (name: string) => `${name} - Important Questions`,
    withSome: 'With questions',
    noneWithSome: 'No subject here has questions yet.',
    count: (count: number) => (count === 0 ? 'No questions yet' : plural(count, 'question', 'questions')),
    cue: 'View questions',
    empty: 'No questions yet',
    loading: 'Loading the important questions…',
    failed: 'Could not load the important questions.',
    notFoundWayOn: 'Browse the questions',
  },
} as const;

/** A question's line under its text: "10 marks · Asked in May 2024 · Dec 2023". */
export const QUESTION_TEXTS = {
  marks: (marks: number) => plural(marks, 'mark', 'marks'),
  askedIn: (sessions: readonly string[]) => `Asked in ${sessions.join(' · ')}`,
  unitHeading: (unit: number, title: string) => `Unit ${unit}: ${title}`,
  summary: (questions: number, units: number) =>
    questions === 0
      ? 'No unit has questions yet.'
      : `${plural(questions, 'question', 'questions')} in ${plural(units, 'unit', 'units')}.`,
} as const;

export const PAPER_TEXTS = {
  preview: 'Preview',
  download: 'Download',
} as const;
