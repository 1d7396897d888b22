/**
 * A hit's snippet and highlights (decision 038), made here from the page's stored text rather than by either
 * database, so both answer the same: a few lines of plain text around the first match and the ranges of every
 * matching word in it.
 */
import type { QueryPart } from './query';
import { tokenize, type Token } from './tokens';

/** Characters shown before the first match and in all. */
const LEAD = 80;
const LENGTH = 240;

export interface Snippet {
  snippet: string;
  highlights: { start: number; end: number }[];
}

function matches(token: Token | undefined, term: string, prefix: boolean): boolean {
  return token !== undefined && (prefix ? token.term.startsWith(term) : token.term === term);
}

/** The tokens of `text` that are part of a match of any part of the query, in text order. */
function matchedTokens(tokens: readonly Token[], parts: readonly QueryPart[]): Token[] {
  const marked = new Set<number>();
  for (const part of parts) {
    const lastIndex = part.terms.length - 1;
    for (let at = 0; at + lastIndex < tokens.length; at += 1) {
      const isMatch = part.terms.every((term, offset) =>
        matches(tokens[at + offset], term, part.prefix && offset === lastIndex),
      );
      if (isMatch) part.terms.forEach((_term, offset) => marked.add(at + offset));
    }
  }
  return [...marked].sort((a, b) => a - b).map((index) => tokens[index]!);
}

/** Moves `at` back to the start of its word, so a snippet does not cut one; text without spaces (CJK) is cut. */
function wordBoundary(text: string, at: number): number {
  const floor = Math.max(0, at - 40);
  let boundary = at;
  while (boundary > floor && /\S/u.test(text[boundary - 1]!)) boundary -= 1;
  return boundary > floor || boundary === 0 ? boundary : at;
}

export function snippetOf(text: string, parts: readonly QueryPart[]): Snippet {
  const found = matchedTokens(tokenize(text), parts);
  const first = found[0];
  const start = first && first.start > LEAD ? wordBoundary(text, first.start - LEAD) : 0;
  let end = Math.min(text.length, start + LENGTH);
  if (end < text.length) end = Math.max(wordBoundary(text, end), first?.end ?? 0);
  const highlights = found
    .filter((token) => token.start >= start && token.end <= end)
    .map((token) => ({ start: token.start - start, end: token.end - start }));
  return { snippet: text.slice(start, end), highlights };
}
