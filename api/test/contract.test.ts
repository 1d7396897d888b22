/**
 * Decision 022, the wire contract at run time: outside production a reply that breaks its route's schema is a
 * 500 that says why (production writes it from the schema, unchecked); request parts are validated with the
 * shared schemas and answer the texts the UI shows; GET /api/openapi.json describes exactly the routes the app
 * registered, each with its schemas, as a valid OpenAPI 3.1 document.
 */
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import {
  messageReply,
  notesAvailabilityReply,
  recentNotesReply,
  syllabusListReply,
  VALIDATION,
} from '@studyhub/contract/schemas';
import type { RouteEntry } from '../src/plugins/authenticate';
import { replies } from '../src/plugins/contract';
import { OPENAPI_PATH } from '../src/routes/openapi';
import { buildTestApp, type TestApp } from './support/apps';
import { request } from './support/requests';

/** Test-only routes, each answering what its name says, all declared to answer `{ message }`. */
const WRONG_REPLIES: Record<string, unknown> = {
  '/api/test/right': { message: 'fine' },
  '/api/test/wrong-type': { message: 42 },
  '/api/test/missing-field': {},
  '/api/test/extra-field': { message: 'fine', passwordHash: 'secret' },
};

function addTestRoutes(t: TestApp): void {
  for (const [path, body] of Object.entries(WRONG_REPLIES)) {
    t.app.get(
      path,
      {
        config: { access: 'public' },
        schema: { summary: 'A test route', response: replies({ 200: messageReply }) },
      },
      async () => body as never,
    );
  }
  // A status the route does not declare, with no body to serialise (as a 304 or a 206 has none).
  t.app.get(
    '/api/test/undeclared-status',
    {
      config: { access: 'public' },
      schema: { summary: 'A test route', response: replies({ 200: messageReply }) },
    },
    async (_request, reply) => reply.code(302).header('Location', '/').send(),
  );
  // The hot reads' way: the route's serialiser called by hand, its text kept and sent.
  t.app.get(
    '/api/test/serialised-by-hand',
    {
      config: { access: 'public' },
      schema: { summary: 'A test route', response: replies({ 200: messageReply }) },
    },
    async (_request, reply) => reply.type('application/json').send(reply.serialize({ message: ['x'] })),
  );
}

describe('replies keep their schema', () => {
  let t: TestApp;
  let production: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { LOG_LEVEL: 'error' } });
    production = await buildTestApp({ env: { NODE_ENV: 'production', MAIL_OUTBOX: '1' } });
    addTestRoutes(t);
    addTestRoutes(production);
  });
  afterAll(async () => {
    await t.close();
    await production.close();
  });

  it('outside production, a reply that breaks its schema fails with a 500 and a log line saying where', async () => {
    const problems = {
      '/api/test/wrong-type': /message[\s\S]*expected string/i,
      '/api/test/missing-field': /message[\s\S]*expected string/i,
      '/api/test/extra-field': /\/passwordHash would not be sent as built/,
      '/api/test/serialised-by-hand': /message[\s\S]*expected string/i,
    };
    expect((await request(t.app, 'GET', '/api/test/right')).body).toEqual({ message: 'fine' });
    for (const [path, problem] of Object.entries(problems)) {
      const reply = await request(t.app, 'GET', path);
      expect([path, reply.status, reply.body]).toEqual([path, 500, { message: 'Internal Server Error' }]);
      const logged = t.logs.filter((line) => line.includes(`GET ${path} 200 reply breaks its schema`));
      expect([path, logged.length, problem.test(logged.join('\n'))]).toEqual([path, 1, true]);
    }
  });

  it('outside production, a status the route does not declare fails with a 500 and a log line naming it', async () => {
    const reply = await request(t.app, 'GET', '/api/test/undeclared-status');
    expect([reply.status, reply.body]).toEqual([500, { message: 'Internal Server Error' }]);
    const logged = t.logs.filter((line) =>
      line.includes('GET /api/test/undeclared-status answered 302, a status it does not declare'),
    );
    expect(logged).toHaveLength(1);
    const unchecked = await production.app.inject('/api/test/undeclared-status');
    expect(unchecked.statusCode).toBe(302);
  });

  it('in production, replies are written from the schema without the check: unknown fields never leave', async () => {
    const extra = await request(production.app, 'GET', '/api/test/extra-field');
    expect([extra.status, extra.body]).toEqual([200, { message: 'fine' }]);
    // fast-json-stringify writes what the schema says, whatever the handler built.
    const wrongType = await request(production.app, 'GET', '/api/test/wrong-type');
    expect([wrongType.status, wrongType.body]).toEqual([200, { message: '42' }]);
  });
});

describe('request validation answers the texts the UI shows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['no body at all', 'POST', '/api/auth/login', undefined, VALIDATION.emailRequired],
    ['a JSON null body', 'POST', '/api/auth/forgot-password', null, VALIDATION.email],
    [
      'the first bad field of several',
      'POST',
      '/api/auth/register',
      { name: 'ab', email: 'x' },
      VALIDATION.name,
    ],
    [
      'a bad path parameter',
      'POST',
      `/api/auth/reset-password/${'x'.repeat(10)}`,
      {},
      'Invalid or expired reset link.',
    ],
  ] as const)('%s → 400 with its text', async (_case, method, path, body, message) => {
    const reply = await request(t.app, method, path, body);
    expect([reply.status, reply.body]).toEqual([400, { message }]);
  });
});

/** `/api/syllabus/:id` as OpenAPI spells it: `/api/syllabus/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

/**
 * The JSON Schema a zod schema stands for, as the document should show it: without its dialect, and a constant
 * written as a one-value enum, as the converter for OpenAPI writes it.
 */
function jsonSchema(schema: unknown, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema as z.ZodType, { io });
  return JSON.parse(JSON.stringify(rest), (_key, value: unknown) => {
    if (typeof value !== 'object' || value === null || !('const' in value)) return value;
    const { const: constant, ...others } = value as Record<string, unknown>;
    return { ...others, enum: [constant] };
  }) as Record<string, unknown>;
}

const namesOf = (schema: unknown) => Object.keys(jsonSchema(schema, 'input').properties ?? {}).sort();

describe('GET /api/openapi.json', () => {
  let t: TestApp;
  let document: Document;
  let routes: (RouteEntry & { schema: FastifySchema })[];
  beforeAll(async () => {
    t = await buildTestApp();
    document = (await request(t.app, 'GET', OPENAPI_PATH)).body as Document;
    routes = t.app.routeTable.filter(
      (route): route is RouteEntry & { schema: FastifySchema } =>
        route.url.startsWith('/api/') && route.url !== '/api/*',
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('is public, kept (ETag, 304) and compressed like the other JSON', async () => {
    const first = await t.app.inject({ url: OPENAPI_PATH, headers: { 'accept-encoding': 'br' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(JSON.parse(brotliDecompressSync(first.rawPayload).toString())).toEqual(document);
    const again = await t.app.inject({
      url: OPENAPI_PATH,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every API route the app registered, and nothing else', () => {
    expect(routes.length).toBeGreaterThan(20);
    const registered = routes.map((route) => `${route.method} ${openApiPath(route.url)}`).sort();
    const documented = Object.entries(document.paths)
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      )
      .sort();
    expect(documented).toEqual(registered);
  });

  it('shows each route’s own schemas: parameters, body and a reply per status, errors as { message }', () => {
    for (const route of routes) {
      const where = `${route.method} ${route.url}`;
      const { params, querystring, body, response } = route.schema ?? {};
      const operation = document.paths[openApiPath(route.url)]![route.method.toLowerCase()]!;
      const parameters = (place: string) =>
        (operation.parameters ?? [])
          .filter((parameter) => parameter.in === place)
          .map((p) => p.name)
          .sort();
      const pathNames = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!).sort();
      expect([where, parameters('path')]).toEqual([where, params ? namesOf(params) : []]);
      expect([where, parameters('path')]).toEqual([where, pathNames]);
      // A signed link's `sig` is the signedLink security scheme's, not a parameter of its own.
      const queryNames = querystring ? namesOf(querystring).filter((name) => name !== 'sig') : [];
      expect([where, parameters('query')]).toEqual([where, queryNames]);
      expect([where, operation.requestBody?.content['application/json']?.schema]).toEqual([
        where,
        body ? jsonSchema(body, 'input') : undefined,
      ]);

      const declared = (response ?? {}) as Record<string, unknown>;
      const codes = Object.keys(declared).map((code) => code.toUpperCase());
      expect([where, Object.keys(operation.responses).sort()]).toEqual([where, codes.sort()]);
      expect([where, codes.some((code) => code.startsWith('2'))]).toEqual([where, true]);
      for (const [code, schema] of Object.entries(declared)) {
        const documented = operation.responses[code.toUpperCase()]!.content;
        // A 204 or a 304 has no body to describe; a reply that is not JSON names its own content type.
        if (schema instanceof z.ZodType && code !== '204' && code !== '304') {
          expect([where, code, documented?.['application/json']?.schema]).toEqual([
            where,
            code,
            expect.objectContaining(jsonSchema(schema, 'output')),
          ]);
        }
      }
      expect([where, operation.responses['4XX']?.content?.['application/json']?.schema]).toEqual([
        where,
        expect.objectContaining(jsonSchema(messageReply, 'output')),
      ]);
    }
  });

  it('each operation has its summary, a unique operationId, a group, and the security its access level asks', () => {
    const operationIds = new Set<string>();
    for (const route of routes) {
      const where = `${route.method} ${route.url}`;
      const operation = document.paths[openApiPath(route.url)]![route.method.toLowerCase()]! as Operation & {
        summary?: string;
        operationId: string;
        tags?: string[];
        security?: Record<string, string[]>[];
      };
      expect([where, operation.summary]).toEqual([where, route.schema.summary]);
      expect([where, operationIds.has(operation.operationId)]).toEqual([where, false]);
      operationIds.add(operation.operationId);
      expect([where, operation.tags?.length]).toEqual([where, 1]);
      const signedLink = route.schema.querystring ? namesOf(route.schema.querystring).includes('sig') : false;
      const expected =
        route.access !== 'public'
          ? [{ session: [] }]
          : signedLink
            ? [{ session: [] }, { signedLink: [] }]
            : [];
      expect([where, operation.security]).toEqual([where, expected]);
    }
  });

  it('the hot reads are described by the same schemas they are serialised with', () => {
    const reply = (path: string) => document.paths[path]!.get!.responses['200']!.content!['application/json'];
    expect(reply('/api/notes/recent')!.schema).toEqual(jsonSchema(recentNotesReply, 'output'));
    expect(reply('/api/syllabus')!.schema).toEqual(jsonSchema(syllabusListReply, 'output'));
    expect(reply('/api/notes/availability')!.schema).toEqual(jsonSchema(notesAvailabilityReply, 'output'));
  });
});
