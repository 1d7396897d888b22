/**
 * The syllabus list (product §7): signed-in users read the entries with filters. Admins' writes are in
 * syllabus-admin.ts.
 */
import { syllabusListReply, syllabusQuery } from '@studyhub/contract/schemas';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { NOT_MODIFIED, replies, type FastifyZod } from '../plugins/contract';
import { listSyllabusEntries, type SyllabusFilters } from '../repositories/syllabus-entries';
import { toEntry } from '../presenters/syllabus-entries';
import { sendCached, type ReadCache } from '../services/read-cache';

/** What the syllabus list reads. */
export interface SyllabusRoutesOptions {
  db: Kysely<Database>;
  readCache: ReadCache;
}

export async function syllabusRoutes(
  app: FastifyZod,
  { db, readCache }: SyllabusRoutesOptions,
): Promise<void> {
  // Every write to syllabus_entries bumps the `syllabus` version: each filter's reply is kept per version
  // (services/read-cache.ts). The list is the same for every signed-in user; who may see it is decided before
  // (authenticate.ts).
  app.get(
    '/api/syllabus',
    // sendCached compresses (once per version): the compression hook is not asked.
    {
      config: { access: 'signed-in' },
      compress: false,
      schema: {
        summary: 'Syllabus entries, filtered by branch, year and semester',
        querystring: syllabusQuery,
        response: replies({ 200: syllabusListReply, ...NOT_MODIFIED }),
      },
    },
    async (request, reply) => {
      const { query } = request;
      // Empty filters filter nothing; `system=All` (any case) means both systems.
      const filters: SyllabusFilters = [
        ['program', query.program || undefined],
        ['system', query.system && query.system.toLowerCase() !== 'all' ? query.system : undefined],
        ['grading', query.grading || undefined],
        ['code', query.code || undefined],
        ['upload_type', query.uploadType || undefined],
      ];
      const key = JSON.stringify(filters.map(([, value]) => value ?? null));
      const cached = await readCache.reply('syllabus', key, async () => {
        const rows = await listSyllabusEntries(db, filters);
        // The route's reply serialiser (plugins/contract.ts) makes the JSON text.
        return reply.serialize(rows.map(toEntry)) as string;
      });
      return sendCached(request, reply, cached);
    },
  );
}
