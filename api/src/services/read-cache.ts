/**
 * Replies of the hot reads (GET /api/notes/recent, GET /api/notes/availability, GET /api/syllabus, GET
 * /api/search), kept as JSON text per dataset version.
 * Every write to a dataset's table bumps its row in `content_versions` in the same transaction (triggers,
 * migration 0005), so a version names exactly one state of the data, on every server process that shares the
 * database. Each request gets a version read that started after it arrived (one prepared single-row query, shared
 * by the requests of one event-loop turn) and serves the reply kept for that version, or loads it; a different version empties the dataset's replies. The data is loaded after its
 * version was read, so what is kept under a version is never older than that version: once a write has
 * committed (and was answered), no process serves what came before it.
 *
 * A kept reply also carries its ETag (a hash of the JSON; If-None-Match gets 304) and, for replies big enough to
 * compress (decision 013), its brotli or gzip copy, made once.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import SQLite from 'better-sqlite3';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { Dialect } from '../db/database';
import type { Database } from '../db/schema';
import { LruMap } from '../lib/lru-map';

export type Dataset = 'notes' | 'syllabus' | 'search';
const DATASETS: readonly Dataset[] = ['notes', 'syllabus', 'search'];

/** API JSON from this size up is compressed (decision 013): below it a reply fits in one packet anyway. */
export const COMPRESS_MIN_BYTES = 1024;
/** Brotli's quality 4: cheap enough per request; kept replies are compressed once per version. */
export const BROTLI_QUALITY = 4;
type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];

/** Kept replies per dataset (filter combinations of the syllabus list, searches); the least recently used go first. */
export const MAX_REPLIES_PER_DATASET = 256;

const JSON_TYPE = 'application/json; charset=utf-8';

export class CachedReply {
  readonly etag: string;
  readonly compressible: boolean;
  private readonly encoded: Partial<Record<Encoding, Buffer>> = {};

  constructor(readonly body: string) {
    // Weak: the JSON is the same whatever the content coding it travels in.
    this.etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
    this.compressible = Buffer.byteLength(body) >= COMPRESS_MIN_BYTES;
  }

  encodedAs(encoding: Encoding): Buffer {
    return (this.encoded[encoding] ??=
      encoding === 'br'
        ? brotliCompressSync(this.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
        : gzipSync(this.body));
  }
}

/** How the version of a dataset is read: a prepared query that sees committed data only. */
export type VersionReader = { read(dataset: Dataset): Promise<number | undefined>; close(): void };

/**
 * SQLite: a read-only connection of its own. The app's connection could be inside a write transaction at that
 * moment (Kysely runs other queries between its statements), and would then see the bump before it commits.
 */
function sqliteVersions(file: string): VersionReader {
  let statement: SQLite.Statement<[Dataset], number> | undefined;
  let connection: SQLite.Database | undefined;
  return {
    async read(dataset) {
      if (!statement) {
        connection = new SQLite(file, { readonly: true, fileMustExist: true });
        statement = connection
          .prepare<[Dataset], number>('select version from content_versions where dataset = ?')
          .pluck();
      }
      return statement.get(dataset);
    },
    close: () => connection?.close(),
  };
}

/** PostgreSQL: any connection of the pool (each sees committed data only), the query prepared once on each. */
function postgresVersions(pool: pg.Pool): VersionReader {
  return {
    async read(dataset) {
      const result = await pool.query<{ version: number }>({
        name: 'studyhub-content-version',
        text: 'select version from content_versions where dataset = $1',
        values: [dataset],
      });
      return result.rows[0]?.version;
    },
    close: () => {},
  };
}

/** An in-memory SQLite database has no second connection: the version is read in Kysely's queue. */
function queuedVersions(db: Kysely<Database>): VersionReader {
  return {
    async read(dataset) {
      const row = await db
        .selectFrom('content_versions')
        .select('version')
        .where('dataset', '=', dataset)
        .executeTakeFirst();
      return row?.version;
    },
    close: () => {},
  };
}

/**
 * One version read per dataset per turn of the event loop, shared by the requests that asked before it started:
 * the read runs once the requests parsed in this turn have asked (setImmediate), so each request still gets a
 * version read after it arrived, and a write answered before that is seen. Under load, dozens of requests share a
 * read instead of each paying for one (decision 015).
 */
export function oneReadPerTurn(reader: VersionReader): VersionReader {
  const next = new Map<Dataset, Promise<number | undefined>>();
  return {
    read(dataset) {
      let version = next.get(dataset);
      if (!version) {
        version = new Promise((resolve, reject) =>
          setImmediate(() => {
            // A request asking from now on arrived after this read started: it needs the next one.
            next.delete(dataset);
            reader.read(dataset).then(resolve, reject);
          }),
        );
        next.set(dataset, version);
      }
      return version;
    },
    close: () => reader.close(),
  };
}

interface Slot {
  version: number | undefined;
  replies: LruMap<string, Promise<CachedReply>>;
}

const emptySlot = (version: number | undefined): Slot => ({
  version,
  replies: new LruMap(MAX_REPLIES_PER_DATASET),
});

export interface ReadCache {
  /**
   * The reply kept for `key` at the dataset's current version, or `load`'s, kept for the next request. Requests
   * that miss together share one load.
   */
  reply(dataset: Dataset, key: string, load: () => Promise<string>): Promise<CachedReply>;
  close(): void;
}

export function createReadCache(options: {
  db: Kysely<Database>;
  dialect: Dialect;
  databaseUrl: string;
  pool?: pg.Pool;
}): ReadCache {
  const versions = oneReadPerTurn(
    options.dialect === 'postgres' && options.pool
      ? postgresVersions(options.pool)
      : options.databaseUrl === ':memory:'
        ? queuedVersions(options.db)
        : sqliteVersions(options.databaseUrl),
  );
  const slots = new Map<Dataset, Slot>(DATASETS.map((dataset) => [dataset, emptySlot(undefined)]));
  return {
    async reply(dataset, key, load) {
      const version = await versions.read(dataset);
      // No version row (never after migration 0005): nothing can be known to be current, so nothing is kept.
      if (version === undefined) return new CachedReply(await load());
      let slot = slots.get(dataset)!;
      // Any other version, newer or (a request that read it before a write) older, starts afresh: what is kept
      // always belongs to the version the slot names.
      if (slot.version !== version) {
        slot = emptySlot(version);
        slots.set(dataset, slot);
      }
      let reply = slot.replies.get(key);
      if (!reply) {
        const loading = load().then((body) => new CachedReply(body));
        const { replies } = slot;
        replies.set(key, loading);
        // A failed load is not kept: the next request tries again.
        loading.catch(() => {
          if (replies.get(key) === loading) replies.delete(key);
        });
        reply = loading;
      }
      return reply;
    },
    close: () => versions.close(),
  };
}

/** Whether If-None-Match names this ETag (weak comparison, RFC 9110 §13.1.2). */
function notModified(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.slice(2);
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/** The content coding @fastify/compress would pick for this request (the same negotiation), if any. */
function acceptedEncoding(request: FastifyRequest): Encoding | undefined {
  const accepted = request.headers['accept-encoding'];
  if (typeof accepted !== 'string' || request.headers['x-no-compression'] !== undefined) return undefined;
  const encoding = negotiate(accepted.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), ENCODINGS);
  return encoding === 'br' || encoding === 'gzip' ? encoding : undefined;
}

/** Sends a kept reply: 304 when the browser has it, else its JSON, compressed once if the browser takes it. */
export function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedReply): FastifyReply {
  reply.header('ETag', cached.etag);
  if (cached.compressible) reply.header('Vary', 'Accept-Encoding');
  if (notModified(request.headers['if-none-match'], cached.etag)) return reply.code(304).send();
  reply.header('Content-Type', JSON_TYPE);
  const encoding = cached.compressible ? acceptedEncoding(request) : undefined;
  if (!encoding) return reply.send(cached.body);
  // Already encoded: @fastify/compress leaves it as it is.
  return reply.header('Content-Encoding', encoding).send(cached.encodedAs(encoding));
}
