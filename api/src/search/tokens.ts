/**
 * The words of a page and of a query, cut the same way for both databases (decision 038): NFKC, lower case,
 * letters, marks and digits; `c++` and `c#` keep their symbols as letters, so short technical words stay findable.
 * Every token is letters and digits only, so neither FTS5 nor to_tsquery ever sees an operator in one.
 */
import { SEARCH_WORD } from '@studyhub/contract/schemas';

/** A word with its place in the text it came from (UTF-16 offsets), for snippets and highlights. */
export interface Token {
  term: string;
  start: number;
  end: number;
}

function termOf(word: string): string {
  const lower = word.toLowerCase();
  if (lower.endsWith('++')) return `${lower.slice(0, -2)}plusplus`;
  if (lower.endsWith('#')) return `${lower.slice(0, -1)}sharp`;
  return lower;
}

/** The words of already normalised text (normalisePageText or normaliseQuery), in order, with their offsets. */
export function tokenize(text: string): Token[] {
  return [...text.matchAll(SEARCH_WORD)].map((match) => ({
    term: termOf(match[0]),
    start: match.index,
    end: match.index + match[0].length,
  }));
}

/** What the index stores for a page: its terms separated by spaces. */
export function indexedTerms(text: string): string {
  return tokenize(text)
    .map((token) => token.term)
    .join(' ');
}
