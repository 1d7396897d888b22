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

export type MatchedBy = 'code' | 'name' | 'topic' | 'description';

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
  /** How many units the catalog lists (the hit says how many of them have notes). */
  units: number;
  /** Where the hit opens, with the state that page needs to show "{name} - Units". */
  path: string;
  state: SubjectHitState;
}

/**
 * Lower case, accents dropped, anything that is not a letter or digit turned into one space, and British
 * spellings read as American ones: an "s" after "i" or "y" is a "z" ("normalisation", "analyse"). Query and
 * subject text go through the same function, and each letter's reading depends only on the one before it, so
 * a query cut short still reads as the start of the word it will become.
 */
function words(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/(?<=[iy])s/g, 'z')
    .trim();
}

const compact = (text: string) => words(text).replace(/ /g, '');

/** Small words a student leaves out of an abbreviation ("Theory of Computation" is TOC or TC). */
const MINOR_WORDS = new Set(['of', 'and', 'to', 'the', 'for', 'in', 'with', 'on']);

/**
 * Abbreviations students use that are not the initials of the subject's name as the catalog spells it:
 * "DBMS" packs "Database" into two letters, "DAA" turns "Analysis Design of Algorithm" around.
 */
const KNOWN_ABBREVIATIONS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    dbms: 'database management systems',
    rdbms: 'database management systems',
    daa: 'analysis design of algorithm',
    ada: 'analysis design of algorithm',
    dsa: 'data structure',
    coa: 'computer org architecture',
  }).map(([letters, name]) => [letters, words(name)]),
);

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
  description: string;
  /** Code, names, topics and description together, for queries whose words are spread over them. */
  all: string;
  /** An elective is one of a lettered group, CS-603(A) to (C): its group's core-less choice. */
  elective: boolean;
}

const INDEX: readonly Entry[] = SUBJECTS.map((subject) => {
  const names = [subject.name, subject.altName].filter((name): name is string => Boolean(name));
  return {
    subject,
    code: compact(subject.code),
    names: names.map(words),
    initials: [...new Set(names.flatMap(initials))],
    topics: subject.units.map((topic) => ({ text: topic, words: words(topic) })),
    description: words(subject.description),
    all: ` ${[compact(subject.code), ...names, ...subject.units, subject.description].map(words).join(' ')}`,
    elective: /\(\w\)$/.test(subject.code),
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

const INSIDE_A_WORD = 3;

const best = (scores: (number | null)[]) =>
  scores.reduce<number | null>(
    (low, score) => (score !== null && (low === null || score < low) ? score : low),
    null,
  );

/**
 * How good a hit is, best first: a code; the whole name or its start (or an abbreviation of it); a word start
 * anywhere; inside a word. Word starts beat insides whatever the field: "turing" is Turing machines, not
 * Manufacturing.
 */
const Quality = { Code: 0, NameStart: 1, WordStart: 2, InsideWord: 3 } as const;
type Quality = (typeof Quality)[keyof typeof Quality];

const FIELDS: readonly MatchedBy[] = ['code', 'name', 'topic', 'description'];

interface Ranked {
  entry: Entry;
  quality: Quality;
  /** Within a name start: 0 the whole name, 1 its start; 0 elsewhere. */
  place: number;
  /** Index in FIELDS of what matched. */
  field: number;
  /** How many of the subject's topics match: a subject about the query beats one that mentions it once. */
  topics: number;
  topic?: string;
}

function byText(entry: Entry, place: number, field: number, topics = 0, topic?: string): Ranked {
  if (place === INSIDE_A_WORD) return { entry, quality: Quality.InsideWord, place: 0, field, topics, topic };
  if (field === 1 && place <= 1) return { entry, quality: Quality.NameStart, place, field, topics };
  return { entry, quality: Quality.WordStart, place: 0, field, topics, topic };
}

function rank(entry: Entry, query: string, queryCompact: string): Ranked | null {
  // Codes: "cs603" finds CS-603(A) to (C); a bare number ("603") too, but a lone letter does not find every code.
  const code = placement(entry.code, queryCompact, 1);
  if (code !== null && (code <= 1 || /\d/.test(queryCompact))) {
    return { entry, quality: Quality.Code, place: code, field: 0, topics: 0 };
  }

  const expanded = KNOWN_ABBREVIATIONS.get(queryCompact);
  const name = best(
    entry.names.map((text) => best([placement(text, query), expanded ? placement(text, expanded) : null])),
  );
  // An abbreviation is the initials of the name's words: "oop", "toc", "ml"; two letters at least.
  const abbreviation =
    queryCompact.length >= 2 &&
    !query.includes(' ') &&
    entry.initials.some((letters) => letters.startsWith(queryCompact))
      ? 1
      : null;
  const byName = best([name, abbreviation]);
  if (byName !== null && byName < INSIDE_A_WORD) return byText(entry, byName, 1);

  // The best-placed topic names the hit; every matching topic counts.
  const topicHits = entry.topics.flatMap(({ text, words: topicWords }) => {
    const place = placement(topicWords, query);
    return place === null ? [] : [byText(entry, place, 2, 0, text)];
  });
  const topic = topicHits.reduce<Ranked | null>(
    (first, hit) => (first === null || hit.quality < first.quality ? hit : first),
    null,
  );
  if (topic) topic.topics = topicHits.length;
  if (topic?.quality === Quality.WordStart) return topic;

  const description = placement(entry.description, query);
  if (description !== null && description < INSIDE_A_WORD) return byText(entry, description, 3);

  // Every word of the query at the start of some word of the subject, in any order ("design compiler").
  const parts = query.split(' ');
  if (parts.length > 1 && parts.every((part) => entry.all.includes(` ${part}`))) {
    return byText(entry, 2, 3);
  }
  // Inside a word only now, and by the best field it is inside.
  if (byName !== null) return byText(entry, byName, 1);
  if (topic) return topic;
  return description !== null ? byText(entry, description, 3) : null;
}

export function subjectHitState(subject: Subject): SubjectHitState {
  return { branch: NOTES_BRANCH, year: yearInfo(subject.year).key, semester: String(subject.semester) };
}

/**
 * The subjects matching `input`, best first (by `Quality`): codes, then whole names and name starts (and
 * abbreviations), then a word start in a name, a unit topic or the description, then inside a word. Within a
 * quality: a whole name before its start; name before topic before description; a core subject before an
 * elective; the subject with more matching topics; then catalog order.
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
  ranked.sort(
    (a, b) =>
      a.quality - b.quality ||
      a.place - b.place ||
      a.field - b.field ||
      Number(a.entry.elective) - Number(b.entry.elective) ||
      b.topics - a.topics,
  );
  return ranked.slice(0, Math.max(0, limit)).map(({ entry: { subject }, field, topic }) => ({
    code: subject.code,
    name: subject.name,
    year: subject.year,
    semester: subject.semester,
    where: `${yearInfo(subject.year).label} · Semester ${subject.semester}`,
    matchedBy: FIELDS[field]!,
    ...(topic ? { topic } : {}),
    units: subject.units.length,
    path: subjectPath(subject.code),
    state: subjectHitState(subject),
  }));
}
