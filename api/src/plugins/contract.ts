/**
 * The wire contract at run time (decision 022). Every API route declares its request parts and its replies with
 * the zod schemas of `@studyhub/contract/schemas`, the ones the browser parses replies with:
 * - requests are validated with them; the first problem's text is the 400 `{ message }` the UI shows;
 * - replies are written by fast-json-stringify from the schema's JSON Schema (`z.toJSONSchema`: one source);
 * - outside production each reply is checked too: it must parse with its schema, and the JSON written must be
 *   what the handler built (no field dropped, no value coerced), or the request fails with a 500 that says why;
 * - the OpenAPI 3.1 document (routes/openapi.ts) is generated from the same declarations.
 */
import { isDeepStrictEqual } from 'node:util';
import fastifySwagger from '@fastify/swagger';
import fastJsonStringify from 'fast-json-stringify';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RouteOptions,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';
import { errorReply } from '@studyhub/contract/schemas';
import { HttpError } from '../http-errors';
import type { Access } from '../services/access';

/** The app as route plugins see it: request parts and replies typed from their schemas. */
export type FastifyZod = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A route's replies: its own per status code, and `{ message }` for any error it does not name itself. */
export function replies<Own extends Record<number, unknown>>(own: Own) {
  return { '4xx': errorReply, '5xx': errorReply, ...own };
}

/**
 * The reply to a conditional GET whose copy is current (If-None-Match): no body. Routes that send an ETag list it,
 * so the document names every status they answer; it is never serialised.
 */
export const NOT_MODIFIED = {
  304: z.null().describe('Not Modified: the copy the client holds (If-None-Match) is current.'),
};

/** Absent input reads as `{}`, so a missing body answers with its first missing field's text. */
const validatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data ?? {});
    if (result.success) return { value: result.data };
    return { error: new HttpError(400, result.error.issues[0]?.message ?? 'Invalid request.') };
  };

type Serialise = (data: unknown) => string;

/**
 * One serialiser per schema, however many routes and apps (tests build hundreds) use it, compiled when its first
 * reply is written: compiling all of them up front made every app start about a second slower.
 */
const serialisers = new WeakMap<ZodType, Serialise>();

function serialiserOf(schema: ZodType): Serialise {
  let serialise = serialisers.get(schema);
  if (!serialise) {
    let compiled: Serialise | undefined;
    serialise = (data) => {
      compiled ??= fastJsonStringify(z.toJSONSchema(schema, { target: 'draft-07', io: 'output' }) as object);
      return compiled(data);
    };
    serialisers.set(schema, serialise);
  }
  return serialise;
}

/** The first path at which two JSON values differ ('' for the whole value), or null when they are equal. */
function firstDifference(built: unknown, sent: unknown, path = ''): string | null {
  if (isDeepStrictEqual(built, sent)) return null;
  if (typeof built === 'object' && built !== null && typeof sent === 'object' && sent !== null) {
    const keys = new Set([...Object.keys(built), ...Object.keys(sent)]);
    for (const key of keys) {
      const inner = (value: object) => (value as Record<string, unknown>)[key];
      const difference = firstDifference(inner(built), inner(sent), `${path}/${key}`);
      if (difference !== null) return difference;
    }
  }
  return path;
}

/** Why the JSON written for a reply is not the reply the handler built, or null when it is. */
function writtenDifference(data: unknown, json: string): string | null {
  const difference = firstDifference(JSON.parse(JSON.stringify(data)), JSON.parse(json));
  if (difference === null) return null;
  return `${difference || 'the reply'} would not be sent as built (a field the schema lacks, or another type)`;
}

/** A reply that breaks its route's schema: a bug of the server, found before production. */
export class ReplyContractError extends Error {
  readonly statusCode = 500;
}

function serializerCompiler(checkReplies: boolean): FastifySerializerCompiler<ZodType> {
  return ({ schema, method, url, httpStatus }) => {
    const serialise = serialiserOf(schema);
    if (!checkReplies) return serialise;
    const fail = (problem: string) =>
      new ReplyContractError(`${method} ${url} ${httpStatus} reply breaks its schema: ${problem}`);
    return (data) => {
      const parsed = schema.safeParse(data);
      if (!parsed.success) throw fail(z.prettifyError(parsed.error));
      const json = serialise(data);
      const difference = writtenDifference(data, json);
      if (difference) throw fail(difference);
      return json;
    };
  };
}

/** Whether a route's declared replies name `status`, itself or by its class (`4xx`). */
function declares(replies: Record<string, unknown>, status: number): boolean {
  const statusClass = `${Math.floor(status / 100)}xx`;
  return Object.keys(replies).some((key) => key === String(status) || key.toLowerCase() === statusClass);
}

/**
 * Outside production a route may answer only the statuses it declares, bodiless ones (304, 206) included, so
 * the document lists every status a client can meet: an undeclared one is a 500 that says which.
 */
function checkStatuses(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const replies = request.routeOptions.schema?.response as Record<string, unknown> | undefined;
    if (!replies || declares(replies, reply.statusCode)) return payload;
    const { method, url } = request.routeOptions;
    throw new ReplyContractError(
      `${method} ${url} answered ${reply.statusCode}, a status it does not declare`,
    );
  });
}

/** What the document says of the API as a whole: where it is served, and whom to ask about it. */
export interface ApiDocumentFacts {
  publicUrl: string;
  contactEmail: string;
}

/** Each route's group in the document, by the first segment of its path after /api/. */
const TAGS: Record<string, string> = {
  health: 'What is deployed, and whether this process can serve.',
  auth: 'Sign-up, sign-in, sign-out and password reset (product §4).',
  config: "The site's settings a browser needs.",
  me: 'The signed-in user.',
  contact: 'Messages to the site team.',
  upload: 'Note uploads by teachers and admins (decision 026).',
  notes: 'Recent notes and the units of a subject.',
  download: 'Note files.',
  papers: 'Previous-year question papers: uploads, the papers of a subject and their files (decision 034).',
  questions: 'Important questions of a subject, by unit (decision 034).',
  search: 'Words inside the pages of the notes and papers (decision 038).',
  progress: 'How far the user read each file: batched writes, Continue reading (decision 039).',
  bookmarks: "The user's starred subjects, units and pages (decision 039).",
  follows:
    'Followed subjects, whose updates come in a daily digest mail, and its unfollow link (decision 039).',
  uploads: "Teachers' own uploads and pending files.",
  admin: 'Users, audit log, messages and the review queue.',
  syllabus: 'Syllabus entries.',
  telemetry: 'What browsers report of the areas they load (decision 025).',
  openapi: 'This document.',
};

const tagOf = (url: string) => url.split('/')[2]!.replace(/\.json$/, '');

/** `GET /api/admin/users/:id/role` → `getAdminUsersByIdRole`: unique, since method and path are. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .slice(2)
    .flatMap((segment) =>
      segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/),
    )
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

/** Who may call each access level, as the document says it. */
const ACCESS_TEXT: Record<Access, string> = {
  public: 'Anyone may call it.',
  'signed-in': 'Any signed-in user (401 without a valid session).',
  teacher: 'Teachers and admins (401 without a valid session, 403 for students).',
  admin: 'Admins only (401 without a valid session, 403 for other roles).',
};

const SIGNED_LINK_TEXT =
  'Signed-in users: the session, or a signed link the API handed out (401 without either).';

/**
 * The document's entry for one route, from what the route declares: its summary (onRoute requires one), its group by path,
 * an operationId made of its method and path, and its security from its access level — with a signed link as
 * the alternative to the session where its query takes a signature (the file routes, docs/security.md item 26).
 */
function documentRoute(document: Parameters<typeof jsonSchemaTransform>[0] & { route: RouteOptions }) {
  const { route, url } = document;
  if (!document.schema) return { schema: { hide: true }, url };
  const method = String(route.method);
  const access = route.config?.access ?? 'admin';
  const transformed = jsonSchemaTransform(document);
  const query = transformed.schema.querystring as { properties?: Record<string, unknown> } | undefined;
  const signedLink = query?.properties?.sig !== undefined;
  const security: Record<string, string[]>[] =
    access !== 'public' ? [{ session: [] }] : signedLink ? [{ session: [] }, { signedLink: [] }] : [];
  const documentedBody = route.config?.documentedBody;
  return {
    url: transformed.url,
    schema: {
      ...transformed.schema,
      ...(documentedBody && { body: documentedBody }),
      operationId: operationIdOf(method, url),
      tags: [tagOf(url)],
      description: [document.schema.description, signedLink ? SIGNED_LINK_TEXT : ACCESS_TEXT[access]]
        .filter(Boolean)
        .join(' '),
      security,
    },
  };
}

/**
 * Puts the contract in place; call before any route is registered. `checkReplies` is on outside production
 * (development and every test suite).
 */
export async function installContract(
  app: FastifyInstance,
  { checkReplies, facts }: { checkReplies: boolean; facts: ApiDocumentFacts },
) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler(checkReplies));
  if (checkReplies) checkStatuses(app);
  app.addHook('onRoute', (route) => {
    if (route.schema && !route.schema.summary)
      throw new Error(`Route ${String(route.method)} ${route.url} declares a schema but no summary`);
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'StudyHub API',
        version: '1.0.0',
        description: 'Generated from the routes (decision 022).',
        contact: { name: 'StudyHub', email: facts.contactEmail },
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: facts.publicUrl, description: 'This deployment' }],
      tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          session: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The token sign-in returns (product §3).',
          },
          signedLink: {
            type: 'apiKey',
            in: 'query',
            name: 'sig',
            description: 'A short-lived link the API handed out, with its `expires` beside it.',
          },
        },
      },
    },
    // HEAD answers wherever GET does (Fastify adds it); the document says so.
    exposeHeadRoutes: true,
    // Routes that declare no schema are the site's files (routes/site.ts) and the unknown-path catch-all.
    transform: documentRoute,
    transformObject: jsonSchemaTransformObject,
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A body the handler reads itself (a multipart form), shown in the document and never validated as JSON. */
    documentedBody?: object;
  }
}
