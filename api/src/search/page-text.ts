/**
 * A PDF page's text as the index keeps it (decision 038): Unicode NFKC (which also unfolds ligatures such as
 * U+FB01 "ﬁ"), a word hyphenated across a line end joined again, spaces collapsed, line breaks kept.
 */
const HYPHENATED_LINE_END = /(\p{L})[-\u00ad\u2010]\s*\n\s*(\p{Ll})/gu;

export function normalisePageText(raw: string): string {
  return (
    raw
      .normalize('NFKC')
      .replace(/\r\n?/g, '\n')
      // A soft hyphen inside a line is invisible: the word is whole.
      .replace(/\u00ad(?!\s*\n)/g, '')
      .replace(HYPHENATED_LINE_END, '$1$2')
      .replace(/[^\S\n]+/g, ' ')
      .replace(/ *\n[\s]*/g, '\n')
      .trim()
  );
}

/**
 * A file is taken as a scan without a text layer when its pages average fewer letters and digits than this (a
 * page number or a stamp each), or it has fewer than MIN_CHARACTERS in all.
 */
export const MIN_CHARACTERS_PER_PAGE = 5;
export const MIN_CHARACTERS = 10;

/** Whether a file's pages hold enough text to be worth indexing (an image-only scan does not). */
export function hasTextLayer(pages: readonly string[]): boolean {
  const characters = pages.reduce((sum, text) => sum + text.replace(/[^\p{L}\p{N}]/gu, '').length, 0);
  return characters >= MIN_CHARACTERS && characters / pages.length >= MIN_CHARACTERS_PER_PAGE;
}
