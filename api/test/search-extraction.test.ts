/**
 * The search's PDF reading (decision 038, docs/security.md item 59): a worker thread ended at a file's time limit
 * or its heap cap, answering why a file is unreadable instead of failing, and kept for the next file otherwise;
 * real-world PDFs from the reader's fixtures. No database.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { EXTRACTION_LIMITS, createPageReader, extractPages } from '../src/search/extract-pages';

const REAL_PDFS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../shared/test/fixtures/pdf',
);
const real = (name: string) => path.join(REAL_PDFS, name);
const CJK_PAGES = { readable: true, pages: ['Unit 3 - CJK notes\n日本語のノート'] };

describe('reading a PDF in a worker thread', () => {
  it('answers the text of each page, normalised, with the CJK text its cMaps decode', async () => {
    expect(await extractPages(real('cjk-unembedded.pdf'))).toEqual(CJK_PAGES);
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

  it('one reader reads file after file, each answered as its own, and a file that ended its worker does not fail the next', async () => {
    const reader = createPageReader();
    try {
      // Asked together, read one at a time: no answer goes to another file.
      const together = await Promise.all([
        reader.read(real('encrypted.pdf')),
        reader.read(real('cjk-unembedded.pdf')),
        reader.read(real('truncated.pdf')),
      ]);
      expect(together).toEqual([
        { readable: false, reason: 'PasswordException' },
        CJK_PAGES,
        { readable: false, reason: 'InvalidPDFException' },
      ]);
      const stopping = new AbortController();
      const aborted = reader.read(real('jbig2.pdf'), stopping.signal);
      stopping.abort();
      expect(await aborted).toEqual({ readable: false, reason: 'Aborted' });
      expect(await reader.read(real('cjk-unembedded.pdf'))).toEqual(CJK_PAGES);
    } finally {
      reader.close();
    }
  });
});
