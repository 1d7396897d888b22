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

/**
 * Puts the contract in place; call before any route is registered. `checkReplies` is on outside production
 * (development and every test suite).
 */
export async function installContract(app: FastifyInstance, { checkReplies }: { checkReplies: boolean }) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler(checkReplies));
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'StudyHub API',
        version: '1.0.0',
        description: 'Generated from the routes (decision 022).',
      },
    },
    // Routes that declare no schema are the site's files (routes/site.ts) and the unknown-path catch-all.
    transform: (document) =>
      document.schema ? jsonSchemaTransform(document) : { schema: { hide: true }, url: document.url },
    transformObject: jsonSchemaTransformObject,
  });
}
