/**
 * A PDF's pages as text, off the request path and the event loop (decision 038): files are read by pdf.js in a
 * worker thread with a heap cap, ended when a file runs past its time limit, so no file, however damaged or
 * large, can stall or exhaust the server.
 */
import { Worker } from 'node:worker_threads';
import { hasTextLayer, normalisePageText } from './page-text';

export interface ExtractionLimits {
  /** The worker's heap cap (V8 old generation), in MB. */
  heapMb: number;
  /** How long one file may take, in ms. */
  timeoutMs: number;
}

export const EXTRACTION_LIMITS: ExtractionLimits = { heapMb: 256, timeoutMs: 60_000 };

export type Extraction = { readable: true; pages: string[] } | { readable: false; reason: string };

// Beside this module under tsx and Jest; beside the compiled server in api/dist (tooling/src/build/server-bundle.ts).
const WORKER = new URL(
  import.meta.url.endsWith('.ts') ? './extract-worker.ts' : './extract-worker.js',
  import.meta.url,
);

/** Files one worker reads before another replaces it, so whatever pdf.js keeps between documents cannot pile up. */
const FILES_PER_WORKER = 20;

type WorkerReply = { pages?: string[]; error?: string };

export interface PageReader {
  /** The normalised text of each page of `file`, or why it cannot be indexed; reads run one at a time. */
  read(file: string, signal?: AbortSignal): Promise<Extraction>;
  /** Ends the worker; a later read starts another. */
  close(): void;
}

/**
 * Reads files in one worker, kept between files (starting pdf.js in a new worker takes about a second, longer
 * than a short file's pages), and replaced after any file that failed it: past its time limit, out of its heap,
 * aborted or crashed.
 */
export function createPageReader(limits: ExtractionLimits = EXTRACTION_LIMITS): PageReader {
  let worker: Worker | undefined;
  let filesRead = 0;
  let queue: Promise<unknown> = Promise.resolve();

  const end = () => {
    void worker?.terminate();
    worker = undefined;
  };

  function ready(): Worker {
    if (!worker || filesRead >= FILES_PER_WORKER) {
      end();
      worker = new Worker(WORKER, {
        // Not tsx's loader, which would compile pdf.js again in every worker: Node strips this file's types itself.
        execArgv: [],
        resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 16 },
      });
      // An idle worker never keeps the process alive; a read in progress does, by its timer.
      worker.unref();
      filesRead = 0;
    }
    filesRead += 1;
    return worker;
  }

  function ask(file: string, signal?: AbortSignal): Promise<WorkerReply> {
    const current = ready();
    return new Promise((resolve) => {
      let settled = false;
      const finish = (result: WorkerReply, workerStillGood: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        // The job's signal lives as long as the job: each file's listener goes with its read.
        signal?.removeEventListener('abort', onAbort);
        current.off('message', onMessage).off('error', onError).off('exit', onExit);
        if (!workerStillGood) {
          void current.terminate();
          if (worker === current) worker = undefined;
        }
        resolve(result);
      };
      const onMessage = (result: WorkerReply) => finish(result, true);
      // ERR_WORKER_OUT_OF_MEMORY when the heap cap is reached.
      const onError = (error: Error & { code?: string }) =>
        finish({ error: error.code ?? error.name }, false);
      const onExit = () => finish({ error: 'WorkerExited' }, false);
      const onAbort = () => finish({ error: 'Aborted' }, false);
      const timer = setTimeout(() => finish({ error: 'TimeLimit' }, false), limits.timeoutMs);
      current.on('message', onMessage).on('error', onError).on('exit', onExit);
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      current.postMessage({ file });
    });
  }

  return {
    read(file, signal) {
      const reading = queue.then(async (): Promise<Extraction> => {
        const { pages, error } = await ask(file, signal);
        if (!pages) return { readable: false, reason: error ?? 'Error' };
        const texts = pages.map(normalisePageText);
        if (!hasTextLayer(texts)) return { readable: false, reason: 'NoTextLayer' };
        return { readable: true, pages: texts };
      });
      queue = reading.catch(() => undefined);
      return reading;
    },
    close: end,
  };
}

/** One file in a worker of its own, ended after it. */
export async function extractPages(
  file: string,
  limits = EXTRACTION_LIMITS,
  signal?: AbortSignal,
): Promise<Extraction> {
  const reader = createPageReader(limits);
  try {
    return await reader.read(file, signal);
  } finally {
    reader.close();
  }
}
