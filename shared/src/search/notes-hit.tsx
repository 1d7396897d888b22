/**
 * One hit of a search inside the notes (decision 040) as the search box's "In the notes" group and the results
 * page show it: where it is, the snippet with the searched words marked, and the reader link it opens.
 * `@studyhub/shared/search-hits`; the box loads it with its group, on the first typing.
 */
import styled from 'styled-components';
import { readerLink, type ReaderTarget } from '@studyhub/contract';
import type { SearchHit } from '@studyhub/contract/schemas';

/**
 * "37 results", "1 result"; "1,000 or more results" when the server counted only so many of the pages that hold
 * the words (its reply's `more`, decision 042).
 */
export function resultCount(total: number, more: boolean): string {
  return `${total.toLocaleString('en')}${more ? ' or more' : ''} ${total === 1 && !more ? 'result' : 'results'}`;
}

export const NOTES_SEARCH_TEXTS = {
  group: 'In the notes',
  searching: 'Searching inside the notes…',
  none: 'No page of the notes holds these words.',
  failed: 'Could not search inside the notes.',
  offline: 'Searching inside the notes needs a connection.',
  logIn: 'Log in to search inside the notes',
  seeAll: (total: number, more: boolean) => `See all ${resultCount(total, more)}`,
  found: (total: number, more: boolean) =>
    total === 0 ? 'No results in the notes.' : `${resultCount(total, more)} in the notes.`,
} as const;

/** "Unit 3 · page 14", "May 2024 paper · page 2". */
export function hitPlace(hit: SearchHit): string {
  const where = hit.kind === 'note' ? `Unit ${hit.unit}` : `${hit.session} paper`;
  return `${where} · page ${hit.page}`;
}

/** The reader link a hit opens: its file at its page, marking the words of `query`. */
export function hitLink(hit: SearchHit, query: string): string {
  const target: ReaderTarget =
    hit.kind === 'note'
      ? { kind: 'note', subjectCode: hit.subjectCode, unit: hit.unit ?? 0 }
      : { kind: 'paper', subjectCode: hit.subjectCode, fileId: hit.fileId };
  return readerLink(target, hit.page, query);
}

export interface SnippetPiece {
  text: string;
  marked: boolean;
}

const isLowSurrogate = (text: string, at: number) => /[\uDC00-\uDFFF]/.test(text.charAt(at));

/**
 * The snippet cut at its highlights: ranges out of the text, empty, overlapping an earlier one or splitting a
 * surrogate pair (half an emoji) are clamped, widened or dropped, so any reply makes whole text.
 */
export function snippetPieces(
  text: string,
  ranges: readonly { start: number; end: number }[],
): SnippetPiece[] {
  const pieces: SnippetPiece[] = [];
  let at = 0;
  for (const range of [...ranges].sort((a, b) => a.start - b.start)) {
    let start = Math.max(at, Math.min(text.length, Math.trunc(range.start)));
    let end = Math.max(start, Math.min(text.length, Math.trunc(range.end)));
    if (start > at && isLowSurrogate(text, start)) start -= 1;
    if (end < text.length && isLowSurrogate(text, end)) end += 1;
    if (!(end > start)) continue;
    if (start > at) pieces.push({ text: text.slice(at, start), marked: false });
    pieces.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), marked: false });
  return pieces;
}

const SnippetText = styled.span`
  overflow-wrap: anywhere;
  mark {
    color: inherit;
    font-weight: 600;
    /* The accent, thinned: the text colour of either theme stays readable on it. */
    background: color-mix(in srgb, ${({ theme }) => theme.colors.accent} 25%, transparent);
    border-radius: 2px;
  }
`;

/** The snippet as text nodes, its highlights in <mark>: React writes text, never HTML. */
export function Snippet({ hit, className }: { hit: SearchHit; className?: string }) {
  return (
    <SnippetText className={className}>
      {snippetPieces(hit.snippet, hit.highlights).map((piece, index) =>
        piece.marked ? <mark key={index}>{piece.text}</mark> : piece.text,
      )}
    </SnippetText>
  );
}
