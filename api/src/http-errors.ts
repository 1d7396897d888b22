import type { ZodType } from 'zod';

/** An error whose status and message go to the client as `{ message }` (4xx only). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Validates with a shared zod schema; the first problem's text becomes the 400 message the UI shows. */
export function parse<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  throw new HttpError(400, result.error.issues[0]?.message ?? 'Invalid request.');
}

/** The `:id` of a route's path as text, cut to a sane length (ids are UUIDs; anything longer finds nothing). */
export function idParam(params: unknown): string {
  return String((params as { id?: unknown }).id ?? '').slice(0, 64);
}
