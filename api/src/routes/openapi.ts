/**
 * The API's OpenAPI 3.1 document, generated from the routes' schemas (plugins/contract.ts, decision 022). Public
 * like the API's shape itself; made once per process and sent like the hot reads: ETag, compressed once.
 */
import { openApiDocument } from '@studyhub/contract/schemas';
import { NOT_MODIFIED, replies, type FastifyZod } from '../plugins/contract';
import { CachedReply, sendCached } from '../services/read-cache';

export const OPENAPI_PATH = '/api/openapi.json';

export async function openApiRoutes(app: FastifyZod): Promise<void> {
  let document: CachedReply | undefined;

  app.get(
    OPENAPI_PATH,
    // sendCached compresses (once): the compression hook is not asked.
    {
      config: { access: 'public' },
      compress: false,
      schema: {
        summary: 'This OpenAPI document',
        response: replies({ 200: openApiDocument, ...NOT_MODIFIED }),
      },
    },
    async (request, reply) => {
      // Every route is registered once the app serves requests; the document cannot change after that.
      document ??= new CachedReply(reply.serialize(app.swagger()) as string);
      // Browsers and proxies may keep it, asking again each time (a 304 while the deploy is the same).
      reply.header('Cache-Control', 'public, no-cache');
      return sendCached(request, reply, document);
    },
  );
}
