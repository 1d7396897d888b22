/**
 * A reader link's query (decision 040, contract's readerLink): which file of the page to open, at which page,
 * marking which words. Anything it does not understand falls back: no file means the page as usual, a page
 * that is not a number means page 1.
 */
import { SEARCH_QUERY_MAX_LENGTH, SEARCH_WORD } from '@studyhub/contract/schemas';

export interface ReaderLink {
  /** The unit's number or the paper's id, as the page's reader entry holds it (reader-entry.ts). */
  key: number | string;
  startPage: number;
  marks: string[];
}

/** A search asks for at most 10 words or phrases; their words are the marks (decision 038). */
const MAX_MARKS = 20;
const PAPER_ID = /^[\w-]{1,64}$/;

/**
 * The words of a search to mark on the pages, cut as the server cuts them (SEARCH_WORD: quotes, `*` and
 * punctuation are not words, `c++` and `c#` are); a single letter would mark half the page, so it is left out.
 */
export function marksOf(query: string): string[] {
  const words = query.slice(0, SEARCH_QUERY_MAX_LENGTH).normalize('NFKC').match(SEARCH_WORD) ?? [];
  const marks = words.filter((word) => word.length >= 2).map((word) => word.toLowerCase());
  return [...new Set(marks)].slice(0, MAX_MARKS);
}

function positiveInteger(value: string | null): number | null {
  if (value === null || !/^\d{1,6}$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 ? number : null;
}

/** The link in `search` (a location's `?…`) for a subject's notes page (`unit`) or papers page (`paper`). */
export function readReaderLink(search: string, kind: 'notes' | 'papers'): ReaderLink | null {
  const params = new URLSearchParams(search);
  const paper = params.get('paper');
  const key =
    kind === 'notes' ? positiveInteger(params.get('unit')) : paper && PAPER_ID.test(paper) ? paper : null;
  if (key === null) return null;
  return {
    key,
    startPage: positiveInteger(params.get('page')) ?? 1,
    marks: marksOf(params.get('find') ?? ''),
  };
}
