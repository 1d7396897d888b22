import { describe, expect, it } from '@jest/globals';
import { readerLink } from '@studyhub/contract';
import { marksOf, readReaderLink } from './reader-link';

describe('reader links', () => {
  it("read back what contract's readerLink writes, for a unit and for a paper", () => {
    const unit = new URL(
      readerLink({ kind: 'note', subjectCode: 'CS-502', unit: 3 }, 14, 'Dijkstra algorithm'),
      'http://x',
    );
    expect(unit.pathname + unit.search).toBe('/notes/CS-502?unit=3&page=14&find=Dijkstra+algorithm');
    expect(readReaderLink(unit.search, 'notes')).toEqual({
      key: 3,
      startPage: 14,
      marks: ['dijkstra', 'algorithm'],
    });

    const paper = new URL(
      readerLink({ kind: 'paper', subjectCode: 'CS-406(D)', fileId: 'p-1' }, 2),
      'http://x',
    );
    expect(paper.pathname).toBe('/papers/CS-406(D)');
    expect(readReaderLink(paper.search, 'papers')).toEqual({ key: 'p-1', startPage: 2, marks: [] });
  });

  it.each([
    ['no page', '?unit=3', 1],
    ['page 0', '?unit=3&page=0', 1],
    ['a negative page', '?unit=3&page=-2', 1],
    ['a page with words in it', '?unit=3&page=2abc', 1],
    ['a page too long to be one', '?unit=3&page=99999999999', 1],
  ])('fall back to page 1 for %s', (_, search, page) => {
    expect(readReaderLink(search, 'notes')?.startPage).toBe(page);
  });

  it.each([
    ['no unit', '?page=3'],
    ['a unit that is not a number', '?unit=three'],
    ['unit 0', '?unit=0'],
    ['a paper id on a notes page', '?paper=p-1'],
  ])('open no reader for %s', (_, search) => {
    expect(readReaderLink(search, 'notes')).toBeNull();
  });

  it('open no paper whose id is not one', () => {
    expect(readReaderLink('?paper=../../etc', 'papers')).toBeNull();
    expect(readReaderLink(`?paper=${'a'.repeat(65)}`, 'papers')).toBeNull();
  });
});

describe('marksOf', () => {
  it('takes the words of a search, without its quotes, stars, repeats and single letters', () => {
    expect(marksOf('"Laplace transform" dijk* a LAPLACE CS-402')).toEqual([
      'laplace',
      'transform',
      'dijk',
      'cs',
      '402',
    ]);
  });

  it('keeps c++ and c# whole, as the search finds them, and a plus or hash elsewhere out', () => {
    expect(marksOf('C++ templates c# f# a+b g++')).toEqual(['c++', 'templates', 'c#', 'f#', 'g++']);
    expect(marksOf('python++ c')).toEqual(['python']);
  });

  it('reads hostile text as words or nothing', () => {
    expect(marksOf('<script>alert(1)</script>')).toEqual(['script', 'alert']);
    expect(marksOf('🧪📘 ..')).toEqual([]);
    expect(marksOf('ﬁle الخوارزمية')).toEqual(['file', 'الخوارزمية']);
  });
});
