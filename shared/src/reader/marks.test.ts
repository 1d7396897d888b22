import { describe, expect, it } from '@jest/globals';
import { foldMarks, markRanges, markTextLayer } from './marks';

const marked = (text: string, marks: string[]) =>
  markRanges(text, foldMarks(marks)).map(({ start, end }) => text.slice(start, end));

describe('markRanges', () => {
  it('finds the words at word starts, whatever their case', () => {
    expect(marked('Dijkstra: graphs, a paragraph on GRAPH search', ['graph', 'DIJKSTRA'])).toEqual([
      'Dijkstra',
      'graph',
      'GRAPH',
    ]);
  });

  it('marks c++ and c# with their symbols, not inside longer words', () => {
    expect(marked('C++ and C# differ from ABC++ and c; see c++14', ['c++', 'c#'])).toEqual([
      'C++',
      'C#',
      'c++',
    ]);
  });

  it('reads the page as NFKC, marking the ligature or full-width letters the text holds', () => {
    expect(marked('The ﬁle system', ['file'])).toEqual(['ﬁle']);
    expect(marked('ＣＰＵ scheduling', ['cpu'])).toEqual(['ＣＰＵ']);
  });

  it('counts UTF-16 units past emoji and marks right-to-left text', () => {
    const text = '📘🧪 الخوارزمية و algorithm';
    expect(marked(text, ['الخوارزمية', 'algo'])).toEqual(['الخوارزمية', 'algo']);
    expect(markRanges(text, foldMarks(['algorithm']))).toEqual([{ start: 18, end: 27 }]);
  });

  it('merges marks that overlap, and ignores empty and repeated ones', () => {
    expect(marked('dynamic programming', ['dyn', 'dynamic', 'Dynamic', ' '])).toEqual(['dynamic']);
    expect(foldMarks(['Graph', 'graph', ''])).toEqual(['graph']);
  });
});

describe('markTextLayer', () => {
  it('wraps the words in <mark> elements of the same text, leaving markup in the page as text', () => {
    const layer = document.createElement('div');
    const span = document.createElement('span');
    span.textContent = '<script>alert(1)</script> the script kiddie';
    layer.append(span);
    const placed = markTextLayer(layer, foldMarks(['script']));
    expect(placed.map((mark) => mark.textContent)).toEqual(['script', 'script', 'script']);
    expect(span.textContent).toBe('<script>alert(1)</script> the script kiddie');
    expect(layer.querySelector('script')).toBeNull();
  });

  it('leaves spans without the words as they are', () => {
    const layer = document.createElement('div');
    layer.innerHTML = '<span>nothing here</span>';
    const before = layer.firstChild!.firstChild;
    expect(markTextLayer(layer, ['graph'])).toEqual([]);
    expect(layer.firstChild!.firstChild).toBe(before);
  });
});
