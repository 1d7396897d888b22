/**
 * Search inside the notes (decision 038, product §7 "search"): what the search call takes and answers. The query's
 * words are parsed by the server (api/src/search/query.ts); here only its length and characters are checked.
 */
import { z } from 'zod';
import { isPlainText, lengthLimit } from './fields';

/**
 * A word, as the index cuts pages and queries (api/src/search/tokens.ts) and the reader marks them: letters,
 * marks and digits; a language name of one to three letters may carry ++ or # (c++, g++, c#, f#), elsewhere they
 * are punctuation. Global: use it with `match` or `matchAll`, which start from the beginning.
 */
export const SEARCH_WORD = /[\p{L}\p{M}\p{N}]+(?:(?<=(?:^|[^\p{L}\p{M}\p{N}])\p{L}{1,3})(?:\+\+|#))?/gu;

export const SEARCH_QUERY_MIN_LENGTH = 2;
export const SEARCH_QUERY_MAX_LENGTH = 200;
/** Hits per page of results, and how far a student may page. */
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_MAX_PAGE = 50;
/** The most hits a search counts and ranks: as far as a student may page. */
export const SEARCH_MAX_HITS = SEARCH_PAGE_SIZE * SEARCH_MAX_PAGE;
/**
 * The most matching pages a search ranks: the newest ones, when a query matches more (decision 042). Twice what a
 * student may page through, so the hits shown are still the best of many.
 */
export const SEARCH_MAX_RANKED = 2 * SEARCH_MAX_HITS;

export const SEARCH_MESSAGES = {
  tooShort: `Type at least ${SEARCH_QUERY_MIN_LENGTH} characters to search.`,
  tooLong: `Search for at most ${SEARCH_QUERY_MAX_LENGTH} characters.`,
  characters: 'The search has characters it cannot take.',
  noWords: 'Type a word to search for.',
  tooManyWords: 'Search for at most 10 words or phrases.',
  page: `Choose a page from 1 to ${SEARCH_MAX_PAGE}.`,
} as const;

export const searchQuery = z.object({
  q: z
    .string({ error: SEARCH_MESSAGES.tooShort })
    .max(...lengthLimit(SEARCH_QUERY_MAX_LENGTH, SEARCH_MESSAGES.tooLong))
    .refine((q) => isPlainText(q), SEARCH_MESSAGES.characters)
    .transform((q) => q.trim())
    .refine((q) => q.length >= SEARCH_QUERY_MIN_LENGTH, SEARCH_MESSAGES.tooShort),
  page: z.coerce
    .number({ error: SEARCH_MESSAGES.page })
    .int(SEARCH_MESSAGES.page)
    .min(1, SEARCH_MESSAGES.page)
    .max(SEARCH_MAX_PAGE, SEARCH_MESSAGES.page)
    .default(1),
});

/** A character range of the snippet to mark: [start, end) in UTF-16 code units, as JavaScript's slice counts. */
export const searchHighlight = z.object({ start: z.number().int(), end: z.number().int() });

/** One page of one file that holds what was searched for. */
export const searchHit = z.object({
  kind: z.enum(['note', 'paper']),
  /** The note file's or paper's id (the paper's file route takes it). */
  fileId: z.string(),
  subjectCode: z.string(),
  subject: z.string(),
  /** The note file's unit; null for a paper. */
  unit: z.number().nullable(),
  /** The paper's exam session ("May 2024"); null for notes. */
  session: z.string().nullable(),
  /** 1-based page of the PDF. */
  page: z.number().int(),
  /** Plain text around the match, a few lines; never HTML. */
  snippet: z.string(),
  highlights: z.array(searchHighlight),
});
export type SearchHit = z.infer<typeof searchHit>;

export const searchReply = z.object({
  query: z.string(),
  /** How many hits there are, up to SEARCH_MAX_HITS. */
  total: z.number().int(),
  /**
   * More pages hold the words than `total` counts (it is then "at least"): a search counts and ranks a bounded
   * number of the pages that match (decision 042).
   */
  more: z.boolean(),
  hits: z.array(searchHit),
});
export type SearchReply = z.infer<typeof searchReply>;
