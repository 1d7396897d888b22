/**
 * Reads a PDF with pdf.js's Node build the way the reader asks for it (cMaps, standard fonts, the JavaScript
 * JPEG 2000 decoder, no eval, no wasm) and prints what it found as JSON: the text of each page, whether each
 * page's images decoded with some non-white pixels, or why pdf.js refused the file or a page.
 * Usage: node read-pdf.mjs <file> [--no-data | --stored]   (--no-data: without the data folders, as the reader was
 * before; --stored: by range requests answered from a Blob, as the reader reads a copy saved for offline)
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument, OPS, PDFDataRangeTransport } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { answerRangesFrom } from '../src/reader/stored-ranges.ts';

const [file, flag] = process.argv.slice(2);
const pdfjs = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const data =
  flag === '--no-data'
    ? {}
    : {
        cMapUrl: `${pdfjs}/cmaps/`,
        cMapPacked: true,
        standardFontDataUrl: `${pdfjs}/standard_fonts/`,
        wasmUrl: `${pdfjs}/wasm/`,
      };

/** The file as bytes, or through a range transport over a Blob that counts the bytes it hands out. */
function sourceOf(bytes) {
  if (flag !== '--stored') return { data: bytes };
  const stored = new Blob([bytes]);
  const transport = new PDFDataRangeTransport(stored.size, null);
  const answer = answerRangesFrom(stored, {
    onDataRange(begin, chunk) {
      result.rangeBytes += chunk.length;
      transport.onDataRange(begin, chunk);
    },
  });
  transport.requestDataRange = (begin, end) => void answer(begin, end);
  return { range: transport, length: stored.size, disableAutoFetch: true, rangeChunkSize: 65536 };
}

const result = { pages: [], rangeBytes: 0 };
try {
  const document = await getDocument({
    ...sourceOf(new Uint8Array(readFileSync(file))),
    isEvalSupported: false,
    useWasm: false,
    verbosity: 0,
    ...data,
  }).promise;
  for (let number = 1; number <= document.numPages; number += 1) {
    try {
      const page = await document.getPage(number);
      const text = (await page.getTextContent()).items.map((item) => item.str).join('');
      const operators = await page.getOperatorList();
      const images = [];
      for (const [index, fn] of operators.fnArray.entries()) {
        if (fn !== OPS.paintImageXObject) continue;
        const id = operators.argsArray[index][0];
        const objects = id.startsWith('g_') ? page.commonObjs : page.objs;
        const image = await new Promise((resolve) => objects.get(id, resolve));
        // RGB or RGBA bytes: count pixels whose red is not near white.
        const step = image.data.length / (image.width * image.height);
        let inked = 0;
        for (let at = 0; at < image.data.length; at += step) if (image.data[at] < 200) inked += 1;
        images.push({ width: image.width, height: image.height, inked });
      }
      result.pages.push({ text, images });
    } catch (error) {
      result.pages.push({ error: error.name, message: error.message });
    }
  }
} catch (error) {
  result.error = error.name;
}
console.log(JSON.stringify(result));
