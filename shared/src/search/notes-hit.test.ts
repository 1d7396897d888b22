import { describe, expect, it } from '@jest/globals';
import type { SearchHit } from '@studyhub/contract/schemas';
import { hitLink, hitPlace, snippetPieces } from './notes-hit';

const marked = (text: string, ranges: { start: number; end: number }[]) =>
  snippetPieces(text, ranges)
    .filter((piece) => piece.marked)
    .map((piece) => piece.text);

describe('snippetPieces', () => {
  it('cuts the snippet at its highlights and keeps every character', () => {
    const text = 'Dijkstra and Bellman-Ford';
    const pieces = snippetPieces(text, [
      { start: 13, end: 20 },
      { start: 0, end: 8 },
    ]);
    expect(pieces).toEqual([
      { text: 'Dijkstra', marked: true },
      { text: ' and ', marked: false },
      { text: 'Bellman', marked: true },
      { text: '-Ford', marked: false },
    ]);
  });

  it('counts UTF-16 units past emoji, and never splits one', () => {
    const text = '🧪📘 Dijkstra 👩‍💻';
    expect(marked(text, [{ start: 5, end: 13 }])).toEqual(['Dijkstra']);
    // A range that starts or ends inside a surrogate pair takes the whole emoji.
    expect(marked(text, [{ start: 1, end: 3 }])).toEqual(['🧪📘']);
  });

  it('marks right-to-left text as the server counted it', () => {
    const text = 'خوارزمية ديكسترا للمسار الأقصر';
    expect(marked(text, [{ start: 9, end: 16 }])).toEqual(['ديكسترا']);
  });

  it('clamps, drops and merges ranges a reply should not have', () => {
    const text = 'short';
    expect(
      marked(text, [
        { start: -4, end: 2 },
        { start: 1, end: 3 },
        { start: 4, end: 99 },
        { start: 3, end: 3 },
      ]),
    ).toEqual(['sh', 'o', 't']);
    expect(snippetPieces(text, [{ start: 9, end: 12 }])).toEqual([{ text: 'short', marked: false }]);
  });
});

const NOTE: SearchHit = {
  kind: 'note',
  fileId: 'n-1',
  subjectCode: 'CS-406(D)',
  subject: 'Cyber Law',
  unit: 3,
  session: null,
  page: 14,
  snippet: '',
  highlights: [],
};

describe('a hit', () => {
  it("says where it is and links to the reader at its page, marking the query's words", () => {
    expect(hitPlace(NOTE)).toBe('Unit 3 · page 14');
    expect(hitLink(NOTE, 'dijkstra algorithm')).toBe(
      '/notes/CS-406(D)?unit=3&page=14&find=dijkstra+algorithm',
    );
    const paper = {
      ...NOTE,
      kind: 'paper' as const,
      fileId: 'p-7',
      unit: null,
      session: 'May 2024',
      page: 2,
    };
    expect(hitPlace(paper)).toBe('May 2024 paper · page 2');
    expect(hitLink(paper, '"normal form"')).toBe('/papers/CS-406(D)?paper=p-7&page=2&find=%22normal+form%22');
  });
});
