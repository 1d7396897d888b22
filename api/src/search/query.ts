/**
 * The search's query language (decision 038), one for both databases: what a student typed becomes words,
 * "quoted phrases" and prefixes (`dijk*`), all of which a page must hold. Words are cut by the index's own
 * tokenizer (tokens.ts), so `CS-402` is the phrase "cs 402" and `c++` a word. Anything else — FTS operators,
 * parentheses, AND/OR/NEAR, SQL — is just text: it becomes words or nothing, never syntax. The compiled forms below
 * are the only text that reaches MATCH or to_tsquery, built from tokens that are letters and digits alone.
 */
import { SEARCH_MESSAGES } from '@studyhub/contract/schemas';
import { tokenize } from './tokens';

/** Consecutive terms a page must hold in this order; the last one may be a prefix. */
export interface QueryPart {
  terms: string[];
  prefix: boolean;
}

export const MAX_QUERY_PARTS = 10;
/** A prefix shorter than this would match most of the index: it is searched as a whole word. */
const MIN_PREFIX_LENGTH = 2;

const CHUNK = /"([^"]*)"?|[^\s"]+/gu;

export type ParsedQuery = { parts: QueryPart[] } | { error: string };

export function parseQuery(input: string): ParsedQuery {
  const parts: QueryPart[] = [];
  for (const match of input.normalize('NFKC').matchAll(CHUNK)) {
    const quoted = match[1];
    const text = quoted ?? match[0];
    const terms = tokenize(text).map((token) => token.term);
    if (terms.length === 0) continue;
    const last = terms.at(-1)!;
    const prefix = quoted === undefined && text.endsWith('*') && last.length >= MIN_PREFIX_LENGTH;
    // The same word or phrase twice asks nothing more.
    if (parts.some((part) => part.prefix === prefix && part.terms.join(' ') === terms.join(' '))) continue;
    parts.push({ terms, prefix });
  }
  if (parts.length === 0) return { error: SEARCH_MESSAGES.noWords };
  if (parts.length > MAX_QUERY_PARTS) return { error: SEARCH_MESSAGES.tooManyWords };
  return { parts };
}

/** FTS5: each part a quoted phrase (a prefix one starred), all of them required. */
export function toFts5Match(parts: readonly QueryPart[]): string {
  return parts.map((part) => `"${part.terms.join(' ')}"${part.prefix ? '*' : ''}`).join(' AND ');
}

/** PostgreSQL's to_tsquery: each part a phrase of quoted lexemes (`<->`), the last maybe `:*`, all `&`-joined. */
export function toTsQuery(parts: readonly QueryPart[]): string {
  return parts
    .map((part) => {
      const lexemes = part.terms.map((term) => `'${term}'`);
      if (part.prefix) lexemes[lexemes.length - 1] += ':*';
      return `(${lexemes.join(' <-> ')})`;
    })
    .join(' & ');
}
