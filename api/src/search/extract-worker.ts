/**
 * Runs in a worker thread (search/extract-pages.ts): reads the PDFs it is sent, one at a time, with pdf.js's Node
 * build, given its cMaps and standard fonts so CJK text and fonts the file does not embed decode, and answers each
 * page's raw text. A page that cannot be read answers '' and the others still count; a file pdf.js refuses
 * (damaged, encrypted) answers the error's name. Node strips this file's types itself: it imports nothing of ours.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

interface ExtractRequest {
  file: string;
}

const pdfjs = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

async function pageTexts(file: string): Promise<string[]> {
  const document = await getDocument({
    data: new Uint8Array(await readFile(file)),
    cMapUrl: `${pdfjs}/cmaps/`,
    cMapPacked: true,
    standardFontDataUrl: `${pdfjs}/standard_fonts/`,
    isEvalSupported: false,
    useWasm: false,
    verbosity: 0,
  }).promise;
  const pages: string[] = [];
  try {
    for (let number = 1; number <= document.numPages; number += 1) {
      try {
        const page = await document.getPage(number);
        const content = await page.getTextContent();
        pages.push(
          content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''),
        );
        page.cleanup();
      } catch {
        pages.push('');
      }
    }
  } finally {
    await document.destroy();
  }
  return pages;
}

parentPort?.on('message', async ({ file }: ExtractRequest) => {
  try {
    parentPort?.postMessage({ pages: await pageTexts(file) });
  } catch (error) {
    parentPort?.postMessage({ error: error instanceof Error ? error.name : 'Error' });
  }
});
