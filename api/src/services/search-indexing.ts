/**
 * The search indexing job (decision 038): in every replica, off the request path, it claims the next current,
 * approved note file or paper without an index row (or whose claim lapsed), reads its pages in a worker thread
 * (search/extract-pages.ts) and stores them, or marks the file unreadable. Files already stored when the index
 * came are found the same way, so a start-up resumes whatever is left. The database's conditional writes decide
 * which replica indexes a file; claims lapse after `leaseMs`, and a file whose claims lapsed `maxAttempts` times is
 * given up. A pass's files are read in one worker, ended with the pass. Stopping ends the worker and gives its
 * claim back.
 */
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { isoAfter, type Clock } from '../lib/clock';
import {
  claimFile,
  dropUnlistedFiles,
  giveUpLapsedFiles,
  markUnreadable,
  nextFileToIndex,
  releaseClaim,
  storePages,
  type IndexableFile,
} from '../repositories/search-index';
import { EXTRACTION_LIMITS, createPageReader, type ExtractionLimits } from '../search/extract-pages';
import { indexedTerms } from '../search/tokens';

export interface SearchIndexingSettings {
  /** How often an idle job looks for new files. */
  pollMs: number;
  /** How long a claim is a replica's: longer than one file's extraction time limit. */
  leaseMs: number;
  maxAttempts: number;
  limits: ExtractionLimits;
}

export const SEARCH_INDEXING: SearchIndexingSettings = {
  pollMs: 1_000,
  leaseMs: 5 * 60_000,
  maxAttempts: 3,
  limits: EXTRACTION_LIMITS,
};

export interface SearchIndexing {
  /** Starts the job (server.ts; tests that want it). */
  start(): void;
  /** Ends the file in hand (its claim given back) and the job; resolves once it stopped. */
  stop(): Promise<void>;
}

export interface SearchIndexingOptions {
  db: Kysely<Database>;
  clock: Clock;
  filesDir: string;
  log: FastifyBaseLogger;
  settings?: SearchIndexingSettings;
}

export function createSearchIndexing({
  db,
  clock,
  filesDir,
  log,
  settings = SEARCH_INDEXING,
}: SearchIndexingOptions): SearchIndexing {
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  // One worker reads the files of a pass (a backfill, approvals close together); it ends when the pass does.
  const reader = createPageReader(settings.limits);

  async function indexFile(file: IndexableFile, leaseUntil: string): Promise<void> {
    const extraction = await reader.read(
      path.join(filesDir, path.basename(file.storage_name)),
      stopping.signal,
    );
    const now = clock().toISOString();
    if (stopping.signal.aborted) return releaseClaim(db, file.id, leaseUntil);
    if (!extraction.readable) {
      log.info({ file: file.id, reason: extraction.reason }, 'Search: file unreadable, not indexed');
      return markUnreadable(db, file.id, extraction.reason, { now, leaseUntil });
    }
    const pages = extraction.pages.map((text) => ({ text, terms: indexedTerms(text) }));
    if (!(await storePages(db, file.id, pages, { now, leaseUntil }))) {
      log.warn(
        { file: file.id },
        'Search: the claim lapsed before the pages were stored; another replica has it',
      );
    }
  }

  /** Indexes files until none waits, then drops what students no longer see. */
  async function pass(): Promise<void> {
    while (!stopping.signal.aborted) {
      const now = clock().toISOString();
      await giveUpLapsedFiles(db, now, settings.maxAttempts);
      const file = await nextFileToIndex(db, now, settings.maxAttempts);
      if (!file) break;
      const leaseUntil = isoAfter(clock, settings.leaseMs);
      if (await claimFile(db, file, { now, leaseUntil, maxAttempts: settings.maxAttempts })) {
        await indexFile(file, leaseUntil);
      }
    }
    if (!stopping.signal.aborted) await dropUnlistedFiles(db);
  }

  function schedule(delayMs: number): void {
    timer = setTimeout(() => {
      running = pass()
        .catch((error: unknown) => log.error({ err: error }, 'Search indexing pass failed'))
        .finally(() => {
          reader.close();
          if (!stopping.signal.aborted) schedule(settings.pollMs);
        });
    }, delayMs);
  }

  return {
    start: () => {
      if (timer === undefined && !stopping.signal.aborted) schedule(0);
    },
    stop: async () => {
      stopping.abort();
      clearTimeout(timer);
      await running;
    },
  };
}
