/**
 * Finding a subject by what a student remembers of it: its code ("cs-603", "CS603"), its name ("compiler"),
 * an abbreviation ("DBMS", "OOP") or a unit topic ("lexical analysis"). Pure and synchronous over the catalog;
 * the search box loads this module (and with it the catalog) only when the box is focused (decision 017).
 */
import { NOTES_BRANCH, SUBJECTS, type Subject } from '@studyhub/contract/catalog';
import {
  subjectPath,
  yearInfo,
  type SemesterNumber,
  type YearKey,
  type YearNumber,
} from '@studyhub/contract';

/** "At most a handful": more than this is a list to read, not a pick. */
export const MAX_SUBJECT_HITS = 6;

/** Longer input is cut: no subject's text is this long, and matching stays cheap whatever is pasted. */
export const MAX_QUERY_LENGTH = 100;

export type MatchedBy = 'code' | 'name' | 'topic';

/** The navigation state the subject page needs (mfe-notes' subject-context.ts; its tests hold the two alike). */
export interface SubjectHitState {
  branch: string;
  year: YearKey;
  semester: string;
}

export interface SubjectHit {
  code: string;
  name: string;
  year: YearNumber;
  semester: SemesterNumber;
  /** Where it sits, as a student reads it: "Third Year · Semester 6". */
  where: string;
  matchedBy: MatchedBy;
  /** The unit topic that matched, when the match was by topic. */
  topic?: string;
  /** Where the hit opens, with the state that page needs to show "{name} - Units". */
  path: string;
  state: SubjectHitState;
}

/** Lower case, accents dropped, anything that is not a letter or digit turned into one space. */
function words(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const compact = (text: string) => words(text).replace(/ /g, '');

/** Small words a student leaves out of an abbreviation ("Theory of Computation" is TOC or TC). */
const MINOR_WORDS = new Set(['of', 'and', 'to', 'the', 'for', 'in', 'with', 'on']);

function initials(name: string): string[] {
  const all = words(name).split(' ').filter(Boolean);
  const major = all.filter((word) => !MINOR_WORDS.has(word));
  return [...new Set([all, major].map((list) => list.map((word) => word[0]).join('')))];
}

interface Entry {
  subject: Subject;
  code: string;
  names: string[];
  initials: string[];
  topics: { text: string; words: string }[];
  /** Code, names and topics together, for queries whose words are spread over them ("design compiler"). */
  all: string;
}

const INDEX: readonly Entry[] = SUBJECTS.map((subject) => {
  const names = [subject.name, subject.altName].filter((name): name is string => Boolean(name));
  return {
    subject,
    code: compact(subject.code),
    names: names.map(words),
    initials: [...new Set(names.flatMap(initials))],
    topics: subject.units.map((topic) => ({ text: topic, words: words(topic) })),
    all: ` ${[compact(subject.code), ...names, ...subject.units].map(words).join(' ')}`,
  };
});

/** Below this many letters a match inside a word is noise ("ml" in "HTML", "oop" in "Hadoop"). */
const MIN_INSIDE_WORD = 4;

/** How well `needle` sits in `haystack` (both from `words`): 0 whole, 1 at the start, 2 at a word, 3 inside. */
function placement(haystack: string, needle: string, minInside = MIN_INSIDE_WORD): number | null {
  if (haystack === needle) return 0;
  if (haystack.startsWith(needle)) return 1;
  if (haystack.includes(` ${needle}`)) return 2;
  return needle.length >= minInside && haystack.includes(needle) ? 3 : null;
}

const best = (scores: (number | null)[]) =>
  scores.reduce<number | null>(
    (low, score) => (score !== null && (low === null || score < low) ? score : low),
    null,
  );

interface Ranked {
  entry: Entry;
  tier: number;
  place: number;
  /** How many of the subject's topics match: a subject about the query beats one that mentions it once. */
  topics: number;
  topic?: string;
}

const TIERS: readonly MatchedBy[] = ['code', 'name', 'topic'];

function rank(entry: Entry, query: string, queryCompact: string): Ranked | null {
  // Codes: "cs603" finds CS-603(A) to (C); a bare number ("603") too, but a lone letter does not find every code.
  const code = placement(entry.code, queryCompact, 1);
  if (code !== null && (code <= 1 || /\d/.test(queryCompact)))
    return { entry, tier: 0, place: code, topics: 0 };

  const name = best(entry.names.map((text) => placement(text, query)));
  // An abbreviation is the initials of the name's words: "oop", "toc", "ml"; two letters at least.
  const abbreviation =
    queryCompact.length >= 2 &&
    !query.includes(' ') &&
    entry.initials.some((letters) => letters.startsWith(queryCompact))
      ? 2
      : null;
  const byName = best([name, abbreviation]);
  if (byName !== null) return { entry, tier: 1, place: byName, topics: 0 };

  let topic: Ranked | null = null;
  for (const { text, words: topicWords } of entry.topics) {
    const place = placement(topicWords, query);
    if (place === null) continue;
    if (topic === null) topic = { entry, tier: 2, place, topics: 0, topic: text };
    else if (place < topic.place) Object.assign(topic, { place, topic: text });
    topic.topics += 1;
  }
  if (topic) return topic;

  // Last, every word of the query at the start of some word of the subject, in any order.
  const parts = query.split(' ');
  if (parts.length > 1 && parts.every((part) => entry.all.includes(` ${part}`))) {
    return { entry, tier: 2, place: 3, topics: 0 };
  }
  return null;
}

export function subjectHitState(subject: Subject): SubjectHitState {
  return { branch: NOTES_BRANCH, year: yearInfo(subject.year).key, semester: String(subject.semester) };
}

/**
 * The subjects matching `input`, best first: code matches, then names (and their abbreviations), then unit
 * topics; within each, a whole match before a match at the start, at a word, or inside; then the subject
 * with more matching topics; then catalog order.
 * Empty or unmatched input gives no hits. Input is treated as text, never as a pattern.
 */
export function searchSubjects(input: string, limit: number = MAX_SUBJECT_HITS): SubjectHit[] {
  const query = words(input.slice(0, MAX_QUERY_LENGTH));
  const queryCompact = query.replace(/ /g, '');
  if (queryCompact === '') return [];
  const ranked: Ranked[] = [];
  for (const entry of INDEX) {
    const hit = rank(entry, query, queryCompact);
    if (hit) ranked.push(hit);
  }
  // Array.prototype.sort is stable, so equal hits keep catalog order (year, then semester).
  ranked.sort((a, b) => a.tier - b.tier || a.place - b.place || b.topics - a.topics);
  return ranked.slice(0, Math.max(0, limit)).map(({ entry: { subject }, tier, topic }) => ({
    code: subject.code,
    name: subject.name,
    year: subject.year,
    semester: subject.semester,
    where: `${yearInfo(subject.year).label} · Semester ${subject.semester}`,
    matchedBy: TIERS[tier]!,
    ...(topic ? { topic } : {}),
    path: subjectPath(subject.code),
    state: subjectHitState(subject),
  }));
}
