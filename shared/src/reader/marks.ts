/**
 * The reader's marks (decision 040): the words a student searched for, highlighted on the pages' text layer.
 * They match as search does (decision 038), case-insensitive after NFKC, and only at the start of a word, so
 * "graph" marks "Graphs" but not "paragraph". No pdf.js in here: it works on the text layer's spans.
 */

/** A range of a text to mark: [start, end) in UTF-16 units. */
export interface MarkRange {
  start: number;
  end: number;
}

const WORD_CHARACTER = /[\p{L}\p{M}\p{N}]$/u;

/** The marks as they are compared: NFKC, lower case, without repeats or empty ones. */
export function foldMarks(marks: readonly string[]): string[] {
  return [...new Set(marks.map((mark) => mark.normalize('NFKC').toLowerCase().trim()))].filter(Boolean);
}

/**
 * `text` folded as the marks are, with where each folded unit came from: folding a character may change its
 * length ("ﬁ" is "fi", "İ" lower-cased is two units), and a mark's range is the original text's.
 */
function fold(text: string): { folded: string; from: number[]; to: number[] } {
  let folded = '';
  const from: number[] = [];
  const to: number[] = [];
  let index = 0;
  for (const character of text) {
    const piece = character.normalize('NFKC').toLowerCase();
    for (let unit = 0; unit < piece.length; unit += 1) {
      from.push(index);
      to.push(index + character.length);
    }
    folded += piece;
    index += character.length;
  }
  return { folded, from, to };
}

/** Where the folded `marks` start words of `text`, in order and without overlaps. */
export function markRanges(text: string, marks: readonly string[]): MarkRange[] {
  const { folded, from, to } = fold(text);
  const found: MarkRange[] = [];
  for (const mark of marks) {
    for (let at = folded.indexOf(mark); at !== -1; at = folded.indexOf(mark, at + 1)) {
      if (WORD_CHARACTER.test(folded.slice(Math.max(0, at - 2), at))) continue;
      found.push({ start: from[at]!, end: to[at + mark.length - 1]! });
    }
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: MarkRange[] = [];
  for (const range of found) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

export const MARK_CLASS = 'reader-mark';

/**
 * Marks the folded `marks` in a drawn text layer: each span of text that holds one is rebuilt from text nodes
 * and `<mark>` elements (the same text, so pdf.js's sizing of the span still fits). Returns the marks in
 * reading order.
 */
export function markTextLayer(container: HTMLElement, marks: readonly string[]): HTMLElement[] {
  if (marks.length === 0) return [];
  const placed: HTMLElement[] = [];
  for (const span of container.querySelectorAll('span')) {
    if (span.childElementCount > 0) continue;
    const text = span.textContent ?? '';
    const ranges = markRanges(text, marks);
    if (ranges.length === 0) continue;
    const pieces: Node[] = [];
    let at = 0;
    for (const { start, end } of ranges) {
      if (start > at) pieces.push(document.createTextNode(text.slice(at, start)));
      const mark = document.createElement('mark');
      mark.className = MARK_CLASS;
      mark.textContent = text.slice(start, end);
      pieces.push(mark);
      placed.push(mark);
      at = end;
    }
    if (at < text.length) pieces.push(document.createTextNode(text.slice(at)));
    span.replaceChildren(...pieces);
  }
  return placed;
}
