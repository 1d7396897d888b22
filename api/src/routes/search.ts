/**
 * Search inside the notes (decision 038, product §7): the pages of current, approved note files and papers that
 * hold what a student typed, best first, with a snippet. The index is built off the request path
 * (services/search-indexing.ts); the query is parsed in TypeScript and compiled per database (search/query.ts).
 */
import {
  SEARCH_MAX_HITS,
  SEARCH_MAX_RANKED,
  SEARCH_PAGE_SIZE,
  searchQuery,
  searchReply,
} from '@studyhub/contract/schemas';
import type { Kysely } from 'kysely';
import type { Dialect } from '../db/database';
import type { Database } from '../db/schema';
import { HttpError } from '../http-errors';
import { NOT_MODIFIED, replies, type FastifyZod } from '../plugins/contract';
import { toSearchHit } from '../presenters/search-hits';
import { searchPages } from '../repositories/search-hits';
import { parseQuery } from '../search/query';
import { sendCached, type ReadCache } from '../services/read-cache';
import { rateLimit } from './route-limits';

/** What the search route reads. */
export interface SearchRoutesOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  readCache: ReadCache;
  rateLimitFactor: number;
}

export async function searchRoutes(
  app: FastifyZod,
  { db, dialect, readCache, rateLimitFactor }: SearchRoutesOptions,
): Promise<void> {
  app.get(
    '/api/search',
    {
      config: { access: 'signed-in', rateLimit: rateLimit(rateLimitFactor, 'search') },
      // sendCached compresses (once per version): the compression hook is not asked.
      compress: false,
      schema: {
        summary: 'Pages of the notes and papers that hold the words searched for, best first',
        querystring: searchQuery,
        response: replies({ 200: searchReply, ...NOT_MODIFIED }),
      },
    },
    async (request, reply) => {
      const { q, page } = request.query;
      const parsed = parseQuery(q);
      if ('error' in parsed) throw new HttpError(400, parsed.error);
      // Every student finds the same pages, so a reply is kept until the index or a file's state changes (the
      // `search` version): a word many search for before an exam is ranked once, not on every request.
      const cached = await readCache.reply('search', `${page} ${q}`, async () => {
        const { total, more, rows } = await searchPages(db, dialect, parsed.parts, {
          limit: SEARCH_PAGE_SIZE,
          offset: (page - 1) * SEARCH_PAGE_SIZE,
          maxHits: SEARCH_MAX_HITS,
          maxRanked: SEARCH_MAX_RANKED,
        });
        const hits = rows.map((row) => toSearchHit(row, parsed.parts));
        return reply.serialize({ query: q, total, more, hits }) as string;
      });
      return sendCached(request, reply, cached);
    },
  );
}
