/**
 * Search inside the notes (decision 038, product §7): the pages of current, approved note files and papers that
 * hold what a student typed, best first, with a snippet. The index is built off the request path
 * (services/search-indexing.ts); the query is parsed in TypeScript and compiled per database (search/query.ts).
 */
import { SEARCH_MAX_HITS, SEARCH_PAGE_SIZE, searchQuery, searchReply } from '@studyhub/contract/schemas';
import type { Kysely } from 'kysely';
import type { Dialect } from '../db/database';
import type { Database } from '../db/schema';
import { HttpError } from '../http-errors';
import { replies, type FastifyZod } from '../plugins/contract';
import { toSearchHit } from '../presenters/search-hits';
import { searchPages } from '../repositories/search-hits';
import { parseQuery } from '../search/query';
import { rateLimit } from './route-limits';

/** What the search route reads. */
export interface SearchRoutesOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  rateLimitFactor: number;
}

export async function searchRoutes(
  app: FastifyZod,
  { db, dialect, rateLimitFactor }: SearchRoutesOptions,
): Promise<void> {
  app.get(
    '/api/search',
    {
      config: { access: 'signed-in', rateLimit: rateLimit(rateLimitFactor, 'search') },
      schema: {
        summary: 'Pages of the notes and papers that hold the words searched for, best first',
        querystring: searchQuery,
        response: replies({ 200: searchReply }),
      },
    },
    async (request) => {
      const { q, page } = request.query;
      const parsed = parseQuery(q);
      if ('error' in parsed) throw new HttpError(400, parsed.error);
      const { total, rows } = await searchPages(db, dialect, parsed.parts, {
        limit: SEARCH_PAGE_SIZE,
        offset: (page - 1) * SEARCH_PAGE_SIZE,
        maxHits: SEARCH_MAX_HITS,
      });
      return { query: q, total, hits: rows.map((row) => toSearchHit(row, parsed.parts)) };
    },
  );
}
