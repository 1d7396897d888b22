/**
 * The search's PDF reading (decision 038, docs/security.md item 59): a worker thread per file, ended at its time
 * limit or its heap cap, answering why a file is unreadable instead of failing; real-world PDFs from the reader's
 * fixtures. No database.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { EXTRACTION_LIMITS, extractPages } from '../src/search/extract-pages';

const REAL_PDFS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../shared/test/fixtures/pdf',
);
const real = (name: string) => path.join(REAL_PDFS, name);

describe('reading a PDF in a worker thread', () => {
  it('answers the text of each page, normalised, with the CJK text its cMaps decode', async () => {
    expect(await extractPages(real('cjk-unembedded.pdf'))).toEqual({
      readable: true,
      pages: ['Unit 3 - CJK notes\n日本語のノート'],
    });
  });

  it('a worker past its time limit is ended and the file is unreadable', async () => {
    const limits = { ...EXTRACTION_LIMITS, timeoutMs: 1 };
    expect(await extractPages(real('cjk-unembedded.pdf'), limits)).toEqual({
      readable: false,
      reason: 'TimeLimit',
    });
  });

  it('a worker past its heap cap is ended and the file is unreadable', async () => {
    // Too small for pdf.js itself (a cap too small for V8 to start at all would end the whole process).
    const limits = { ...EXTRACTION_LIMITS, heapMb: 8 };
    expect(await extractPages(real('cjk-unembedded.pdf'), limits)).toEqual({
      readable: false,
      reason: 'ERR_WORKER_OUT_OF_MEMORY',
    });
  });

  it('stopping ends the worker at once', async () => {
    const stopping = new AbortController();
    const reading = extractPages(real('jbig2.pdf'), EXTRACTION_LIMITS, stopping.signal);
    stopping.abort();
    expect(await reading).toEqual({ readable: false, reason: 'Aborted' });
  });
});
