/**
 * The search's text handling (decision 038), without a database: a page's text as the index keeps it, the words
 * of a page and of a query, the query language compiled for FTS5 and to_tsquery, and snippets with highlights.
 * Any input compiles to tokens of letters and digits only (fast-check), so no syntax reaches either database.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { hasTextLayer, normalisePageText } from '../src/search/page-text';
import { parseQuery, toFts5Match, toTsQuery, type QueryPart } from '../src/search/query';
import { snippetOf } from '../src/search/snippets';
import { indexedTerms } from '../src/search/tokens';

const partsOf = (input: string): QueryPart[] => {
  const parsed = parseQuery(input);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed.parts;
};

describe('a page as the index keeps it', () => {
  it('NFKC with ligatures unfolded, words hyphenated across a line end joined, spaces collapsed', () => {
    expect(normalisePageText('The \ufb01rst e\ufb03cient  pass')).toBe('The first efficient pass');
    expect(normalisePageText('a two-pass assem-\nbler\r\nnext   line')).toBe(
      'a two-pass assembler\nnext line',
    );
    expect(normalisePageText('Fourier\u00adtransform')).toBe('Fouriertransform');
    // A hyphen before a capital is a dash, not a broken word.
    expect(normalisePageText('Dijkstra -\nBellman')).toBe('Dijkstra -\nBellman');
    expect(normalisePageText('\uff23\uff33\u2010402 \u2460')).toBe('CS\u2010402 1');
  });

  it('a scan with a page number per page has no text layer; a short page of notes has', () => {
    expect(hasTextLayer(['1', '2', '3', ''])).toBe(false);
    expect(hasTextLayer([])).toBe(false);
    expect(hasTextLayer(['Unit 1 - page one', ''])).toBe(true);
  });

  it("a page's terms: lower case, subject codes split, c++ and c# kept", () => {
    expect(indexedTerms('CS-402: C++, C# and Ré-sumé; 日本語のノート')).toBe(
      'cs 402 cplusplus csharp and ré sumé 日本語のノート',
    );
    // Only a short word carries ++ or #: elsewhere they are punctuation.
    expect(indexedTerms('issue#5 counter++')).toBe('issue 5 counter');
  });
});

describe('the query language', () => {
  it.each([
    ['Dijkstra', [{ terms: ['dijkstra'], prefix: false }]],
    ['CS-402', [{ terms: ['cs', '402'], prefix: false }]],
    [
      '"two-pass assembler" os',
      [
        { terms: ['two', 'pass', 'assembler'], prefix: false },
        { terms: ['os'], prefix: false },
      ],
    ],
    [
      'lapl* c++',
      [
        { terms: ['lapl'], prefix: true },
        { terms: ['cplusplus'], prefix: false },
      ],
    ],
    [
      'a* "b*"',
      [
        { terms: ['a'], prefix: false },
        { terms: ['b'], prefix: false },
      ],
    ],
    ['os OS', [{ terms: ['os'], prefix: false }]],
    [
      'NEAR(a b)',
      [
        { terms: ['near', 'a'], prefix: false },
        { terms: ['b'], prefix: false },
      ],
    ],
  ])('%s', (input, parts) => {
    expect(partsOf(input)).toEqual(parts);
  });

  it('compiles to FTS5 phrases and to_tsquery phrases, all required', () => {
    const parts = partsOf('"Laplace transform" CS-402 trans*');
    expect(toFts5Match(parts)).toBe('"laplace transform" AND "cs 402" AND "trans"*');
    expect(toTsQuery(parts)).toBe("('laplace' <-> 'transform') & ('cs' <-> '402') & ('trans':*)");
  });

  it('nothing searchable, or too many words, is an error the route answers as 400', () => {
    expect(parseQuery('!? ** ""')).toEqual({ error: expect.any(String) });
    expect(parseQuery('a b c d e f g h i j k')).toEqual({ error: expect.any(String) });
  });

  it('whatever is typed, the compiled queries hold only tokens of letters, marks and digits', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200, unit: 'grapheme' }), (input) => {
        const parsed = parseQuery(input);
        if ('error' in parsed) return;
        for (const part of parsed.parts)
          for (const term of part.terms) expect(term).toMatch(/^[\p{L}\p{M}\p{N}]+$/u);
      }),
    );
  });
});

describe('snippets', () => {
  it('a few lines around the first match, with every matching word marked', () => {
    const text = `${'filler words '.repeat(20)}\nDijkstra's shortest paths: dijkstra again\n${'more text '.repeat(40)}`;
    const { snippet, highlights } = snippetOf(text, partsOf('dijkstra'));
    expect(snippet.length).toBeLessThanOrEqual(240);
    // Starts on a word, not inside one.
    expect(snippet).toMatch(/^(filler|words) /);
    expect(highlights.map(({ start, end }) => snippet.slice(start, end))).toEqual(['Dijkstra', 'dijkstra']);
  });

  it('marks phrases and prefixes, not lone words of a phrase', () => {
    const text = 'The Laplace transform; a transform of Laplace; transformations.';
    const { highlights } = snippetOf(text, partsOf('"laplace transform" transf*'));
    expect(highlights.map(({ start, end }) => text.slice(start, end))).toEqual([
      'Laplace',
      'transform',
      'transform',
      'transformations',
    ]);
  });

  it('text without spaces is cut, not lost', () => {
    const text = '日本語'.repeat(200);
    expect(snippetOf(text, partsOf('日本語')).snippet.length).toBe(240);
  });
});
