/**
 * A PDF's pages as text, off the request path and the event loop (decision 038): each file is read by pdf.js in a
 * worker thread of its own with a heap cap, and ended when it runs past its time limit, so no file, however
 * damaged or large, can stall or exhaust the server.
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

function runWorker(
  file: string,
  limits: ExtractionLimits,
  signal?: AbortSignal,
): Promise<{ pages?: string[]; error?: string }> {
  return new Promise((resolve) => {
    const worker = new Worker(WORKER, {
      workerData: { file },
      // Not tsx's loader, which would compile pdf.js again in every worker: Node strips this file's types itself.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 16 },
    });
    let settled = false;
    const onAbort = () => finish({ error: 'Aborted' });
    const finish = (result: { pages?: string[]; error?: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // The job's signal lives as long as the job: each file's listener goes with its worker.
      signal?.removeEventListener('abort', onAbort);
      resolve(result);
      void worker.terminate();
    };
    const timer = setTimeout(() => finish({ error: 'TimeLimit' }), limits.timeoutMs);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', finish);
    // ERR_WORKER_OUT_OF_MEMORY when the heap cap is reached.
    worker.on('error', (error: Error & { code?: string }) => finish({ error: error.code ?? error.name }));
    worker.on('exit', () => finish({ error: 'WorkerExited' }));
  });
}

/** The normalised text of each page of `file`, or why it cannot be indexed. */
export async function extractPages(
  file: string,
  limits = EXTRACTION_LIMITS,
  signal?: AbortSignal,
): Promise<Extraction> {
  const { pages, error } = await runWorker(file, limits, signal);
  if (!pages) return { readable: false, reason: error ?? 'Error' };
  const texts = pages.map(normalisePageText);
  if (!hasTextLayer(texts)) return { readable: false, reason: 'NoTextLayer' };
  return { readable: true, pages: texts };
}
